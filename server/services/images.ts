/**
 * Uploaded images of an organization (server/routes/images.ts serves and stores them): which keys a
 * write may name, and the removal of images nothing names any more.
 */
import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { attributeKeysOfKind } from '../../src/domain/index';
import type { Database, Executor } from '../db/client';
import { images } from '../db/schema';
import { UUID } from '../resources/define-resource';

/** An image key: 32 random bytes, base64url. */
export const IMAGE_KEY = /^[A-Za-z0-9_-]{43}$/;

/** An organization's image named by no unit and no organization for this long is removed. */
export const UNUSED_IMAGE_MS = 24 * 3600_000;

/**
 * The keys among `keys` that are not images of the organization (unknown, or another
 * organization's), each once, in their order. Writes of image attributes use it so an organization
 * can only point at its own images. The images found are marked named again (not waiting for
 * removal), and stay locked until the write's transaction ends, so housekeeping never removes an
 * image a write is about to name.
 */
export async function missingImageKeys(executor: Executor, orgUuid: string, keys: string[]): Promise<string[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  const wellFormed = unique.filter((key) => IMAGE_KEY.test(key));
  const found = new Set<string>();
  if (UUID.test(orgUuid) && wellFormed.length > 0) {
    const rows = await executor
      .update(images)
      .set({ unreferencedSince: null })
      .where(and(eq(images.orgUuid, orgUuid), inArray(images.key, wellFormed)))
      .returning({ key: images.key });
    for (const row of rows) found.add(row.key);
  }
  return unique.filter((key) => !found.has(key));
}

/** Whether some unit or organization names the image (an image attribute holding its key), or an order item shows it. */
function named(): SQL {
  const keys = sql.join(
    attributeKeysOfKind('image').map((key) => sql`${key}`),
    sql`, `,
  );
  // the attribute pairs are named (attribute, value), so nothing in them shadows the image's own "key"
  return sql`exists (
    select 1 from organizational_units u, jsonb_each_text(u.attributes) as a(attribute, value)
    where a.attribute in (${keys}) and a.value = "images"."key"
    union all
    select 1 from organizations o, jsonb_each_text(o.attributes) as a(attribute, value)
    where a.attribute in (${keys}) and a.value = "images"."key"
    union all
    select 1 from order_item_definitions d where d.image = "images"."key"
  )`;
}

/**
 * Housekeeping of organizations' images (profile images go with their user): an image named again
 * is no longer waiting; one named by nothing starts waiting now; one that has waited
 * UNUSED_IMAGE_MS is removed. Run hourly, an image is removed between one day and a day and an hour
 * after the last write that named it was replaced. Answers how many were removed.
 */
export async function removeUnusedImages(db: Database, now: Date): Promise<number> {
  const organizationImage = isNotNull(images.orgUuid);
  await db
    .update(images)
    .set({ unreferencedSince: null })
    .where(and(organizationImage, isNotNull(images.unreferencedSince), named()));
  await db
    .update(images)
    .set({ unreferencedSince: now })
    .where(and(organizationImage, isNull(images.unreferencedSince), sql`not ${named()}`));
  const removed = await db
    .delete(images)
    .where(and(organizationImage, lte(images.unreferencedSince, new Date(now.getTime() - UNUSED_IMAGE_MS)), sql`not ${named()}`))
    .returning({ key: images.key });
  return removed.length;
}
