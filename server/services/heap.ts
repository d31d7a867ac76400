/**
 * A hint to V8 for bulk work that makes short-lived objects by the hundreds of megabytes (docs/adr/0048).
 *
 * A rate-code import of a million rows allocates some 900 MB of objects that live for one batch: the
 * CSV reader's strings and runs, each batch's statement, and, on the embedded PGlite, its file
 * layer's lookups (one per new index page). The part alive across two scavenges is promoted, and V8
 * lets the old generation grow by 60–110 MB before its next full collection: the gateway's memory
 * grew by that much for a while, though nothing held it. Starting an incremental major collection
 * every few batches keeps the growth near 20 MB; the marking runs in steps and on helper threads,
 * so no request waits for a long pause.
 *
 * V8's `gc()` is not exposed by default. It is taken once from a fresh context after turning the
 * flag on (and off again, so no later context gets it); where that fails the hint does nothing.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major' | 'minor'; execution: 'async' | 'sync' }) => void;

let collect: Collect | null | undefined;

function collector(): Collect | null {
  if (collect !== undefined) return collect;
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return (collect = exposed as Collect);
  try {
    setFlagsFromString('--expose-gc');
    const taken: unknown = runInNewContext('gc');
    collect = typeof taken === 'function' ? (taken as Collect) : null;
  } catch {
    collect = null;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/** Starts an incremental major collection (it finishes in the background); false where none can be asked for. */
export function startMajorCollection(): boolean {
  const run = collector();
  if (run === null) return false;
  run({ type: 'major', execution: 'async' });
  return true;
}

/**
 * A full collection now, before the next measurement: a benchmark's contenders each start on a
 * clean heap instead of paying for the garbage of the one before (false where none can be asked for).
 */
export function collectNow(): boolean {
  const run = collector();
  if (run === null) return false;
  run({ type: 'major', execution: 'sync' });
  return true;
}

/** A counter of units of bulk work that starts a major collection (`start`) every `every` units. */
export function collectEvery(every: number, start: () => unknown = startMajorCollection): () => void {
  let done = 0;
  return () => {
    done += 1;
    if (done % every === 0) start();
  };
}
