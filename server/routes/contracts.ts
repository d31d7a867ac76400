/**
 * Customer contracts of an organization (spec section 7: /organization/{uuid}/contract[/{id}]),
 * from one resource declaration: organization setup reads and writes them; a reference is unique
 * in its organization (case and surrounding spaces ignored), checked under the organization's lock.
 */
import { eq } from 'drizzle-orm';
import {
  canSetupOrganization,
  CONTRACT_MESSAGES,
  contractCreateSchema,
  contractInputSchema,
  contractListResponseSchema,
  contractReferenceKey,
  contractSchema,
  CONTRACT_KIND,
} from '../../src/domain/index';
import { contracts } from '../db/schema';
import { defineResource } from '../resources/define-resource';
import { organizationScope } from '../resources/scopes';

export const contractResource = defineResource({
  path: '/organization/:org/contract',
  kind: CONTRACT_KIND,
  parent: organizationScope,
  table: contracts,
  parentKey: 'orgUuid',
  schemas: { record: contractSchema, create: contractCreateSchema, update: contractInputSchema, list: contractListResponseSchema },
  authorize: canSetupOrganization,
  toRecord: ({ uuid, orgUuid, reference, startDate, endDate, plan, status, notes, version }) => ({ uuid, orgUuid, reference, startDate, endDate, plan, status, notes, version }),
  // the newest contract first
  compare: (a, b) => b.startDate.localeCompare(a.startDate) || a.reference.localeCompare(b.reference),
  async validate(tx, { parent }, input, { uuid }) {
    const others = await tx.select({ uuid: contracts.uuid, reference: contracts.reference }).from(contracts).where(eq(contracts.orgUuid, parent));
    const key = contractReferenceKey(input.reference);
    const taken = others.some((other) => other.uuid !== uuid && contractReferenceKey(other.reference) === key);
    return taken ? [{ field: 'reference', message: CONTRACT_MESSAGES.referenceTaken }] : [];
  },
  messages: { notFound: CONTRACT_MESSAGES.notFound, uuidTaken: CONTRACT_MESSAGES.uuidTaken, nilUuid: CONTRACT_MESSAGES.nilUuid },
  docs: {
    tag: 'organization',
    list: { summary: 'Contracts of an organization, the newest first', description: 'Needs organization setup.' },
    get: { summary: 'One contract' },
    create: { summary: 'Create a contract', description: 'A reference another contract of the organization has answers 422 on `reference`; an end date before the start date answers 400 on `endDate`.' },
    update: { summary: 'Update a contract' },
    delete: { summary: 'Remove a contract' },
  },
});

export const contractRoutes = contractResource.routes;
