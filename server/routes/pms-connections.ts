/**
 * PMS connections of an organization (spec section 7 "PMS"): list, read, create, update, delete
 * under /organization/{org}/pms-connection, from one resource declaration (server/resources).
 * Every request is authorized with the domain's organization-setup rule. A name is unique in its
 * organization, case and surrounding spaces ignored (isPmsConnectionNameTaken): the check runs in
 * the write's transaction under the organization's row lock, so two writes never both pass it.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  canSetupOrganization,
  isPmsConnectionNameTaken,
  PMS_CONNECTION_MESSAGES,
  pmsConnectionCreateSchema,
  pmsConnectionInputSchema,
  pmsConnectionListResponseSchema,
  pmsConnectionInUseMessage,
  pmsConnectionNameKey,
  pmsConnectionSchema,
  PMS_CONNECTION_KIND,
} from '../../src/domain/index';
import { hotelDefinitions, organizationalUnits, pmsConnections } from '../db/schema';
import { caseIgnoredName } from '../resources/batch-rules';
import { defineResource } from '../resources/define-resource';
import { organizationScope } from '../resources/scopes';
import { compareText } from '../../src/domain/text-order';

export const pmsConnectionResource = defineResource({
  path: '/organization/:org/pms-connection',
  kind: PMS_CONNECTION_KIND,
  parent: organizationScope,
  table: pmsConnections,
  parentKey: 'orgUuid',
  schemas: { record: pmsConnectionSchema, create: pmsConnectionCreateSchema, update: pmsConnectionInputSchema, list: pmsConnectionListResponseSchema },
  authorize: canSetupOrganization,
  toRecord: ({ uuid, orgUuid, name, type, host, port, version }) => ({ uuid, orgUuid, name, type, host, port, version }),
  compare: (a, b) => compareText(a.name, b.name) || a.uuid.localeCompare(b.uuid),
  async validate(tx, { parent }, input, { uuid, before }) {
    // a connection keeps its name, even one it shares from before the rule: only a new name is checked
    if (before && pmsConnectionNameKey(input.name) === pmsConnectionNameKey(before.name)) return [];
    // only the names that may match are read: for an ASCII name, those whose lower case contains it
    // (the database's lower case agrees with the rule's on ASCII) and those with other characters
    const key = pmsConnectionNameKey(input.name);
    const candidates = /^[\x20-\x7e]*$/.test(key)
      ? sql`(lower(${pmsConnections.name}) like ${`%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or ${pmsConnections.name} ~ '[^\x20-\x7e]')`
      : sql`true`;
    const others = await tx.select({ uuid: pmsConnections.uuid, name: pmsConnections.name }).from(pmsConnections).where(and(eq(pmsConnections.orgUuid, parent), candidates));
    // 422, like the other field refusals the outbox returns to their form (a 409 would read as an edit conflict)
    return isPmsConnectionNameTaken(input.name, others, uuid) ? [{ field: 'name', message: PMS_CONNECTION_MESSAGES.nameTaken }] : [];
  },
  batch: { uniqueKey: caseIgnoredName(pmsConnections.name, pmsConnectionNameKey) },
  async refuseRemoval(tx, row) {
    // a hotel pointing at a removed connection could post nothing: name them, the operator moves them first
    const byDefinition = await tx
      .select({ name: sql<string>`coalesce(${organizationalUnits.name}, ${hotelDefinitions.name})` })
      .from(hotelDefinitions)
      .leftJoin(organizationalUnits, eq(organizationalUnits.uuid, hotelDefinitions.hotelUuid))
      .where(eq(hotelDefinitions.pmsConnectionUuid, row.uuid));
    const bySetting = await tx
      .select({ name: organizationalUnits.name })
      .from(organizationalUnits)
      .where(and(eq(organizationalUnits.orgUuid, row.orgUuid), sql`${organizationalUnits.attributes}->>'PMS_CONNECTION' = ${row.uuid}`));
    const names = [...new Set([...byDefinition, ...bySetting].map(({ name }) => name))].sort((a, b) => compareText(a, b));
    return names.length === 0 ? null : pmsConnectionInUseMessage(names);
  },
  messages: {
    notFound: 'PMS connection not found',
    uuidTaken: 'This uuid cannot be used. Create the connection with a new uuid.',
    nilUuid: PMS_CONNECTION_MESSAGES.nilUuid,
  },
  docs: {
    tag: 'pms',
    list: {
      summary: 'PMS connections of an organization, sorted by name',
      description: 'Needs organization setup (SETUP_ORG and a MANAGEMENT membership of the organization, or omnipresence).',
    },
    get: { summary: 'One PMS connection' },
    create: {
      summary: 'Create a PMS connection',
      description: 'A name another connection of the organization has (case ignored) answers 422 `validation` on `name`.',
    },
    update: {
      summary: 'Update a PMS connection',
      description: 'A new name another connection of the organization has (case ignored) answers 422 `validation` on `name`; keeping its own name is always allowed.',
    },
    delete: { summary: 'Delete a PMS connection', description: 'A connection a hotel uses (its hotel definition or its PMS_CONNECTION setting) is refused with 409 `in_use` naming the hotels.' },
  },
});

export const pmsConnectionRoutes = pmsConnectionResource.routes;
