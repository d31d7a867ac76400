/** How often the open app checks for a new version (src/app/service-worker.ts), apart for the journeys that wait for one. */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;
/** A tab that reloaded for an update this recently does not reload for another. */
export const RELOAD_GUARD_MS = 30_000;
