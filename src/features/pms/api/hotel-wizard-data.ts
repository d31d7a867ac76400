/**
 * What the hotel wizard reads (spec section 7: "other loads are dispatched on screen entry"): the
 * organization's units (the hotel, where it sits, the other hotels), its PMS connections and hotel
 * definitions, and the hotel's packages, rate codes and access-control services; for access
 * services, the packages of the organization's other hotels.
 */
import { useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { canSetupHotelDefinitions, type HotelDefinition, type Unit } from '../../../domain';
import { parseAnswer, request, useSession } from '../../../api';
export { prefetchHotelWizard, useOrganizationUnits } from './hotel-wizard-prefetch';
import { useProfile } from '../../../api/profile';
import { ROOM_ACCESS_BLANK, roomAccessOf } from '../components/room-access-fields';
import type { AccessServiceItem, HotelPackages, RateCodeItem } from '../components/hotel-items';
import type { PackageItem } from '../components/packages-section';
import type { HotelForm } from './hotel-save';
import { accessControls, hotelDefinitions, hotelScopeOf, pmsPackages, rateCodes } from './hotel-resources';
import { usePmsConnectionRows } from './pms-connections';
import { useOrganizationUnits } from './hotel-wizard-prefetch';
import { useMappedInSlices, useSameList } from '../../../ui';
import { sameValue } from '../../../offline';

function emailsOf(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** A new hotel's form: the name and place it was given, room access off, its regional values inherited, nothing else yet. */
export function newHotelForm(name: string, parentUuid: string | null): HotelForm {
  return {
    name,
    parentUuid,
    propertyId: '',
    pmsConnectionUuid: null,
    notificationEmails: [],
    roomAccess: ROOM_ACCESS_BLANK,
    definitionName: name,
    definitionUuid: crypto.randomUUID(),
    packages: [],
    rateCodes: [],
    accessServices: [],
    base: { packages: [], rateCodes: [], accessControls: [] },
    regional: {},
  };
}

type ReadPackage = { uuid: string; externalId: string; calculationRule: PackageItem['calculationRule'] };
type ReadRateCode = { uuid: string; name: string; packages: string[]; version: number };
type ReadService = { uuid: string; name: string; hotelsAndPackages: { hotelDefinitionUuid: string; pmsPackageUuid: string }[]; defaultHotelUuid: string | null; idMethods: AccessServiceItem['idMethods']; version: number };

/** A hotel's lists as the wizard edits them, each item made from its read alone. */
const packageItemOf = (item: ReadPackage): PackageItem => ({ localId: item.uuid, uuid: item.uuid, externalId: item.externalId, calculationRule: item.calculationRule, deleted: false });
// the read's package list is shared, not copied: nothing edits an item's list in place (an edit
// makes a new item), and 100,000 copies are garbage the page pauses to collect
const rateCodeItemOf = (code: ReadRateCode): RateCodeItem => ({ localId: code.uuid, uuid: code.uuid, name: code.name, packages: code.packages });
const serviceItemOf = (service: ReadService): AccessServiceItem => ({
  localId: service.uuid,
  uuid: service.uuid,
  name: service.name,
  hotelsAndPackages: service.hotelsAndPackages.map(({ hotelDefinitionUuid, pmsPackageUuid }) => ({ hotelDefinitionUuid, pmsPackageUuid })),
  defaultHotelUuid: service.defaultHotelUuid,
  idMethods: [...service.idMethods],
});
const uuidsOf = (list: readonly { uuid: string }[]) => list.map((item) => item.uuid);

/** The lists of a hotel form, made apart from the rest of it (useHotelLists keeps each as long as its read). */
type HotelLists = Pick<HotelForm, 'packages' | 'rateCodes' | 'accessServices' | 'base'>;

/** An existing hotel as the wizard shows it, over its lists. Saved items are named by their uuid (their localId). */
function hotelFormOver(hotel: Unit, definition: HotelDefinition | null, lists: HotelLists, newDefinitionUuid: string = crypto.randomUUID()): HotelForm {
  const attributes = hotel.attributes;
  return {
    name: hotel.name,
    parentUuid: hotel.parentUuid,
    propertyId: definition?.externalId || attributes.PMS_PROPERTY_ID || '',
    pmsConnectionUuid: definition?.pmsConnectionUuid ?? attributes.PMS_CONNECTION ?? null,
    notificationEmails: emailsOf(attributes.PMS_NOTIFICATION_EMAILS),
    roomAccess: definition ? roomAccessOf(definition) : ROOM_ACCESS_BLANK,
    definitionName: definition?.name ?? hotel.name,
    definitionUuid: definition?.uuid ?? newDefinitionUuid,
    ...lists,
  };
}

/** An existing hotel as the wizard shows it. Saved items are named by their uuid (their localId). */
export function hotelFormOf(hotel: Unit, definition: HotelDefinition | null, packages: readonly ReadPackage[], codes: readonly ReadRateCode[], services: readonly ReadService[]): HotelForm {
  return hotelFormOver(hotel, definition, {
    packages: packages.map(packageItemOf),
    rateCodes: codes.map(rateCodeItemOf),
    accessServices: services.map(serviceItemOf),
    base: { packages: uuidsOf(packages), rateCodes: uuidsOf(codes), accessControls: uuidsOf(services) },
  });
}

/** A list not read (yet, or at all: who may not read it). */
const NONE: readonly never[] = [];
/**
 * The lists of a hotel form before they are read: one value, so a draft made meanwhile names them as
 * the hotel's (not copied), and the wizard takes the read lists in their place when they arrive.
 */
const LISTS_NOT_READ: HotelLists = { packages: [], rateCodes: [], accessServices: [], base: { packages: [], rateCodes: [], accessControls: [] } };

/**
 * The lists of the form, each made again only when its own read changes: a list of 100,000 rate
 * codes read once is the same array whatever else is read again (the services after an import),
 * so the wizard and its draft see at once that it did not change, without comparing it item by item.
 * A big list is made in slices (no long task); until it is, the lists made before are kept, with
 * the reads they were made from (`of`). Undefined until a list of this hotel is made.
 */
function useHotelLists(
  hotel: string,
  packages: readonly ReadPackage[] | undefined,
  codes: readonly ReadRateCode[] | undefined,
  services: readonly ReadService[] | undefined,
): { lists: HotelLists; of: { packages: readonly ReadPackage[]; codes: readonly ReadRateCode[]; services: readonly ReadService[] } } | undefined {
  const packageItems = useMappedInSlices(packages ?? NONE, packageItemOf, hotel, sameValue);
  const codeItems = useMappedInSlices(codes ?? NONE, rateCodeItemOf, hotel, sameValue);
  const serviceItems = useMappedInSlices(services ?? NONE, serviceItemOf, hotel, sameValue);
  // the same uuids read again are the same array (an import keeps every code's uuid it matches)
  const packageUuids = useSameList(useMemo(() => uuidsOf(packageItems?.of ?? NONE), [packageItems]));
  const codeUuids = useSameList(useMemo(() => uuidsOf(codeItems?.of ?? NONE), [codeItems]));
  const serviceUuids = useSameList(useMemo(() => uuidsOf(serviceItems?.of ?? NONE), [serviceItems]));
  return useMemo(() => {
    if (packageItems === undefined || codeItems === undefined || serviceItems === undefined) return undefined;
    return {
      lists: { packages: packageItems.items, rateCodes: codeItems.items, accessServices: serviceItems.items, base: { packages: packageUuids, rateCodes: codeUuids, accessControls: serviceUuids } },
      of: { packages: packageItems.of, codes: codeItems.of, services: serviceItems.of },
    };
  }, [packageItems, codeItems, serviceItems, packageUuids, codeUuids, serviceUuids]);
}

/**
 * The uuid of the hotel's PMS hotel definition as its access services name it (an entry holding
 * one of the hotel's own packages): how who may not read the definitions still names the hotel.
 */
export function definitionUuidOfServices(
  packages: readonly { uuid: string }[],
  services: readonly { hotelsAndPackages: readonly { hotelDefinitionUuid: string; pmsPackageUuid: string }[] }[],
): string | null {
  const own = new Set(packages.map((item) => item.uuid));
  for (const service of services) for (const entry of service.hotelsAndPackages) if (own.has(entry.pmsPackageUuid)) return entry.hotelDefinitionUuid;
  return null;
}

/**
 * Everything the wizard of `hotel` (null: a new hotel) reads, and whether it is all there. The
 * organization's PMS connections and hotel definitions are read only by who may set the
 * organization up (spec section 6; the gateway refuses anyone else): for a user who sets up the
 * hotel alone they are not asked for, and the wizard does without them (`readsDefinitions` false).
 */
export function useHotelWizardData(org: string, hotel: string | null) {
  const units = useOrganizationUnits(org);
  const grants = useProfile();
  const readsDefinitions = grants.data !== undefined && canSetupHotelDefinitions(grants.data, org);
  const connections = usePmsConnectionRows(org, readsDefinitions);
  const definitions = hotelDefinitions.useRows(org, readsDefinitions);
  const scope = hotelScopeOf(org, hotel ?? '');
  // the hotel's lists (100,000 items on a big hotel) are asked for once its settings are read (or
  // could not be): the units name the hotel, the connections and definitions fill its steps, so the
  // heading and steps show first, not after the lists on a busy gateway
  const settled = (read: { rows: unknown; query: { error: unknown } }) => read.rows !== null || read.query.error !== null;
  const settingsSettled = readsDefinitions ? settled(connections) && settled(definitions) : grants.data !== undefined || grants.error !== null;
  const listsWanted = hotel !== null && units.data !== undefined && settingsSettled;
  const packages = pmsPackages.useList(scope, listsWanted);
  const codes = rateCodes.useList(scope, listsWanted);
  const services = accessControls.useList(scope, listsWanted);
  const session = useSession();

  const record = useMemo(() => (hotel === null ? null : (units.data?.find((unit) => unit.uuid === hotel) ?? null)), [units.data, hotel]);
  const definition = useMemo(() => (hotel === null ? null : (definitions.rows?.find((row) => row.hotelUuid === hotel && row.removal === null) ?? null)), [definitions.rows, hotel]);
  // the other hotels with a PMS hotel definition: an access service may open their packages too
  const others = useMemo(
    () => (definitions.rows ?? []).filter((row) => row.hotelUuid !== null && row.hotelUuid !== hotel && row.removal === null && units.data?.some((unit) => unit.uuid === row.hotelUuid)),
    [definitions.rows, hotel, units.data],
  );
  const otherPackages = useQueries({
    queries: others.map((row) => {
      const otherScope = hotelScopeOf(org, row.hotelUuid ?? '');
      return {
        queryKey: pmsPackages.keys.list(session?.uuid ?? null, otherScope),
        queryFn: async ({ signal }: { signal: AbortSignal }) => parseAnswer(pmsPackages.declaration.list, await request(pmsPackages.path(otherScope), { signal })).data,
        enabled: session !== null,
      };
    }),
  });
  const otherHotels = useMemo<HotelPackages[]>(
    () =>
      others.map((row, index) => ({
        definitionUuid: row.uuid,
        name: units.data?.find((unit) => unit.uuid === row.hotelUuid)?.name ?? row.name,
        packages: (otherPackages[index]?.data ?? []).map((item) => ({ localId: item.uuid, externalId: item.externalId })),
        current: false,
        hotelUuid: row.hotelUuid ?? undefined,
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- useQueries gives a new array each render; its data are what count
    [others, units.data, ...otherPackages.map((query) => query.data)],
  );

  // the rate codes and access services that could not be read: their tables say so (spec section 8), the rest of the wizard works
  const codesError = hotel === null ? null : codes.error;
  const servicesError = hotel === null ? null : services.error;
  const lists = hotel === null ? [] : [packages, ...(codesError ? [] : [codes]), ...(servicesError ? [] : [services])];
  const error = units.error ?? grants.error ?? connections.query.error ?? definitions.query.error ?? lists.find((query) => query.error)?.error ?? null;
  // without the right to read them, the connections and definitions are none: known once the grants are
  const pmsRead = readsDefinitions ? connections.rows !== null && definitions.rows !== null : grants.data !== undefined;
  const made = useHotelLists(hotel ?? '', packages.data, codes.data, services.data);
  // every list wanted is made from a read (a list read again shows as it was until it is made again)
  const listsMade = made !== undefined && (hotel === null || (made.of.packages !== NONE && (codesError !== null || made.of.codes !== NONE) && (servicesError !== null || made.of.services !== NONE)));
  const ready = units.data !== undefined && pmsRead && listsMade;
  // the hotel's own settings are all there: the wizard's steps show, its lists follow as they arrive
  const settingsRead = units.data !== undefined && pmsRead;
  // a hotel without a PMS hotel definition gets one of this uuid, the same in every form made of its reads
  const [newDefinitionUuid] = useState(() => crypto.randomUUID());
  const form = useMemo(
    () => {
      if (!settingsRead || !record || hotel === null) return null;
      if (!listsMade || made === undefined) return hotelFormOver(record, definition, LISTS_NOT_READ, newDefinitionUuid);
      const form = hotelFormOver(record, definition, made.lists, newDefinitionUuid);
      if (definition !== null) return form;
      // not read (or none yet): the definition the hotel's access services name, when they name one
      const named = definitionUuidOfServices(made.of.packages, made.of.services);
      return named === null ? form : { ...form, definitionUuid: named };
    },
    // the form is made again only when what it shows was read again
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [settingsRead, listsMade, record, definition, made],
  );
  return { units: units.data ?? null, record, connections: connections.rows ?? [], definition, form, listsRead: listsMade, otherHotels, ready, error, readsDefinitions, codesError, servicesError };
}
