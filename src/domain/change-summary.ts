/**
 * What a queued change carries, kept with its outbox entry so the Sync page only reads it: the
 * items a hotel save adds, changes and removes (counts and the first names), and the fields a
 * record's edit changes. Codes and names only, no sentences: the page says it in the interface
 * language (src/offline/describe.ts). Pure: the hotel save's summary is made in the worker beside
 * its diff (lists of 100k items).
 */
import { z } from 'zod';
import type { HotelSaveDiff } from './hotel-save-diff';

export const SUMMARY_LISTS = ['packages', 'rateCodes', 'accessServices'] as const;
export type SummaryList = (typeof SUMMARY_LISTS)[number];
export const SUMMARY_CHANGES = ['added', 'changed', 'removed'] as const;
export type SummaryChange = (typeof SUMMARY_CHANGES)[number];
/** How many names a summary keeps of each set (the count says how many there are). */
export const SUMMARY_NAMES = 3;

export const changeSummarySchema = z.object({
  /** the items of a hotel save's lists, by list and kind of change, in that order; only those that happen */
  items: z.array(
    z.object({
      list: z.enum(SUMMARY_LISTS),
      change: z.enum(SUMMARY_CHANGES),
      count: z.number().int().positive(),
      /** the first SUMMARY_NAMES names (fewer when some are not known, e.g. of a removed item) */
      names: z.array(z.string()).max(SUMMARY_NAMES),
    }),
  ),
  /** the fields the change sets to a new value (the record's or form's keys), in the record's order */
  fields: z.array(z.string()),
});
export type ChangeSummary = z.infer<typeof changeSummarySchema>;
export type SummaryItem = ChangeSummary['items'][number];

/** Deep equality of JSON-like values (key order does not count). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)].filter((key) => left[key] !== undefined || right[key] !== undefined));
  for (const key of keys) if (!sameJson(left[key], right[key])) return false;
  return true;
}

/**
 * The fields of `after` whose value differs from `before`'s, in `after`'s order: what an edit of a
 * record changes. `ignore` lists keys that are no field of the form (uuid, version).
 */
export function changedFields(before: unknown, after: unknown, ignore: readonly string[] = ['uuid', 'version']): string[] {
  if (typeof after !== 'object' || after === null || Array.isArray(after)) return [];
  const old = typeof before === 'object' && before !== null && !Array.isArray(before) ? (before as Record<string, unknown>) : {};
  return Object.entries(after as Record<string, unknown>)
    .filter(([key, value]) => !ignore.includes(key) && value !== undefined && !sameJson(old[key], value))
    .map(([key]) => key);
}

/** The hotel's lists as they were before the save: what "changed" is judged against, and the names of removed items. */
export interface HotelSaveBaseline {
  packages: readonly { uuid: string; externalId: string; calculationRule?: string }[];
  rateCodes: readonly { uuid: string; name: string; packages: readonly string[] }[];
  accessControls: readonly { uuid: string; name: string; hotelsAndPackages?: readonly unknown[]; defaultHotelUuid?: string | null; idMethods?: readonly string[] }[];
}

const sameSet = (a: readonly unknown[] = [], b: readonly unknown[] = []) => a.length === b.length && a.every((item) => b.some((other) => sameJson(item, other)));

/** One set of items: counted, the first names kept. */
function itemOf(list: SummaryList, change: SummaryChange, count: number, names: readonly (string | undefined)[]): SummaryItem | null {
  if (count === 0) return null;
  const known = names.filter((name): name is string => name !== undefined && name !== '').slice(0, SUMMARY_NAMES);
  return { list, change, count, names: known };
}

/**
 * The summary of a hotel save's diff, against the lists as they were (`before`): new items are
 * added, items the diff updates whose values differ are changed (all updated ones are sent, most
 * unchanged), deleted ones removed, named by their package ID or name. Without `before` (a hotel
 * created), every updated item counts as changed.
 */
export function summarizeHotelSave(diff: Pick<HotelSaveDiff, 'packages' | 'rateCodes' | 'accessControls'>, before?: HotelSaveBaseline): ChangeSummary['items'] {
  const items: (SummaryItem | null)[] = [];
  const first = <T>(list: readonly T[], name: (item: T) => string | undefined, keep: (item: T) => boolean = () => true) => {
    const names: (string | undefined)[] = [];
    let count = 0;
    for (const item of list) {
      if (!keep(item)) continue;
      count += 1;
      if (names.length < SUMMARY_NAMES) names.push(name(item));
    }
    return { count, names };
  };
  const byUuid = <T extends { uuid: string }>(list: readonly T[] | undefined) => new Map((list ?? []).map((item) => [item.uuid, item]));

  const packages = byUuid(before?.packages);
  const added = first(diff.packages.newPackages, (item) => item.externalId);
  const changed = first(
    diff.packages.updatedPackages,
    (item) => item.externalId,
    (item) => {
      const old = packages.get(item.uuid);
      return old === undefined || old.externalId !== item.externalId || (old.calculationRule !== undefined && old.calculationRule !== item.calculationRule);
    },
  );
  const removed = first(diff.packages.deletedPackages, (uuid) => packages.get(uuid)?.externalId);
  items.push(itemOf('packages', 'added', added.count, added.names), itemOf('packages', 'changed', changed.count, changed.names), itemOf('packages', 'removed', removed.count, removed.names));

  const codes = byUuid(before?.rateCodes);
  const codesAdded = first(diff.rateCodes.newRateCodes, (code) => code.name);
  const codesChanged = first(
    diff.rateCodes.updatedRateCodes,
    (code) => code.name,
    (code) => {
      const old = codes.get(code.uuid);
      return old === undefined || old.name !== code.name || !sameSet(old.packages, code.packages);
    },
  );
  const codesRemoved = first(diff.rateCodes.deletedRateCodes, (uuid) => codes.get(uuid)?.name);
  items.push(
    itemOf('rateCodes', 'added', codesAdded.count, codesAdded.names),
    itemOf('rateCodes', 'changed', codesChanged.count, codesChanged.names),
    itemOf('rateCodes', 'removed', codesRemoved.count, codesRemoved.names),
  );

  const services = byUuid(before?.accessControls);
  const servicesAdded = first(diff.accessControls.newAccessControl, (service) => service.name);
  const servicesChanged = first(
    diff.accessControls.updatedAccessControl,
    (service) => service.name,
    (service) => {
      const old = services.get(service.uuid);
      if (old === undefined) return true;
      const oldPairs = (old.hotelsAndPackages ?? []).map((pair) => {
        const { hotelDefinitionUuid, pmsPackageUuid } = pair as { hotelDefinitionUuid?: unknown; pmsPackageUuid?: unknown };
        return { hotelDefinitionUuid, pmsPackageUuid };
      });
      const newPairs = service.hotelsAndPackages.map(({ hotelDefinitionUuid, pmsPackageUuid }) => ({ hotelDefinitionUuid, pmsPackageUuid }));
      return (
        old.name !== service.name ||
        !sameSet(oldPairs, newPairs) ||
        (old.defaultHotelUuid ?? null) !== (service.defaultHotelUuid ?? null) ||
        !sameSet(old.idMethods ?? [], service.idMethods ?? [])
      );
    },
  );
  const servicesRemoved = first(diff.accessControls.deletedAccessControl, (uuid) => services.get(uuid)?.name);
  items.push(
    itemOf('accessServices', 'added', servicesAdded.count, servicesAdded.names),
    itemOf('accessServices', 'changed', servicesChanged.count, servicesChanged.names),
    itemOf('accessServices', 'removed', servicesRemoved.count, servicesRemoved.names),
  );
  return items.filter((item): item is SummaryItem => item !== null);
}
