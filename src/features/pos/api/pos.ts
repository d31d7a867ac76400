/**
 * POS installations as client resources (issue 17): an organization's (those of the units the
 * caller sets up) and a unit's; a catalogue reset goes through the outbox. `pending` on a record
 * says a reset waits for the installation's next sync.
 */
import { compareByName, POS_INSTALLATION_KIND, unitScopeOf, posInstallationListResponseSchema, posInstallationSchema, type PosInstallation, type UnitScope } from '../../../domain';
import { t } from '../../../i18n';
import { enqueue, type OutboxEntry } from '../../../offline';
import { defineClientResource, type ResourceRow } from '../../../offline/resource';

export { POS_INSTALLATION_KIND, unitScopeOf, type UnitScope };
/** The outbox collection of catalogue resets. */
export const CATALOG_RESET_KIND = 'pos-catalog-reset';

/** Installations are not edited from the back office; a queued catalogue reset is laid over a row as `catalogReset`. */
export interface PosInstallationInput {
  catalogReset?: boolean;
}

export const posInstallationsPath = (org: string) => `/ordering/v1/pos-installations/${org}`;
export const unitPosInstallationsPath = ({ org, ou }: UnitScope) => `${posInstallationsPath(org)}/ou/${ou}`;
export const catalogResetPath = (org: string, installation: string) => `/pos-collector/v1/org/${org}/installations/${installation}/catalog/reset`;
/** What an installation POSTs with `{ catalogVersion }` once it synced (ends `pending`). */
export const catalogSyncedPath = (org: string, installation: string) => `/pos-collector/v1/org/${org}/installations/${installation}/catalog/synced`;

const labels = {
  create: () => '',
  update: () => '',
  delete: (installation: PosInstallation) => t('pos.label.delete', { name: installation.name }),
};
const blank = (org: string): Omit<PosInstallation, 'uuid' | 'version'> => ({
  orgUuid: org,
  ouUuid: '',
  name: '',
  deviceAliases: [],
  catalogVersion: 1,
  syncedCatalogVersion: 0,
  lastSync: null,
  pending: true,
});

/** A queued reset shows at once as the next catalogue version, pending; the gateway's answer replaces it. */
const merge = (record: PosInstallation, body: PosInstallationInput): PosInstallation =>
  body.catalogReset ? { ...record, catalogVersion: Math.max(record.catalogVersion, record.syncedCatalogVersion) + 1, pending: true } : record;

/** GET /ordering/v1/pos-installations/{org} */
export const posInstallations = defineClientResource<PosInstallation, PosInstallationInput>({
  kind: POS_INSTALLATION_KIND,
  queryKey: 'pos-installations',
  path: posInstallationsPath,
  record: posInstallationSchema,
  list: posInstallationListResponseSchema,
  inputOf: () => ({}),
  blank,
  compare: compareByName,
  merge,
  // a queued catalogue reset (its own outbox collection) is the installation's change too: the row waits, pending
  alsoWrites: (entry, org) =>
    entry.collection === CATALOG_RESET_KIND && entry.orgUuid === org && entry.recordUuid !== null ? { recordUuid: entry.recordUuid, body: { catalogReset: true } } : null,
  labels,
});

/** GET /ordering/v1/pos-installations/{org}/ou/{ou} */
export const unitPosInstallations = defineClientResource<PosInstallation, PosInstallationInput, UnitScope>({
  kind: POS_INSTALLATION_KIND,
  queryKey: 'unit-pos-installations',
  path: unitPosInstallationsPath,
  record: posInstallationSchema,
  list: posInstallationListResponseSchema,
  inputOf: () => ({}),
  blank: ({ org, ou }) => ({ ...blank(org), ouUuid: ou }),
  compare: compareByName,
  labels,
});

export type PosInstallationRow = ResourceRow<PosInstallation>;
export const usePosInstallations = posInstallations.useList;
export const usePosInstallationRows = posInstallations.useRows;
export const useUnitPosInstallations = unitPosInstallations.useList;

/** Queue POST …/installations/{id}/catalog/reset: the installation shows pending until its next sync. */
export function queueCatalogReset(org: string, userUuid: string, installation: Pick<PosInstallation, 'uuid' | 'name'>): Promise<OutboxEntry> {
  return enqueue({
    method: 'POST',
    path: catalogResetPath(org, installation.uuid),
    userUuid,
    orgUuid: org,
    label: t('pos.label.catalogReset', { name: installation.name }),
    recordUuid: installation.uuid,
    collection: CATALOG_RESET_KIND,
  });
}
