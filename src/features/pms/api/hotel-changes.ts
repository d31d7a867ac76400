/**
 * What a hotel save changes, in the operator's words: each package, rate code and access service
 * added, changed or removed, by name, and whether the hotel's own settings changed. The wizard names
 * them after a save ("Package KIDS_SPA added") and marks those rows. Items are matched by localId
 * (a new item's stays its own until the hotel is read again).
 */
import { sameValue } from '../../../offline/form-value';
import { plural, t } from '../../../i18n';
import type { HotelForm } from './hotel-save';

export type HotelChangeKind = 'package' | 'rateCode' | 'service';
export type HotelChangeVerb = 'added' | 'changed' | 'removed';

export interface HotelChange {
  kind: HotelChangeKind;
  name: string;
  change: HotelChangeVerb;
}

export interface HotelChanges {
  items: HotelChange[];
  /** the hotel's own settings (name, PMS posting, room access, hotel definition) changed */
  hotel: boolean;
}

interface Named {
  localId: string;
}

function listChanges<T extends Named>(kind: HotelChangeKind, before: readonly T[], after: readonly T[], nameOf: (item: T) => string, gone: (item: T) => boolean, same: (a: T, b: T) => boolean): HotelChange[] {
  const previous = new Map(before.filter((item) => !gone(item)).map((item) => [item.localId, item]));
  const changes: HotelChange[] = [];
  for (const item of after) {
    const was = previous.get(item.localId);
    previous.delete(item.localId);
    if (gone(item)) {
      if (was) changes.push({ kind, name: nameOf(was), change: 'removed' });
    } else if (!was) changes.push({ kind, name: nameOf(item), change: 'added' });
    else if (!same(was, item)) changes.push({ kind, name: nameOf(item), change: 'changed' });
  }
  for (const was of previous.values()) changes.push({ kind, name: nameOf(was), change: 'removed' });
  return changes;
}

const OWN_FIELDS: readonly (keyof HotelForm)[] = ['name', 'parentUuid', 'propertyId', 'pmsConnectionUuid', 'notificationEmails', 'roomAccess', 'definitionName'];

/** What saving `after` over `before` (the hotel as the gateway has it, or as the last save leaves it) changes. */
export function hotelChanges(before: HotelForm, after: HotelForm): HotelChanges {
  const items = [
    ...listChanges(
      'package',
      before.packages,
      after.packages,
      (item) => item.externalId,
      (item) => item.deleted,
      (a, b) => a.externalId === b.externalId && a.calculationRule === b.calculationRule,
    ),
    ...listChanges(
      'rateCode',
      before.rateCodes,
      after.rateCodes,
      (code) => code.name,
      () => false,
      (a, b) => a.name === b.name && sameValue(a.packages, b.packages),
    ),
    ...listChanges(
      'service',
      before.accessServices,
      after.accessServices,
      (service) => service.name,
      () => false,
      (a, b) => a.name === b.name && sameValue(a.hotelsAndPackages, b.hotelsAndPackages) && a.defaultHotelUuid === b.defaultHotelUuid && sameValue(a.idMethods, b.idMethods),
    ),
  ];
  return { items, hotel: OWN_FIELDS.some((key) => !sameValue(before[key], after[key])) };
}

/** How many changes a notice names before it counts the rest. */
const NAMED = 3;

/** The notice's words: "Package KIDS_SPA added", "Rate code RACK changed, Package SPA removed and 2 more changes", else "Hotel Harbour View saved". */
export function describeHotelChanges(changes: HotelChanges, hotelName: string): string {
  const named = changes.items.slice(0, NAMED).map((item) => t(`hotelSave.${item.kind}.${item.change}`, { name: item.name }));
  if (named.length === 0) return t('hotelSave.hotel', { name: hotelName });
  const rest = changes.items.length - named.length + (changes.hotel ? 1 : 0);
  const list = named.join(', ');
  return rest > 0 ? t('hotelSave.more', { list, more: plural('hotelSave.moreCount', rest) }) : list;
}
