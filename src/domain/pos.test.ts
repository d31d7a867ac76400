import { describe, expect, it } from 'vitest';
import { catalogSyncedSchema, isCatalogPending, syncedVersionAfter } from './index';

describe('POS catalogue sync', () => {
  it.each([
    [1, 0, true],
    [2, 1, true],
    [2, 2, false],
  ] as const)('catalogue %i synced %i: pending %s', (catalogVersion, syncedCatalogVersion, pending) => {
    expect(isCatalogPending({ catalogVersion, syncedCatalogVersion })).toBe(pending);
  });

  it.each([
    [{ catalogVersion: 3, syncedCatalogVersion: 1 }, 3, 3],
    [{ catalogVersion: 3, syncedCatalogVersion: 2 }, 1, 2],
    [{ catalogVersion: 3, syncedCatalogVersion: 1 }, 4, null],
  ] as const)('%j reported %i → %j', (installation, reported, expected) => {
    expect(syncedVersionAfter(installation, reported)).toBe(expected);
  });

  it.each([
    [{ catalogVersion: 2 }, true],
    [{ catalogVersion: -1 }, false],
    [{ catalogVersion: 1.5 }, false],
    [{}, false],
  ])('report %j valid: %s', (body, valid) => {
    expect(catalogSyncedSchema.safeParse(body).success).toBe(valid);
  });
});
