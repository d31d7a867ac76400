/** The offline platform: drafts, outbox, replay, and their React bindings (docs/architecture.md "Offline design"). */
export { DATABASE_NAME, LobbyDatabase, lobbyDb, setDatabaseForTests } from './db';
export { describeOutboxError, describeOutcome, describeRefusal, describeSaveOutcome, type SaveTone } from './describe';
export { DRAFT_SAVE_DELAY_MS, applyRescuedDrafts, createDraftAutosaver, discardDraft, draftId, flushAllDrafts, flushDraftsOnPageHide, listDrafts, loadDraft, saveDraft } from './drafts';
export { OUTBOX_LOCK, drainOutbox, nextToSend, webLocks, type DrainDeps, type DrainResult } from './drain';
export { differsFrom, draftToKeep, restoredDraft, sameValue, type ChangeTest } from './form-value';
export { KEPT_BY_LOGOUT, LOGOUT_LOCK, LOGOUT_MARKER_KEY, logOutAndWipe, waitForLogout, type LogoutDeps } from './logout';
export { dismissOutcome, listOutcomes, recordOutcome } from './outcomes';
export {
  countEntries,
  discardEntry,
  enqueue,
  listEntries,
  requestSync,
  resolveConflict,
  retryEntry,
  setOfflineProbe,
  whenSettled,
  verdictWaits,
  type EnqueueInput,
  type OutboxCounts,
  type SendOutcome,
} from './outbox';
export { type DraftRecord, type DraftScope, type OutboxEntry, type OutboxStatus, type OutcomeRecord } from './records';
export { mirrorSession } from './session-mirror';
export { BACKOFF_MAX_MS, BACKOFF_MIN_MS, backoffDelay, startOutboxSync, syncStatus, type SyncScheduler, type SyncStatus } from './sync';
export { unsyncedWork, wipeUserData, type UnsyncedWork, type WorkCount } from './wipe';
export { useDraft, useDraftList, useOutboxCounts, useOutboxEntries, useOutboxRead, useOutcomes, useSyncStatus, type DraftState, type DraftStorage } from './hooks';
