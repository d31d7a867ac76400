/**
 * POS installations (issue 17): the point-of-sale software of one unit, running on the unit's
 * devices. Resetting the catalogue raises catalogVersion; the installation shows "pending" until it
 * reports having synced that version (syncedCatalogVersion).
 */
import { z } from 'zod';

export const POS_INSTALLATION_KIND = 'pos-installation';

export const POS_MESSAGES = {
  notFound: 'POS installation not found',
  syncedAhead: 'catalogVersion cannot be later than the catalogue version of the installation',
} as const;

export const posInstallationSchema = z.object({
  uuid: z.string().uuid(),
  orgUuid: z.string().uuid(),
  ouUuid: z.string().uuid(),
  name: z.string(),
  /** aliases of the devices placed on the installation's unit, sorted */
  deviceAliases: z.array(z.string()),
  /** raised by each catalogue reset */
  catalogVersion: z.number().int(),
  /** the catalogue version the installation last reported having synced (0: never) */
  syncedCatalogVersion: z.number().int(),
  /** ISO time of that report, or null */
  lastSync: z.string().nullable(),
  /** catalogVersion > syncedCatalogVersion: a reset waits for the installation's next sync */
  pending: z.boolean(),
  version: z.number().int(),
});
export type PosInstallation = z.infer<typeof posInstallationSchema>;

export const posInstallationListResponseSchema = z.object({ data: z.array(posInstallationSchema) });

/** POST …/installations/{id}/catalog/synced: the catalogue version the installation now runs. */
export const catalogSyncedSchema = z.object({ catalogVersion: z.number().int().min(0).max(2_000_000_000) });
export type CatalogSynced = z.infer<typeof catalogSyncedSchema>;

export function isCatalogPending(installation: { catalogVersion: number; syncedCatalogVersion: number }): boolean {
  return installation.catalogVersion > installation.syncedCatalogVersion;
}

/**
 * The synced version after a report: a report of a version later than the catalogue's is refused
 * (null); an older report than the one held (a late retry) never moves it back.
 */
export function syncedVersionAfter(installation: { catalogVersion: number; syncedCatalogVersion: number }, reported: number): number | null {
  if (reported > installation.catalogVersion) return null;
  return Math.max(installation.syncedCatalogVersion, reported);
}
