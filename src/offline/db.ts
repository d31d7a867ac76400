/**
 * Lobby's one IndexedDB database (Dexie): drafts of open forms, the outbox of changes waiting for
 * the gateway, and a mirror of the session for the service worker. Page, tabs and service worker
 * open the same database; Dexie tells live queries in every one of them about changes.
 *
 * Schema versions (each upgrade keeps what it can and drops what it cannot read):
 *   1  drafts by id; outbox by auto-increment seq
 *   2  outbox entries gain recordUuid/collection/original/theirs/draft (null for old entries);
 *      drafts gain error; meta table for the session mirror
 *   3  outcomes by auto-increment id: what a replay settled without an entry left (Sync page)
 */
import Dexie, { type Table } from 'dexie';
import type { DraftRecord, OutboxEntry, OutcomeRecord, SessionMirror } from './records';

export const DATABASE_NAME = 'lobby';

export class LobbyDatabase extends Dexie {
  drafts!: Table<DraftRecord, string>;
  outbox!: Table<OutboxEntry, number>;
  meta!: Table<SessionMirror, string>;
  outcomes!: Table<OutcomeRecord, number>;

  constructor(name: string = DATABASE_NAME, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    this.version(1).stores({ drafts: 'id, userUuid', outbox: '++seq, id, userUuid, status' });
    this.version(2)
      .stores({ drafts: 'id, userUuid, [userUuid+orgUuid]', outbox: '++seq, &id, userUuid, status, recordUuid', meta: 'key' })
      .upgrade(async (tx) => {
        await tx
          .table('outbox')
          .toCollection()
          .modify((entry: Record<string, unknown>) => {
            for (const field of ['recordUuid', 'collection', 'original', 'theirs', 'draft', 'orgUuid', 'lastStatus', 'lastError']) {
              if (entry[field] === undefined) entry[field] = null;
            }
            if (!Array.isArray(entry.errorMessages)) entry.errorMessages = [];
            if (typeof entry.label !== 'string') entry.label = `${String(entry.method)} ${String(entry.path)}`;
          });
        await tx
          .table('drafts')
          .toCollection()
          .modify((draft: Record<string, unknown>) => {
            if (draft.error === undefined) draft.error = null;
            if (draft.orgUuid === undefined) draft.orgUuid = null;
          });
      });
    this.version(3).stores({ outcomes: '++id, userUuid' });
  }
}

let shared: LobbyDatabase | null = null;

/** The database of this page or worker, opened on first use. */
export function lobbyDb(): LobbyDatabase {
  shared ??= new LobbyDatabase();
  return shared;
}

/** Tests: use another database (fake-indexeddb) as the shared one. */
export function setDatabaseForTests(db: LobbyDatabase | null): void {
  shared = db;
}
