/**
 * The hotel's PMS records as client resources (spec section 7, "PMS"; docs/architecture.md
 * "Resources"): PMS hotel definitions under the organization; packages, rate codes and
 * access-control services under a hotel. Each is a declaration on the shared pattern; lists show
 * the operator's queued changes and writes go through the outbox.
 */
import {
  ACCESS_CONTROL_KIND,
  accessControlListResponseSchema,
  accessControlSchema,
  HOTEL_DEFINITION_KIND,
  hotelDefinitionListResponseSchema,
  hotelDefinitionSchema,
  PMS_PACKAGE_KIND,
  pmsPackageListResponseSchema,
  pmsPackageSchema,
  RATE_CODE_KIND,
  rateCodeListResponseSchema,
  rateCodeSchema,
  type AccessControlInput,
  type AccessControlService,
  type HotelDefinition,
  type HotelDefinitionInput,
  type PmsPackage,
  type PmsPackageInput,
  type RateCode,
  type RateCodeInput,
} from '../../../domain';
import { changeLabels } from '../../../ui';
import { defineClientResource, type ResourceRow } from '../../../offline/resource';
import { hotelDefinitionsListPath } from './paths';
import { compareNumbered, compareText } from '../../../domain/text-order';

/** A hotel of an organization: where its packages, rate codes and access services are. */
export interface HotelScope {
  org: string;
  hotel: string;
  [key: string]: string;
}
export const hotelScopeOf = (org: string, hotel: string): HotelScope => ({ org, hotel });
export const hotelPath = ({ org, hotel }: HotelScope) => `/organization/${org}/hotel/${hotel}`;

const byName = <T extends { name: string; uuid: string }>(a: T, b: T) => compareText(a.name, b.name) || a.uuid.localeCompare(b.uuid);

/** What the hotel definition form edits: every field of spec section 3 (the gateway normalises). */
export type HotelDefinitionFormInput = Required<Omit<HotelDefinitionInput, 'hotelUuid'>> & { hotelUuid: string | null };

export const hotelDefinitionInputOf = (definition: HotelDefinition): HotelDefinitionFormInput => ({
  name: definition.name,
  externalId: definition.externalId,
  pmsConnectionUuid: definition.pmsConnectionUuid,
  hotelUuid: definition.hotelUuid,
  isManualRoomEntryEnabled: definition.isManualRoomEntryEnabled,
  isRoomCardReadingEnabled: definition.isRoomCardReadingEnabled,
  magneticCardTrack: definition.magneticCardTrack,
  magneticCardType: definition.magneticCardType,
  contactlessCardType: definition.contactlessCardType,
  contactlessCardSector: definition.contactlessCardSector,
  contactlessCardPassword: definition.contactlessCardPassword,
  contactlessCardKeyId: definition.contactlessCardKeyId,
});

/** PMS hotel definitions of an organization (the PMS page). */
export const hotelDefinitions = defineClientResource<HotelDefinition, HotelDefinitionFormInput>({
  kind: HOTEL_DEFINITION_KIND,
  queryKey: 'hotel-definitions',
  path: hotelDefinitionsListPath,
  record: hotelDefinitionSchema,
  list: hotelDefinitionListResponseSchema,
  inputOf: hotelDefinitionInputOf,
  blank: (org) => ({
    orgUuid: org,
    hotelUuid: null,
    name: '',
    externalId: '',
    pmsConnectionUuid: null,
    isManualRoomEntryEnabled: false,
    isRoomCardReadingEnabled: false,
    magneticCardTrack: null,
    magneticCardType: null,
    contactlessCardType: null,
    contactlessCardSector: null,
    contactlessCardPassword: null,
    contactlessCardKeyId: null,
  }),
  compare: byName,
  labels: changeLabels('hotelDefinition', ({ name }: { name: string }) => ({ name })),
});
export type HotelDefinitionRow = ResourceRow<HotelDefinition>;

/** What the package form edits. */
export type PmsPackageFormInput = Required<PmsPackageInput>;

/** A hotel's PMS packages (Room Packages); removed ones are flagged at the gateway and left out of the list. */
export const pmsPackages = defineClientResource<PmsPackage, PmsPackageFormInput, HotelScope>({
  kind: PMS_PACKAGE_KIND,
  queryKey: 'pms-packages',
  path: (scope) => `${hotelPath(scope)}/pms-package`,
  record: pmsPackageSchema,
  list: pmsPackageListResponseSchema,
  // a big hotel's lists are read in the worker (10,000s of records)
  listInWorker: 'pms-packages',
  inputOf: ({ externalId, calculationRule }) => ({ externalId, calculationRule }),
  blank: ({ org, hotel }) => ({ orgUuid: org, hotelUuid: hotel, name: '', externalId: '', calculationRule: 'ADULT', deleted: false }),
  // the name is the package ID (spec section 3)
  merge: (record, body) => ({ ...record, ...body, name: body.externalId ?? record.name }),
  compare: (a, b) => compareNumbered(a.externalId, b.externalId) || a.uuid.localeCompare(b.uuid),
  labels: changeLabels('packages', ({ externalId }: { externalId: string }) => ({ id: externalId })),
});
export type PmsPackageRow = ResourceRow<PmsPackage>;

export type RateCodeFormInput = Required<RateCodeInput>;

/** A hotel's rate codes; each names its packages by uuid. */
export const rateCodes = defineClientResource<RateCode, RateCodeFormInput, HotelScope>({
  kind: RATE_CODE_KIND,
  queryKey: 'rate-codes',
  path: (scope) => `${hotelPath(scope)}/pms-rate-code`,
  record: rateCodeSchema,
  list: rateCodeListResponseSchema,
  listInWorker: 'rate-codes',
  inputOf: ({ name, packages }) => ({ name, packages }),
  blank: ({ org, hotel }) => ({ orgUuid: org, hotelUuid: hotel, name: '', externalId: '', packages: [] }),
  merge: (record, body) => ({ ...record, ...body, externalId: body.name ?? record.externalId }),
  compare: byName,
  labels: changeLabels('rateCodes', ({ name }: { name: string }) => ({ name })),
});
export type RateCodeRow = ResourceRow<RateCode>;

export type AccessControlFormInput = Required<AccessControlInput>;

/** A hotel's access-control services (package access). */
export const accessControls = defineClientResource<AccessControlService, AccessControlFormInput, HotelScope>({
  kind: ACCESS_CONTROL_KIND,
  queryKey: 'access-controls',
  path: (scope) => `${hotelPath(scope)}/access-control-service`,
  record: accessControlSchema,
  list: accessControlListResponseSchema,
  listInWorker: 'access-controls',
  inputOf: ({ name, hotelsAndPackages, defaultHotelUuid, idMethods }) => ({
    name,
    hotelsAndPackages: hotelsAndPackages.map(({ hotelDefinitionUuid, pmsPackageUuid }) => ({ hotelDefinitionUuid, pmsPackageUuid })),
    defaultHotelUuid,
    idMethods,
  }),
  blank: ({ org, hotel }) => ({ orgUuid: org, hotelUuid: hotel, name: '', defaultHotelUuid: null, idMethods: [], hotelsAndPackages: [] }),
  merge: (record, body) => ({
    ...record,
    ...body,
    hotelsAndPackages: body.hotelsAndPackages ? body.hotelsAndPackages.map((entry) => ({ ...entry, name: null })) : record.hotelsAndPackages,
  }),
  compare: byName,
  labels: changeLabels('accessControl', ({ name }: { name: string }) => ({ name })),
});
export type AccessControlRow = ResourceRow<AccessControlService>;
