/**
 * The units of an organization whose business data (transactions, access log) the signed-in user
 * may read (spec section 6, "Transactions"), and each unit's effective attributes (its own, else
 * its nearest ancestor's): the interface is shaped by them; the gateway decides again.
 */
import { useMemo } from 'react';
import { canViewTransactions, transactionUnitUuids, type AttributeKey, type Unit } from '../../domain';
import { useProfile } from '../../api/profile';
import { effectiveUnitsPath, useEffectiveUnits } from '../../api/units';

/** Every unit the user sees, with its effective attributes (its own, else inherited, the organization's included). */
export const readableUnitsPath = effectiveUnitsPath;

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
  const units = useEffectiveUnits(org);
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

/**
 * A unit's attribute: its effective value when the gateway gave it (the organization's included),
 * else its own or the nearest ancestor's among `units`; null when none has.
 */
export function unitAttribute(units: readonly Unit[], uuid: string, key: AttributeKey): string | null {
  const byUuid = new Map(units.map((unit) => [unit.uuid, unit]));
  const effective = byUuid.get(uuid)?.effective?.[key]?.value;
  if (effective) return effective;
  const seen = new Set<string>();
  for (let unit = byUuid.get(uuid); unit && !seen.has(unit.uuid); unit = unit.parentUuid ? byUuid.get(unit.parentUuid) : undefined) {
    seen.add(unit.uuid);
    const value = unit.attributes[key];
    if (value) return value;
  }
  return null;
}

/** The organization's own value of an attribute, as its units inherit it (or would, when they set their own); null when unknown. */
export function organizationAttribute(units: readonly Unit[], key: AttributeKey): string | null {
  for (const unit of units) {
    const value = unit.effective?.[key];
    if (value?.fromUuid === unit.orgUuid) return value.value;
    if (value?.inherited?.fromUuid === unit.orgUuid) return value.inherited.value;
  }
  return null;
}
