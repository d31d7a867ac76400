/**
 * What the venue and revenue center screens read beside the units (spec section 2, "Venue create
 * wizard", "Venue edit screen"): the organization with its own attributes, the units with the
 * operator's queued changes, what a unit inherits (resolved in this browser, so a unit created
 * offline and not at the gateway yet inherits too), and the image upload of the settings' image fields.
 */
import { useMemo } from 'react';
import {
  resolveUnitAttributes,
  unitSetupRule,
  type AttributeKey,
  type AttributeTree,
  type EffectiveAttributes,
  type OrganizationDetail,
  type ResolvedAttribute,
  type TreeOrganization,
  type TreeUnit,
} from '../../../domain';
import { useProfile } from '../../../api/profile';
import { useOrganizationDetail, useUnitRows, type UnitRow } from './units';

/** The units list of the organization (the app's route, spec section 2). */
export const unitListRoute = (org: string) => `/organization/${org}/ous`;

/** What a new unit placed under a parent (null: the organization) inherits, per key: the value and who sets it. */
export type InheritedValues = Partial<Record<AttributeKey, ResolvedAttribute>>;

/** A uuid no unit has: the place of the unit being created, in the tree resolved for it. */
const NEW_UNIT = 'new-unit';

function treeOf(detail: OrganizationDetail, rows: AttributeTree['units']): AttributeTree {
  return { uuid: detail.uuid, name: detail.name, attributes: detail.attributes, units: rows };
}

/**
 * What a unit placed under `parentUuid` inherits: resolved over the organization and the units as
 * shown (queued changes applied), so a parent created offline passes on what it sets. Without the
 * organization (it could not be read), the parent's effective values as the gateway answered them.
 */
export function inheritedUnder(detail: OrganizationDetail | undefined, rows: readonly UnitRow[], parentUuid: string | null): InheritedValues {
  if (detail) {
    const newUnit: TreeUnit = { uuid: NEW_UNIT, parentUuid, name: '', attributes: {} };
    const tree = treeOf(detail, [...rows, newUnit]);
    return (resolveUnitAttributes(tree, NEW_UNIT) ?? {}) as InheritedValues;
  }
  const parent = parentUuid === null ? undefined : rows.find((row) => row.uuid === parentUuid);
  const values: InheritedValues = {};
  for (const [key, entry] of Object.entries(parent?.effective ?? {}) as [AttributeKey, ResolvedAttribute | undefined][]) {
    if (entry) values[key] = { value: entry.value, source: 'inherited', fromUuid: entry.fromUuid, fromName: entry.fromName };
  }
  return values;
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
