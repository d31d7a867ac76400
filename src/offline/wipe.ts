/**
 * What a user's logout removes from IndexedDB and Cache Storage, and what it keeps (ADR 0004).
 *
 * Removed: the user's outbox entries, drafts and recent outcomes; the session mirror (the access
 * token copy the service worker replays with); every user's cached API answers (copies of gateway
 * data, fetched again when needed; a shared computer keeps none of them).
 * Kept: other users' outbox entries, drafts and outcomes. They are that user's unsent work, left
 * when that user's session ended without a logout (a refused refresh); only that user can send or
 * discard them: they are replayed with that user's token once they sign in again (the drainer
 * sends only the signed-in user's entries), and shown on that user's Sync page.
 * All of it is local, so it works offline. localStorage is the logout's (logout.ts).
 */
import { lobbyDb, type LobbyDatabase } from './db';
import { clearReadCaches } from './read-cache';

export async function wipeUserData(userUuid: string, db: LobbyDatabase = lobbyDb(), caches: CacheStorage | undefined = globalThis.caches): Promise<void> {
  await db.transaction('rw', [db.drafts, db.outbox, db.outcomes, db.meta], async () => {
    await Promise.all([
      db.drafts.where('userUuid').equals(userUuid).delete(),
      db.outbox.where('userUuid').equals(userUuid).delete(),
      db.outcomes.where('userUuid').equals(userUuid).delete(),
      db.meta.delete('session'),
    ]);
  });
  // best effort: a browser that refuses Cache Storage (some private modes) still gets the rest wiped
  await clearReadCaches(caches).catch((error: unknown) => console.error('Lobby could not delete its cached answers', error));
}

export interface WorkCount {
  changes: number;
  drafts: number;
}

export interface UnsyncedWork {
  /** the user's own unsent changes and unsaved drafts: what their logout deletes */
  mine: WorkCount;
  /** every other user's, which stay in this browser for them */
  others: WorkCount;
}

/** A stored draft that holds a change of its record; one that says it holds none keeps only a form's own state (its open step). */
const holdsChange = (raw: unknown) => (raw as { changed?: unknown } | null)?.changed !== false;

/**
 * What is kept only in this browser, the user's and everyone else's. Unreadable entries count too
 * (they may be changes a newer version of the app wrote); a draft that holds no change does not.
 */
export async function unsyncedWork(userUuid: string, db: LobbyDatabase = lobbyDb()): Promise<UnsyncedWork> {
  const [changes, drafts, allChanges, allDrafts] = await db.transaction('r', db.outbox, db.drafts, () =>
    Promise.all([
      db.outbox.where('userUuid').equals(userUuid).count(),
      db.drafts.where('userUuid').equals(userUuid).filter(holdsChange).count(),
      db.outbox.count(),
      db.drafts.filter(holdsChange).count(),
    ]),
  );
  return { mine: { changes, drafts }, others: { changes: allChanges - changes, drafts: allDrafts - drafts } };
}
