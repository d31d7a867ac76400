/**
 * What the venue and revenue center screens read beside the units (spec section 2, "Venue create
 * wizard", "Venue edit screen"): the organization with its own attributes, the units with the
 * operator's queued changes, a unit's effective values (resolved in this browser, so a unit created
 * offline and not at the gateway yet inherits too; a new unit's: inheritedUnder in src/domain), and the image upload of the settings' image fields.
 */
import { useMemo } from 'react';
import {
  resolveUnitAttributes,
  unitSetupRule,
  type AttributeTree,
  type EffectiveAttributes,
  type OrganizationDetail,
  type TreeOrganization,
} from '../../../domain';
import { useProfile } from '../../../api/profile';
import { useOrganizationDetail, useUnitRows, type UnitRow } from './units';

/** The units list of the organization (the app's route, spec section 2). */
export const unitListRoute = (org: string) => `/organization/${org}/ous`;

function treeOf(detail: OrganizationDetail, rows: AttributeTree['units']): AttributeTree {
  return { uuid: detail.uuid, name: detail.name, attributes: detail.attributes, units: rows };
}

/** A unit's effective attributes: resolved here over the units as shown, else as the gateway answered them. */
export function effectiveOf(detail: OrganizationDetail | undefined, rows: readonly UnitRow[], unit: UnitRow): EffectiveAttributes | undefined {
  if (detail) return resolveUnitAttributes(treeOf(detail, rows), unit.uuid) ?? unit.effective;
  return unit.effective;
}

/**
 * The organization and its units for a venue or revenue center screen: ready once both are read;
 * the units on their way out (a queued removal) are left out.
 */
export function useUnitScreenData(org: string) {
  const detail = useOrganizationDetail(org);
  const { query, rows } = useUnitRows(org);
  const live = useMemo(() => rows?.filter((row) => row.removal === null) ?? null, [rows]);
  const ready = live !== null && (detail.isSuccess || detail.isError);
  return { detail: detail.data, rows: live, error: live === null ? query.error : null, ready };
}

/**
 * Where the signed-in user may place or set up a unit in this organization (spec section 6, OU
 * setup): a function of a unit's uuid (null: the organization itself), or null while the profile
 * or the units are not known yet (then everything is offered and the gateway decides).
 */
export function useUnitSetupRights(org: string, rows: readonly Pick<UnitRow, 'uuid' | 'parentUuid'>[] | null | undefined): ((unitUuid: string | null) => boolean) | null {
  const profile = useProfile();
  const grants = profile.data;
  return useMemo(() => {
    if (!grants || !rows) return null;
    const tree: TreeOrganization = { uuid: org, ous: rows.map(({ uuid, parentUuid }) => ({ uuid, parentUuid })) };
    return unitSetupRule(grants, tree, [tree]);
  }, [grants, rows, org]);
}
