/** How often the open app checks for a new version (src/app/service-worker.ts); its own module, so the journeys that wait for a new version can read it. */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;
/** A tab that reloaded for an update this recently does not reload for another. */
export const RELOAD_GUARD_MS = 30_000;
