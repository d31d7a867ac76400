/**
 * Who may set up a unit's records (devices placed on it, its POS installation, its menu and
 * discounts): organization setup, or unit setup of that unit (a manager of one hotel sets up that
 * hotel and what sits below it). The same rule as a hotel's records (server/services/hotels.ts).
 */
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES, type Grants } from '../../src/domain/index';
import type { Executor } from '../db/client';
import { organizationalUnits } from '../db/schema';
import { HttpError, notFound } from '../http-error';
import type { AuthorizeContext } from '../resources/define-resource';
import { UUID } from '../resources/define-resource';
import { unitScope } from '../resources/scopes';
import { hotelSetupRule } from './hotels';

/** Which units of the organization the caller may set up (null: directly under the organization, i.e. organization setup). */
export const unitSetupRuleOf = hotelSetupRule;

/** Organization setup, or unit setup of this unit. */
export async function maySetUpUnit(grants: Grants, orgUuid: string, ouUuid: string | null, executor: Executor): Promise<boolean> {
  return (await hotelSetupRule(grants, orgUuid, executor))(ouUuid);
}

/** The authorization rule of the resources under '/…/:org/…/:ou/…' (defineResource with unitScope). */
export const authorizeUnit = (grants: Grants, ou: string, { params, db }: AuthorizeContext) => maySetUpUnit(grants, params.org ?? '', ou, db);

/** A unit and its organization, by the unit's uuid alone (routes whose path names only the unit); null when unknown. */
export async function unitByUuid(executor: Executor, ou: string): Promise<{ uuid: string; orgUuid: string } | null> {
  const ouUuid = ou.toLowerCase();
  if (!UUID.test(ouUuid)) return null;
  const [found] = await executor.select({ uuid: organizationalUnits.uuid, orgUuid: organizationalUnits.orgUuid }).from(organizationalUnits).where(eq(organizationalUnits.uuid, ouUuid));
  return found ?? null;
}

/** 403 unless the caller may set up the unit (or its organization), then 404 unless it is a unit of the organization. */
export async function findUnit(executor: Executor, grants: Grants, org: string, ou: string): Promise<{ orgUuid: string; ouUuid: string }> {
  const orgUuid = org.toLowerCase();
  const ouUuid = ou.toLowerCase();
  if (!UUID.test(orgUuid) || !(await maySetUpUnit(grants, orgUuid, UUID.test(ouUuid) ? ouUuid : null, executor))) throw HttpError.of(403, ERROR_CODES.forbidden, unitScope.forbidden);
  if (!UUID.test(ouUuid)) throw notFound(unitScope.notFound);
  const [found] = await executor
    .select({ uuid: organizationalUnits.uuid })
    .from(organizationalUnits)
    .where(and(eq(organizationalUnits.uuid, ouUuid), eq(organizationalUnits.orgUuid, orgUuid)));
  if (!found) throw notFound(unitScope.notFound);
  return { orgUuid, ouUuid };
}

/** Serializes the writes of one unit's records (their checks read the unit's other records). */
export async function lockUnit(tx: Executor, ouUuid: string): Promise<void> {
  await tx.select({ uuid: organizationalUnits.uuid }).from(organizationalUnits).where(eq(organizationalUnits.uuid, ouUuid)).for('no key update');
}
