/**
 * Where a unit may sit in its organization's tree (spec sections 2 and 3: a new unit is given a
 * type, a name and a placement). The spec gives no words for these refusals; these are Lobby's.
 */
import type { UnitType } from './constants';

export const PLACEMENT_MESSAGES = {
  cycle: 'A unit cannot be placed under itself or under a unit below it',
  revenueCenterParent: 'A revenue center must be placed under a venue or a hotel',
  parentMissing: 'The parent unit does not belong to this organization',
  hasChildren: 'This unit cannot be removed while other units are placed under it: move or remove them first',
} as const;
export type PlacementMessage = (typeof PLACEMENT_MESSAGES)[keyof typeof PLACEMENT_MESSAGES];

/** A unit as the placement rules see it. */
export interface PlacedUnit {
  uuid: string;
  type: UnitType;
  /** null: directly under the organization */
  parentUuid: string | null;
}

/** Parent types a unit of each type may sit under; null is the organization itself. */
const ALLOWED_PARENTS: Record<UnitType, readonly (UnitType | null)[]> = {
  HOTEL: [null, 'HOTEL', 'VENUE', 'REVENUE_CENTER'],
  VENUE: [null, 'HOTEL', 'VENUE', 'REVENUE_CENTER'],
  REVENUE_CENTER: ['VENUE', 'HOTEL'],
};

/** Whether `candidate` is `ancestor` or sits somewhere below it (a cycle in stored data ends the walk). */
export function isSameOrBelow(units: readonly PlacedUnit[], candidate: string, ancestor: string): boolean {
  const byUuid = new Map(units.map((unit) => [unit.uuid, unit]));
  const seen = new Set<string>();
  for (let current: string | null = candidate; current !== null && !seen.has(current); current = byUuid.get(current)?.parentUuid ?? null) {
    if (current === ancestor) return true;
    seen.add(current);
  }
  return false;
}

/** The uuids of every unit below `uuid`, at any depth. */
export function descendantsOf(units: readonly PlacedUnit[], uuid: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const unit of units) {
    if (unit.parentUuid === null) continue;
    const siblings = children.get(unit.parentUuid);
    if (siblings) siblings.push(unit.uuid);
    else children.set(unit.parentUuid, [unit.uuid]);
  }
  const found = new Set<string>();
  const queue = [...(children.get(uuid) ?? [])];
  for (let index = 0; index < queue.length; index += 1) {
    const next = queue[index] as string;
    if (found.has(next) || next === uuid) continue;
    found.add(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/**
 * What is wrong with placing a unit (a new one: no uuid; or a unit being moved) of `type` under
 * `parentUuid` (null: the organization), or null: the parent must be a unit of the organization,
 * never the unit itself or one below it, and a revenue center sits under a venue or a hotel.
 */
export function placementProblem(units: readonly PlacedUnit[], placement: { uuid?: string | null; type: UnitType; parentUuid: string | null }): PlacementMessage | null {
  const parent = placement.parentUuid === null ? null : units.find((unit) => unit.uuid === placement.parentUuid);
  if (parent === undefined) return PLACEMENT_MESSAGES.parentMissing;
  if (parent && placement.uuid && isSameOrBelow(units, parent.uuid, placement.uuid)) return PLACEMENT_MESSAGES.cycle;
  if (!ALLOWED_PARENTS[placement.type].includes(parent?.type ?? null)) return PLACEMENT_MESSAGES.revenueCenterParent;
  return null;
}

/** The parents a unit of `type` may be placed under (the unit itself and those below it left out). */
export function allowedParents<Unit extends PlacedUnit>(units: readonly Unit[], type: UnitType, uuid: string | null = null): Unit[] {
  return units.filter((unit) => placementProblem(units, { uuid, type, parentUuid: unit.uuid }) === null);
}

/** Whether the organization itself may hold a unit of `type` directly (not a revenue center). */
export function maySitUnderOrganization(type: UnitType): boolean {
  return ALLOWED_PARENTS[type].includes(null);
}

/** What stops removing a unit, or null: a unit with units under it cannot be removed. */
export function removalProblem(units: readonly PlacedUnit[], uuid: string): PlacementMessage | null {
  return units.some((unit) => unit.parentUuid === uuid && unit.uuid !== uuid) ? PLACEMENT_MESSAGES.hasChildren : null;
}
