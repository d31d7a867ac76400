/**
 * Logout leaves nothing of Lobby in the browser: every IndexedDB table (drafts, outbox, session
 * mirror) and the cached API answers. Works offline (all local). The caller clears localStorage
 * through the session store.
 */
import { lobbyDb, type LobbyDatabase } from './db';
import { clearReadCaches } from './read-cache';

export async function wipeOfflineData(db: LobbyDatabase = lobbyDb()): Promise<void> {
  await db.transaction('rw', db.drafts, db.outbox, db.meta, async () => {
    await Promise.all([db.drafts.clear(), db.outbox.clear(), db.meta.clear()]);
  });
  await clearReadCaches().catch(() => undefined);
}

/** What a logout would lose: unsent changes and unsaved drafts of every user on this browser. */
export async function unsyncedWork(db: LobbyDatabase = lobbyDb()): Promise<{ changes: number; drafts: number }> {
  const [changes, drafts] = await Promise.all([db.outbox.count(), db.drafts.count()]);
  return { changes, drafts };
}
