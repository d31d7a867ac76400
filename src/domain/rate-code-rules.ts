/**
 * The rules of a rate code (spec sections 3 and 5), whichever way it is written: the JSON routes and
 * the hotel save (hotels.ts rateCodeInputSchema) and the CSV import (rate-code-csv.ts) apply these
 * same schemas, so a code the import takes can always be edited afterwards. Kept apart from
 * hotels.ts so the worker's CSV check loads zod and these rules only.
 */
import { z } from 'zod';

/** PMS IDs (a hotel's property ID, a package ID, a rate code ID): at most this many characters. */
export const PMS_ID_MAX = 100;
/** The most packages one rate code holds. */
export const RATE_CODE_PACKAGES_MAX = 1_000;

export const RATE_CODE_MESSAGES = {
  idRequired: '* You must enter an ID',
  idTooLong: `The ID can have at most ${PMS_ID_MAX} characters`,
  packagesRequired: '* Select at least one package',
  tooManyPackages: `A rate code can have at most ${RATE_CODE_PACKAGES_MAX} packages`,
} as const;

/** A rate code's ID (its name and externalId): trimmed, required, at most PMS_ID_MAX characters. */
export const rateCodeIdSchema = z.string({ error: RATE_CODE_MESSAGES.idRequired }).trim().min(1, RATE_CODE_MESSAGES.idRequired).max(PMS_ID_MAX, RATE_CODE_MESSAGES.idTooLong);

/** A rate code's packages, each given as `item` (a uuid in the JSON routes, a package ID in a CSV): one at least. */
export const rateCodePackagesSchema = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, RATE_CODE_MESSAGES.packagesRequired).max(RATE_CODE_PACKAGES_MAX, RATE_CODE_MESSAGES.tooManyPackages);

/** A rate code as a CSV file gives it: its ID and the IDs of its packages. */
export const importedRateCodeSchema = z.object({ name: rateCodeIdSchema, packageExternalIds: rateCodePackagesSchema(z.string()) });
