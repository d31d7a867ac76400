/** Uploaded images of an organization (server/routes/images.ts serves and stores them). */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { images } from '../db/schema';
import { UUID } from '../resources/define-resource';

/** An image key: 32 random bytes, base64url. */
export const IMAGE_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * The keys among `keys` that are not images of the organization (unknown, or another
 * organization's), each once, in their order. Writes of image attributes use it so an organization
 * can only point at its own images.
 */
export async function missingImageKeys(executor: Executor, orgUuid: string, keys: string[]): Promise<string[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  const wellFormed = unique.filter((key) => IMAGE_KEY.test(key));
  const found = new Set<string>();
  if (UUID.test(orgUuid) && wellFormed.length > 0) {
    const rows = await executor
      .select({ key: images.key })
      .from(images)
      .where(and(eq(images.orgUuid, orgUuid), inArray(images.key, wellFormed)));
    for (const row of rows) found.add(row.key);
  }
  return unique.filter((key) => !found.has(key));
}
