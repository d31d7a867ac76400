/** What a page may ask of the service worker; anything else is ignored. */
import { z } from 'zod';

/** Tag of the background sync that replays the outbox (src/offline/sync.ts registers it). */
export const OUTBOX_SYNC_TAG = 'lobby-outbox';

export const clientMessageSchema = z.discriminatedUnion('type', [
  /** workbox-window's messageSkipWaiting(): the page is ready to reload into this version */
  z.object({ type: z.literal('SKIP_WAITING') }),
  /** replay the outbox now */
  z.object({ type: z.literal('lobby:replay') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export function parseClientMessage(data: unknown): ClientMessage | null {
  const parsed = clientMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
