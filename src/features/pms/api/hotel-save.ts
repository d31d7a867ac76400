/**
 * The hotel wizard's one save (spec sections 4 "Save diffs" and 7 "Hotel save"): the operator's
 * hotel — its unit, PMS hotel definition, packages, rate codes and access-control services — is
 * compared in the worker with what the gateway has, and the whole diff is one outbox entry, PUT
 * /organization/{org}/hotel/{hotel}/save, applied once in one transaction. A hotel made offline
 * with everything it owns is that one queued change.
 */
import { z } from 'zod';
import { cutHotelName, HOTEL_SAVE_KIND, regionalAttributes, type Attributes, type HotelSave, type RegionalOwn } from '../../../domain';
import { changedFields, type ChangeSummary, type HotelSaveBaseline } from '../../../domain/change-summary';
import { t } from '../../../i18n';
import { enqueue, type OutboxEntry } from '../../../offline';
import { diffHotelInWorker } from '../../../offline/worker-jobs';
import { roomAccessFields, type RoomAccessValues } from '../components/room-access-fields';
import type { AccessServiceItem, RateCodeItem } from '../components/hotel-items';
import type { PackageItem } from '../components/packages-section';
import { hotelPath, type HotelScope } from './hotel-resources';

/** What the wizard edits: the hotel and everything it owns, as the operator sees it. */
export interface HotelForm {
  name: string;
  parentUuid: string | null;
  propertyId: string;
  pmsConnectionUuid: string | null;
  notificationEmails: string[];
  roomAccess: RoomAccessValues;
  definitionName: string;
  /** the PMS hotel definition's uuid: its own, or one made for a new definition */
  definitionUuid: string;
  packages: PackageItem[];
  rateCodes: RateCodeItem[];
  accessServices: AccessServiceItem[];
  /** the uuids the gateway has (as loaded, or as the last queued save leaves them): what the diff deletes from */
  base: { packages: string[]; rateCodes: string[]; accessControls: string[] };
  /** a new hotel's own regional values (spec section 2: its regional stage); absent when editing, where the unit settings set them */
  regional?: RegionalOwn;
}

const roomAccessSchema = z.object({
  isManualRoomEntryEnabled: z.boolean(),
  isRoomCardReadingEnabled: z.boolean(),
  cardType: z.enum(['MICROS', 'MIFARE_CLASSIC']).nullable(),
  magneticCardTrack: z.number(),
  contactlessCardSector: z.number(),
  accessKey: z.enum(['INDEX', 'PASSWORD']),
  contactlessCardKeyId: z.number(),
  contactlessCardPassword: z.string(),
});

/** A stored wizard draft must still fit this (one from an older version is dropped). */
export const hotelFormSchema = z.object({
  name: z.string(),
  parentUuid: z.string().nullable(),
  propertyId: z.string(),
  pmsConnectionUuid: z.string().nullable(),
  notificationEmails: z.array(z.string()),
  roomAccess: roomAccessSchema,
  definitionName: z.string(),
  definitionUuid: z.string(),
  packages: z.array(
    z.object({ localId: z.string(), uuid: z.string().nullable(), externalId: z.string(), calculationRule: z.enum(['ADULT', 'CHILDREN', 'PERSON']), deleted: z.boolean(), pending: z.boolean().optional() }),
  ),
  rateCodes: z.array(z.object({ localId: z.string(), uuid: z.string().nullable(), name: z.string(), packages: z.array(z.string()), version: z.number().optional() })),
  accessServices: z.array(
    z.object({
      localId: z.string(),
      uuid: z.string().nullable(),
      name: z.string(),
      hotelsAndPackages: z.array(z.object({ hotelDefinitionUuid: z.string(), pmsPackageUuid: z.string() })),
      defaultHotelUuid: z.string().nullable(),
      idMethods: z.array(z.enum(['Insert', 'MSR', 'Contactless'])),
      version: z.number().optional(),
    }),
  ),
  base: z.object({ packages: z.array(z.string()), rateCodes: z.array(z.string()), accessControls: z.array(z.string()) }),
  regional: z.object({ LOCALE: z.string().nullable().optional(), CURRENCY: z.string().nullable().optional(), TIME_ZONE: z.string().nullable().optional() }).optional(),
}) satisfies z.ZodType<HotelForm>;

/** The unit attributes the wizard writes; the hotel's other own attributes are kept as they are. */
export function hotelAttributes(form: HotelForm, own: Attributes): Attributes {
  const attributes: Attributes = { ...own, NAME: cutHotelName(form.name) };
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') delete attributes[key];
    else attributes[key] = value;
  };
  set('PMS_PROPERTY_ID', form.propertyId.trim());
  set('PMS_CONNECTION', form.pmsConnectionUuid);
  set('PMS_NOTIFICATION_EMAILS', form.notificationEmails.length > 0 ? JSON.stringify(form.notificationEmails) : null);
  // a new hotel's regional values that differ from what it inherits; the rest stays inherited
  Object.assign(attributes, regionalAttributes(form.regional ?? {}));
  return attributes;
}

export interface BuiltHotelSave {
  body: HotelSave;
  /** the form as it is once this save is applied: new items with their uuids, removed packages gone */
  saved: HotelForm;
  /** what the save carries, for the Sync page: the hotel's fields it changes, the items it adds, changes and removes */
  summary: ChangeSummary;
}

/** The hotel's own fields a save may change, in the wizard's order (record-labels.ts names them). */
export const HOTEL_SUMMARY_FIELDS = ['name', 'propertyId', 'pmsConnectionUuid', 'notificationEmails', 'roomAccess', 'definitionName'] as const satisfies readonly (keyof HotelForm)[];

/** The hotel's fields `form` changes against `baseline` (the hotel as the gateway has it, or as the last queued save leaves it). */
export function hotelFieldsChanged(form: HotelForm, baseline: HotelForm): string[] {
  const pick = (value: HotelForm) => Object.fromEntries(HOTEL_SUMMARY_FIELDS.map((key) => [key, key === 'name' ? cutHotelName(value.name) : value[key]]));
  return changedFields(pick(baseline), pick(form));
}

/** The lists of `baseline` as the worker compares the save's items with them. */
function baselineLists(baseline: HotelForm): HotelSaveBaseline {
  return {
    packages: baseline.packages.flatMap((item) => (item.uuid && !item.deleted ? [{ uuid: item.uuid, externalId: item.externalId, calculationRule: item.calculationRule }] : [])),
    rateCodes: baseline.rateCodes.flatMap((code) => (code.uuid ? [{ uuid: code.uuid, name: code.name, packages: code.packages }] : [])),
    accessControls: baseline.accessServices.flatMap((service) =>
      service.uuid ? [{ uuid: service.uuid, name: service.name, hotelsAndPackages: service.hotelsAndPackages, defaultHotelUuid: service.defaultHotelUuid, idMethods: service.idMethods }] : [],
    ),
  };
}

/**
 * The save body of the form, its diff computed in the worker, and the form as the save leaves it.
 * `withDefinition` false leaves the PMS hotel definition out (null: unchanged): only who sets up the
 * organization may write it, and the gateway refuses the whole save of anyone else who sends one.
 * `baseline` (edit mode) is the hotel as the gateway has it or as the last queued save leaves it:
 * the summary says what changes against it; without one (a new hotel) every item is added.
 */
export async function buildHotelSave(form: HotelForm, hotelUuid: string, ownAttributes: Attributes, withDefinition = true, baseline?: HotelForm): Promise<BuiltHotelSave> {
  const diff = await diffHotelInWorker({
    hotelDefinitionUuid: form.definitionUuid,
    packages: form.packages.map((item) => ({ uuid: item.uuid, localId: item.localId, name: item.externalId, externalId: item.externalId, calculationRule: item.calculationRule, deleted: item.deleted })),
    rateCodes: form.rateCodes.map((code) => ({ uuid: code.uuid, localId: code.localId, name: code.name, externalId: code.name, hotelUuid, packages: code.packages })),
    accessControls: form.accessServices.map((service) => ({
      uuid: service.uuid,
      localId: service.localId,
      name: service.name,
      hotelsAndPackages: service.hotelsAndPackages,
      ...(service.defaultHotelUuid ? { defaultHotelUuid: service.defaultHotelUuid } : {}),
      idMethods: service.idMethods,
    })),
    server: {
      packages: form.base.packages.map((uuid) => ({ uuid })),
      rateCodes: form.base.rateCodes.map((uuid) => ({ uuid })),
      accessControls: form.base.accessControls.map((uuid) => ({ uuid })),
    },
  }, baseline ? baselineLists(baseline) : undefined);
  const packageOf = ({ uuid, externalId, calculationRule }: { uuid: string; externalId: string; calculationRule: PackageItem['calculationRule'] }) => ({ uuid, externalId, calculationRule });
  const rateCodeOf = ({ uuid, name, packages }: { uuid: string; name: string; packages: string[] }) => ({ uuid, name, packages });
  const serviceOf = (service: { uuid: string; name: string; hotelsAndPackages: { hotelDefinitionUuid: string; pmsPackageUuid: string }[]; defaultHotelUuid?: string; idMethods?: AccessServiceItem['idMethods'] }) => ({
    uuid: service.uuid,
    name: service.name,
    hotelsAndPackages: service.hotelsAndPackages.map(({ hotelDefinitionUuid, pmsPackageUuid }) => ({ hotelDefinitionUuid, pmsPackageUuid })),
    defaultHotelUuid: service.defaultHotelUuid ?? null,
    idMethods: service.idMethods ?? [],
  });
  const body: HotelSave = {
    hotel: { parentUuid: form.parentUuid, attributes: hotelAttributes(form, ownAttributes) },
    hotelDefinition: withDefinition
      ? {
          uuid: form.definitionUuid,
          name: cutHotelName(form.definitionName) || cutHotelName(form.name),
          externalId: form.propertyId.trim(),
          pmsConnectionUuid: form.pmsConnectionUuid,
          hotelUuid,
          ...roomAccessFields(form.roomAccess),
        }
      : null,
    packages: { newPackages: diff.packages.newPackages.map(packageOf), updatedPackages: diff.packages.updatedPackages.map(packageOf), deletedPackages: diff.packages.deletedPackages },
    rateCodes: { newRateCodes: diff.rateCodes.newRateCodes.map(rateCodeOf), updatedRateCodes: diff.rateCodes.updatedRateCodes.map(rateCodeOf), deletedRateCodes: diff.rateCodes.deletedRateCodes },
    accessControls: {
      newAccessControl: diff.accessControls.newAccessControl.map(serviceOf),
      updatedAccessControl: diff.accessControls.updatedAccessControl.map(serviceOf),
      deletedAccessControl: diff.accessControls.deletedAccessControl,
    },
  };
  const generated = diff.generatedUuids;
  const packages = form.packages.filter((item) => !item.deleted).map((item) => ({ ...item, uuid: item.uuid || generated.packages[item.localId] || null, pending: false }));
  const rateCodes = form.rateCodes.map((code) => ({ ...code, uuid: code.uuid || generated.rateCodes[code.localId] || null }));
  const accessServices = form.accessServices.map((service) => ({ ...service, uuid: service.uuid || generated.accessControls[service.localId] || null }));
  const uuids = (items: readonly { uuid: string | null }[]) => items.flatMap((item) => (item.uuid ? [item.uuid] : []));
  const saved: HotelForm = { ...form, packages, rateCodes, accessServices, base: { packages: uuids(packages), rateCodes: uuids(rateCodes), accessControls: uuids(accessServices) } };
  const summary: ChangeSummary = { items: diff.summary, fields: baseline ? hotelFieldsChanged(form, baseline) : [] };
  return { body, saved, summary };
}

/** A save of the hotel's name alone (edit mode, on blur), as the Sync page describes it. */
export const NAME_ONLY_SUMMARY: ChangeSummary = { items: [], fields: ['name'] };

/** Queue the save: over the hotel's version when it exists (null: the save creates it), with what it carries. */
export function queueHotelSave(scope: HotelScope, userUuid: string, version: number | null, body: HotelSave, name: string, summary: ChangeSummary | null = null): Promise<OutboxEntry> {
  return enqueue({
    method: 'PUT',
    path: `${hotelPath(scope)}/save`,
    body,
    ifMatch: version,
    userUuid,
    orgUuid: scope.org,
    label: t(version === null ? 'hotelWizard.label.create' : 'hotelWizard.label.save', { name }),
    recordUuid: scope.hotel,
    collection: HOTEL_SAVE_KIND,
    summary,
  });
}
