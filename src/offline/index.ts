/** The offline platform: drafts, outbox, replay, and their React bindings (DESIGN.md "Offline design"). */
export { DATABASE_NAME, LobbyDatabase, lobbyDb, setDatabaseForTests } from './db';
export { DRAFT_SAVE_DELAY_MS, createDraftAutosaver, discardDraft, draftId, flushAllDrafts, flushDraftsOnPageHide, listDrafts, loadDraft, saveDraft } from './drafts';
export { OUTBOX_LOCK, drainOutbox, nextToSend, webLocks, type DrainDeps, type DrainResult } from './drain';
export { countEntries, discardEntry, enqueue, listEntries, requestSync, resolveConflict, retryEntry, whenSent, type EnqueueInput, type OutboxCounts } from './outbox';
export { type DraftRecord, type DraftScope, type OutboxEntry, type OutboxStatus } from './records';
export { mirrorSession } from './session-mirror';
export { BACKOFF_MAX_MS, BACKOFF_MIN_MS, backoffDelay, startOutboxSync, syncStatus, type SyncScheduler, type SyncStatus } from './sync';
export { unsyncedWork, wipeOfflineData } from './wipe';
export { useDraft, useDraftList, useOutboxCounts, useOutboxEntries, useSyncStatus, type DraftState } from './hooks';
