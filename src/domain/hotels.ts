/**
 * Hotels and what the PMS needs of them (spec sections 3, 4, 5 and 9): the PMS hotel definition
 * with its room-access configuration, the hotel's PMS packages, rate codes and access-control
 * services, and the one-transaction hotel save. The gateway validates every write with these
 * schemas; the forms use the same rules and messages.
 */
import { z } from 'zod';
import { ACCESS_CONTROL_ID_METHODS, CALCULATION_RULES, type AccessControlIdMethod, type CalculationRule } from './hotel-save-diff';
import { NIL_UUID } from './pms-connection';
import { PMS_ID_MAX, RATE_CODE_MESSAGES, rateCodeIdSchema, rateCodePackagesSchema } from './rate-code-rules';
import { unitInputSchema, unitSchema } from './units';

export { ACCESS_CONTROL_ID_METHODS, CALCULATION_RULES, type AccessControlIdMethod, type CalculationRule };

/** Outbox collections and draft kinds (the Sync page labels their fields by them). */
export const HOTEL_DEFINITION_KIND = 'hotel-definition';
export const PMS_PACKAGE_KIND = 'pms-package';
export const RATE_CODE_KIND = 'rate-code';
export const ACCESS_CONTROL_KIND = 'access-control';
export const HOTEL_SAVE_KIND = 'hotel-save';

/** Spec section 9. */
export const HOTEL_NAME_MAX = 50;
export const MAGNETIC_TRACKS = [1, 2, 3] as const;
export const CONTACTLESS_SECTOR_MIN = 1;
export const CONTACTLESS_SECTOR_MAX = 16;
export const CONTACTLESS_KEY_INDEX_MIN = 0;
export const CONTACTLESS_KEY_INDEX_MAX = 15;
export const CONTACTLESS_PASSWORD_LENGTH = 12;
export const MAGNETIC_CARD_TYPE = 'MICROS';
export const CONTACTLESS_CARD_TYPE = 'MIFARE_CLASSIC';
export const CARD_TYPES = [MAGNETIC_CARD_TYPE, CONTACTLESS_CARD_TYPE] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const CARD_TYPE_LABELS: Record<CardType, string> = { MICROS: 'Magnetic Stripe Reader', MIFARE_CLASSIC: 'MIFARE Classic' };
export const CALCULATION_RULE_LABELS: Record<CalculationRule, string> = { ADULT: 'Adult', CHILDREN: 'Children', PERSON: 'Person/flat rate/room' };
/** Room-access defaults (spec section 5): track 1, sector 1, key index 0, access key Index. */
export const ROOM_ACCESS_DEFAULTS = { track: 1, sector: 1, keyIndex: 0, accessKey: 'INDEX' } as const;
export const ACCESS_KEY_CHOICES = ['INDEX', 'PASSWORD'] as const;
export type AccessKeyChoice = (typeof ACCESS_KEY_CHOICES)[number];
/** Shown per rate code in the table, then a hover list of the rest (spec section 9). */
export const RATE_CODE_PACKAGE_PREVIEW = 6;
export const ACCESS_TABLE_PACKAGES_PER_HOTEL = 4;
export const ACCESS_TABLE_HOTELS = 2;
const EXTERNAL_ID_MAX = PMS_ID_MAX;
const SERVICE_NAME_MAX = 100;

export const HOTEL_MESSAGES = {
  passwordLength: 'It must contain exactly 12 characters.',
  passwordHex: 'Only hexadecimal characters are allowed (0-9, A-F).',
  roomAccessRequired: 'Turn on manual room entry or room card reading',
  trackRange: 'Select a track from 1 to 3',
  sectorRange: 'Select a sector from 1 to 16',
  keyIndexRange: 'Select a key index from 0 to 15',
  definitionNameRequired: 'Name is required',
  externalIdTooLong: `The property ID can have at most ${EXTERNAL_ID_MAX} characters`,
  pmsConnectionMissing: 'This PMS connection does not exist in this organization',
  definitionNotFound: 'PMS hotel definition not found',
  definitionUuidTaken: 'This uuid cannot be used. Create the hotel definition with a new uuid.',
  definitionHotelTaken: 'Another PMS hotel definition belongs to this hotel',
  hotelNotFound: 'Hotel not found',
  nilUuid: 'The nil uuid cannot identify a record: send another uuid, or none',
  // packages (spec sections 2, 4, 5)
  packageIdRequired: 'Enter the package ID',
  packageIdTooLong: `The package ID can have at most ${EXTERNAL_ID_MAX} characters`,
  calculationRuleRequired: 'Select a calculation rule',
  packageIdTaken: 'Another package of this hotel already has this package ID',
  packageNotFound: 'PMS package not found',
  packageUuidTaken: 'This uuid cannot be used. Create the package with a new uuid.',
  packageRemovalWarning: 'This action cannot be undone and will impact Rate Codes and Package Access that include this package',
  // rate codes
  rateCodeIdRequired: RATE_CODE_MESSAGES.idRequired,
  rateCodePackagesRequired: RATE_CODE_MESSAGES.packagesRequired,
  rateCodeMissingPackages:
    'Some packages associated with this Rate Code are not longer available. Please check the configuration and update any missing packages. Missing packages will be deleted on save.',
  rateCodeIdTooLong: RATE_CODE_MESSAGES.idTooLong,
  rateCodeTooManyPackages: RATE_CODE_MESSAGES.tooManyPackages,
  rateCodeIdTaken: 'Another rate code of this hotel already has this ID',
  rateCodePackageUnknown: 'A package of this rate code does not exist in this hotel',
  rateCodeNotFound: 'Rate code not found',
  rateCodeUuidTaken: 'This uuid cannot be used. Create the rate code with a new uuid.',
  rateCodeDeleteFailed: 'An unknown error occurred.',
  rateCodeDeleteFailedCode: 'unknown.error',
  // access control
  accessNameRequired: 'Type an access control name',
  accessNameTooLong: `The name can have at most ${SERVICE_NAME_MAX} characters`,
  accessMissingPackages: 'Some packages associated with this service are not longer available. Please check the configuration and update any missing packages. Missing packages will be deleted on save.',
  accessHotelMissing: 'undefined uuid',
  accessHotelForbidden: 'An access-control service can name the packages of another hotel only when you set up that hotel too',
  accessPackageUnknown: 'A package of this service does not belong to its hotel',
  accessCurrentHotelRequired: 'The current hotel is always included',
  accessDefaultHotel: 'The default hotel must be one of the service’s hotels',
  accessNotFound: 'Access control service not found',
  accessUuidTaken: 'This uuid cannot be used. Create the service with a new uuid.',
  // deletes and the hotel save
  deleteFailed: 'An error occurred',
  hotelRemoveFailedTitle: 'Unable to Remove PMS Connection',
  permissionErrorTitle: 'Permission Error',
  pmsErrorLabel: 'Error Message',
  hotelRequired: 'A new hotel needs its name and where it sits',
  notAHotel: 'This unit is not a hotel',
  itemStale: 'Someone changed this hotel meanwhile: reload it and apply your changes again',
  duplicateItem: 'The same record is sent twice in this save',
} as const;

const uuid = z.string().uuid().toLowerCase();
const clientUuid = uuid.refine((value) => value !== NIL_UUID, HOTEL_MESSAGES.nilUuid).optional();
const version = z.number().int().positive();

/** A contactless password as the operator types it: exactly 12 uppercase hexadecimal characters. */
export function contactlessPasswordProblems(value: string): string[] {
  const problems: string[] = [];
  if (value.length !== CONTACTLESS_PASSWORD_LENGTH) problems.push(HOTEL_MESSAGES.passwordLength);
  if (!/^[0-9A-F]*$/.test(value)) problems.push(HOTEL_MESSAGES.passwordHex);
  return problems;
}

/** The hotel definition name: trimmed and cut to 50 characters (spec section 5). */
export const cutHotelName = (value: string) => value.trim().slice(0, HOTEL_NAME_MAX);

/**
 * The room-access configuration and PMS link of a hotel definition, normalised as spec sections 3
 * and 5 say: the magnetic type is MICROS whenever a track is set; without card reading no card is
 * kept; the contactless password is kept only with Enter Password (then no key index).
 */
export const hotelDefinitionInputSchema = z
  .object({
    name: z
      .string({ error: HOTEL_MESSAGES.definitionNameRequired })
      .transform(cutHotelName)
      .pipe(z.string().min(1, HOTEL_MESSAGES.definitionNameRequired)),
    externalId: z.string().trim().max(EXTERNAL_ID_MAX, HOTEL_MESSAGES.externalIdTooLong).default(''),
    pmsConnectionUuid: uuid.nullable().default(null),
    /** the hotel unit it belongs to; null: not given to a hotel yet */
    hotelUuid: uuid.nullable().default(null),
    isManualRoomEntryEnabled: z.boolean().default(false),
    isRoomCardReadingEnabled: z.boolean().default(false),
    magneticCardTrack: z.number().int().min(1, HOTEL_MESSAGES.trackRange).max(3, HOTEL_MESSAGES.trackRange).nullable().default(null),
    magneticCardType: z.literal(MAGNETIC_CARD_TYPE).nullable().default(null),
    contactlessCardType: z.literal(CONTACTLESS_CARD_TYPE).nullable().default(null),
    contactlessCardSector: z.number().int().min(CONTACTLESS_SECTOR_MIN, HOTEL_MESSAGES.sectorRange).max(CONTACTLESS_SECTOR_MAX, HOTEL_MESSAGES.sectorRange).nullable().default(null),
    contactlessCardPassword: z.string().nullable().default(null),
    contactlessCardKeyId: z.number().int().min(CONTACTLESS_KEY_INDEX_MIN, HOTEL_MESSAGES.keyIndexRange).max(CONTACTLESS_KEY_INDEX_MAX, HOTEL_MESSAGES.keyIndexRange).nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (!value.isManualRoomEntryEnabled && !value.isRoomCardReadingEnabled) ctx.addIssue({ code: 'custom', message: HOTEL_MESSAGES.roomAccessRequired, path: ['isManualRoomEntryEnabled'] });
    if (value.contactlessCardPassword !== null) {
      for (const message of contactlessPasswordProblems(value.contactlessCardPassword)) ctx.addIssue({ code: 'custom', message, path: ['contactlessCardPassword'] });
    }
  })
  .transform((value) => {
    const cards = value.isRoomCardReadingEnabled;
    const magnetic = cards && (value.magneticCardType !== null || value.magneticCardTrack !== null);
    const contactless = cards && value.contactlessCardType !== null;
    const password = contactless ? value.contactlessCardPassword : null;
    return {
      ...value,
      magneticCardTrack: magnetic ? (value.magneticCardTrack ?? ROOM_ACCESS_DEFAULTS.track) : null,
      magneticCardType: (magnetic ? MAGNETIC_CARD_TYPE : null) as typeof MAGNETIC_CARD_TYPE | null,
      contactlessCardType: (contactless ? CONTACTLESS_CARD_TYPE : null) as typeof CONTACTLESS_CARD_TYPE | null,
      contactlessCardSector: contactless ? (value.contactlessCardSector ?? ROOM_ACCESS_DEFAULTS.sector) : null,
      contactlessCardPassword: password,
      contactlessCardKeyId: contactless && password === null ? (value.contactlessCardKeyId ?? ROOM_ACCESS_DEFAULTS.keyIndex) : null,
    };
  });
export type HotelDefinitionInput = z.input<typeof hotelDefinitionInputSchema>;
export type HotelDefinitionValues = z.output<typeof hotelDefinitionInputSchema>;
export const hotelDefinitionCreateSchema = z.intersection(z.object({ uuid: clientUuid }), hotelDefinitionInputSchema);

export const hotelDefinitionSchema = z.object({
  uuid: z.string().uuid(),
  orgUuid: z.string().uuid(),
  hotelUuid: z.string().uuid().nullable(),
  name: z.string(),
  externalId: z.string(),
  pmsConnectionUuid: z.string().uuid().nullable(),
  isManualRoomEntryEnabled: z.boolean(),
  isRoomCardReadingEnabled: z.boolean(),
  magneticCardTrack: z.number().int().nullable(),
  magneticCardType: z.literal(MAGNETIC_CARD_TYPE).nullable(),
  contactlessCardType: z.literal(CONTACTLESS_CARD_TYPE).nullable(),
  contactlessCardSector: z.number().int().nullable(),
  contactlessCardPassword: z.string().nullable(),
  contactlessCardKeyId: z.number().int().nullable(),
  version: z.number().int(),
});
export type HotelDefinition = z.infer<typeof hotelDefinitionSchema>;
export const hotelDefinitionListResponseSchema = z.object({ data: z.array(hotelDefinitionSchema) });

/** A package's ID as typed: free text, trimmed, no length rule in the spec beyond a sane limit. */
const packageId = z.string({ error: HOTEL_MESSAGES.packageIdRequired }).trim().min(1, HOTEL_MESSAGES.packageIdRequired).max(EXTERNAL_ID_MAX, HOTEL_MESSAGES.packageIdTooLong);

/** A package as written: its ID (the name is set from it) and calculation rule (ADULT by default). */
export const pmsPackageInputSchema = z.object({
  externalId: packageId,
  calculationRule: z.enum(CALCULATION_RULES, { error: HOTEL_MESSAGES.calculationRuleRequired }).default('ADULT'),
});
export type PmsPackageInput = z.input<typeof pmsPackageInputSchema>;
export const pmsPackageCreateSchema = pmsPackageInputSchema.extend({ uuid: clientUuid });

export const pmsPackageSchema = z.object({
  uuid: z.string().uuid(),
  orgUuid: z.string().uuid(),
  hotelUuid: z.string().uuid(),
  name: z.string(),
  externalId: z.string(),
  calculationRule: z.enum(CALCULATION_RULES),
  deleted: z.boolean(),
  version: z.number().int(),
});
export type PmsPackage = z.infer<typeof pmsPackageSchema>;
export const pmsPackageListResponseSchema = z.object({ data: z.array(pmsPackageSchema) });

/** The bulk PATCH of a hotel's packages: new ones (client uuid optional) and updated ones by uuid. */
export const pmsPackagePatchSchema = z.object({
  newPackages: z.array(pmsPackageCreateSchema).max(100_000).default([]),
  updatedPackages: z.array(pmsPackageInputSchema.extend({ uuid, version: version.optional() })).max(100_000).default([]),
});
export type PmsPackagePatch = z.input<typeof pmsPackagePatchSchema>;

/** A rate code as written: its ID (name and externalId) and its packages (uuids, at least one); the CSV import applies the same rules. */
export const rateCodeInputSchema = z.object({
  name: rateCodeIdSchema,
  packages: rateCodePackagesSchema(uuid),
});
export type RateCodeInput = z.input<typeof rateCodeInputSchema>;
export const rateCodeCreateSchema = rateCodeInputSchema.extend({ uuid: clientUuid });

export const rateCodeSchema = z.object({
  uuid: z.string().uuid(),
  orgUuid: z.string().uuid(),
  hotelUuid: z.string().uuid(),
  name: z.string(),
  externalId: z.string(),
  packages: z.array(z.string().uuid()),
  version: z.number().int(),
});
export type RateCode = z.infer<typeof rateCodeSchema>;
export const rateCodeListResponseSchema = z.object({ data: z.array(rateCodeSchema) });

/** PATCH of a hotel's rate codes: the three-way diff of spec section 4; answers the whole list. */
export const rateCodePatchSchema = z.object({
  newRateCodes: z.array(rateCodeCreateSchema).max(100_000).default([]),
  updatedRateCodes: z.array(rateCodeInputSchema.extend({ uuid, version: version.optional() })).max(100_000).default([]),
  deletedRateCodes: z.array(uuid).max(100_000).default([]),
});
export type RateCodePatch = z.input<typeof rateCodePatchSchema>;

/** POST .../pms-rate-code/import answers this (spec section 3: succeed and message). */
export const rateCodeImportResultSchema = z.object({ succeed: z.boolean(), message: z.string(), imported: z.number().int().optional() });
export type RateCodeImportResult = z.infer<typeof rateCodeImportResultSchema>;

const hotelAndPackage = z.object({ hotelDefinitionUuid: uuid, pmsPackageUuid: uuid });

/** An access-control service as written (spec section 3). */
export const accessControlInputSchema = z.object({
  name: z.string({ error: HOTEL_MESSAGES.accessNameRequired }).trim().min(1, HOTEL_MESSAGES.accessNameRequired).max(SERVICE_NAME_MAX, HOTEL_MESSAGES.accessNameTooLong),
  hotelsAndPackages: z.array(hotelAndPackage).max(10_000).default([]),
  defaultHotelUuid: uuid.nullable().default(null),
  idMethods: z.array(z.enum(ACCESS_CONTROL_ID_METHODS)).max(ACCESS_CONTROL_ID_METHODS.length).default([]),
});
export type AccessControlInput = z.input<typeof accessControlInputSchema>;
export const accessControlCreateSchema = accessControlInputSchema.extend({ uuid: clientUuid });

export const accessControlSchema = z.object({
  uuid: z.string().uuid(),
  orgUuid: z.string().uuid(),
  hotelUuid: z.string().uuid(),
  name: z.string(),
  defaultHotelUuid: z.string().uuid().nullable(),
  idMethods: z.array(z.enum(ACCESS_CONTROL_ID_METHODS)),
  /** each with the package's name (its ID) when the package still exists */
  hotelsAndPackages: z.array(z.object({ hotelDefinitionUuid: z.string().uuid(), pmsPackageUuid: z.string().uuid(), name: z.string().nullable() })),
  version: z.number().int(),
});
export type AccessControlService = z.infer<typeof accessControlSchema>;
export const accessControlListResponseSchema = z.object({ data: z.array(accessControlSchema) });

/** The bulk PATCH of a hotel's access-control services (spec section 7). */
export const accessControlPatchSchema = z.object({
  newAccessControlServices: z.array(accessControlCreateSchema).max(10_000).default([]),
  updatedAccessControlServices: z.array(accessControlInputSchema.extend({ uuid, version: version.optional() })).max(10_000).default([]),
});
export type AccessControlPatch = z.input<typeof accessControlPatchSchema>;

/**
 * The one hotel save (spec section 7, "Hotel save"): the hotel itself (its unit: where it sits and
 * its attributes; required when the hotel does not exist yet), its PMS hotel definition, and the
 * packages, rate codes and access-control diffs, applied in one transaction, all or nothing.
 */
export const hotelSaveSchema = z.object({
  hotel: unitInputSchema.optional(),
  hotelDefinition: z.intersection(z.object({ uuid: clientUuid, version: version.optional() }), hotelDefinitionInputSchema).nullable().default(null),
  packages: z
    .object({
      newPackages: z.array(pmsPackageInputSchema.extend({ uuid })).max(100_000).default([]),
      updatedPackages: z.array(pmsPackageInputSchema.extend({ uuid, version: version.optional() })).max(100_000).default([]),
      deletedPackages: z.array(uuid).max(100_000).default([]),
    })
    .default({ newPackages: [], updatedPackages: [], deletedPackages: [] }),
  rateCodes: z
    .object({
      newRateCodes: z.array(rateCodeInputSchema.extend({ uuid })).max(100_000).default([]),
      updatedRateCodes: z.array(rateCodeInputSchema.extend({ uuid, version: version.optional() })).max(100_000).default([]),
      deletedRateCodes: z.array(uuid).max(100_000).default([]),
    })
    .default({ newRateCodes: [], updatedRateCodes: [], deletedRateCodes: [] }),
  accessControls: z
    .object({
      newAccessControl: z.array(accessControlInputSchema.extend({ uuid })).max(10_000).default([]),
      updatedAccessControl: z.array(accessControlInputSchema.extend({ uuid, version: version.optional() })).max(10_000).default([]),
      deletedAccessControl: z.array(uuid).max(10_000).default([]),
    })
    .default({ newAccessControl: [], updatedAccessControl: [], deletedAccessControl: [] }),
});
export type HotelSave = z.input<typeof hotelSaveSchema>;
export type HotelSaveValues = z.output<typeof hotelSaveSchema>;

/** What the hotel save answers: the hotel as it now is, with everything it owns. */
export const hotelBundleSchema = z.object({
  /** the hotel's version (as hotel.version): what the next save's If-Match names */
  version: z.number().int(),
  hotel: unitSchema,
  hotelDefinition: hotelDefinitionSchema.nullable(),
  packages: z.array(pmsPackageSchema),
  rateCodes: z.array(rateCodeSchema),
  accessControls: z.array(accessControlSchema),
});
export type HotelBundle = z.infer<typeof hotelBundleSchema>;

/**
 * What the hotel save answers when asked for `Prefer: return=minimal` (RFC 7240; the outbox asks
 * for it): the hotel and its version without its lists. A big hotel's lists are megabytes that a
 * save's sender on a hotel network does not read (it reads the lists again when it needs them).
 */
export const hotelSavedSchema = hotelBundleSchema.pick({ version: true, hotel: true, hotelDefinition: true });
export type HotelSaved = z.infer<typeof hotelSavedSchema>;

/** The Prefer header's value asking an answer without the whole record (RFC 7240). */
export const PREFER_MINIMAL = 'return=minimal';

/** Whether a Prefer header asks for the minimal answer (RFC 7240: comma-separated preferences). */
export function prefersMinimal(prefer: string | string[] | undefined): boolean {
  const values = Array.isArray(prefer) ? prefer : prefer === undefined ? [] : [prefer];
  return values.some((value) => value.split(',').some((preference) => preference.trim().toLowerCase() === PREFER_MINIMAL));
}

/** Package uuids a rate code (or service) names that are not among the hotel's live packages. */
export function missingPackages(named: readonly string[], livePackageUuids: ReadonlySet<string>): string[] {
  return named.filter((packageUuid) => !livePackageUuids.has(packageUuid));
}

/** What makes two package IDs (or rate code IDs) of a hotel the same: the PMS's code, surrounding spaces ignored (case counts, as in the PMS). */
export const externalIdKey = (value: string) => value.trim();

/**
 * Spec section 8, a rate code removal the gateway refused: the message and code of its first error
 * detail, or 'An unknown error occurred.' and 'unknown.error' when it gave none.
 */
export function rateCodeRemovalFailure(first: { message?: string | null; code?: string | null } | undefined): { message: string; code: string } {
  const message = first?.message?.trim() ? first.message : HOTEL_MESSAGES.rateCodeDeleteFailed;
  const code = first?.code?.trim() ? first.code : HOTEL_MESSAGES.rateCodeDeleteFailedCode;
  return { message, code };
}
