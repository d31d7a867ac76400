/**
 * The units of an organization whose business data (transactions, access log) the signed-in user
 * may read (spec section 6, "Transactions"), and each unit's effective attributes (its own, else
 * its nearest ancestor's): the interface is shaped by them; the gateway decides again.
 */
import { useMemo } from 'react';
import { canViewTransactions, transactionUnitUuids, type Unit } from '../../domain';
import { useProfile } from '../../api/profile';
import { useOrganizationUnits } from '../../api/units';

export interface ReadableUnits {
  /** undefined until the profile and the units are read */
  allowed: boolean | undefined;
  /** the readable units, by name */
  units: Unit[];
  /** every unit of the organization the user sees (for attributes inherited from a parent) */
  all: Unit[];
  error: unknown;
}

export function useReadableUnits(org: string): ReadableUnits {
  const profile = useProfile();
  const units = useOrganizationUnits(org);
  return useMemo(() => {
    const error = profile.error ?? units.error ?? null;
    const all = units.data ?? [];
    if (!profile.data || !units.data) return { allowed: undefined, units: [], all, error };
    const tree = { uuid: org, ous: units.data };
    if (!canViewTransactions(profile.data, tree, [tree])) return { allowed: false, units: [], all, error };
    const readable = transactionUnitUuids(profile.data, [tree]);
    return { allowed: true, units: units.data.filter((unit) => readable.has(unit.uuid)), all, error };
  }, [profile.data, profile.error, units.data, units.error, org]);
}

/** A unit's attribute, its own or inherited from the nearest ancestor that has it; null when none has. */
export function unitAttribute(units: readonly Unit[], uuid: string, key: string): string | null {
  const byUuid = new Map(units.map((unit) => [unit.uuid, unit]));
  const seen = new Set<string>();
  for (let unit = byUuid.get(uuid); unit && !seen.has(unit.uuid); unit = unit.parentUuid ? byUuid.get(unit.parentUuid) : undefined) {
    seen.add(unit.uuid);
    const value = unit.attributes[key];
    if (value) return value;
  }
  return null;
}
