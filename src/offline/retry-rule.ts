/**
 * When a queued change may be sent again (pure, shared by the page's scheduler and the service
 * worker through the drainer). A change the gateway did not answer (no network, 5xx, 429, busy)
 * keeps a backoff in its outbox entry; the next automatic attempt waits until it is due:
 *
 *   failures  1     2     3     4      5      6 …
 *   delay     2 s   4 s   8 s   16 s   32 s   60 s (capped), each less up to a fifth (jitter)
 *
 * Automatic triggers (a change queued, the tab shown, a page load, a (re)started service worker,
 * the retry timer) respect it, and send nothing at all while the browser says it is offline.
 * A return of connectivity (the browser's 'online', the connectivity probe seeing the gateway
 * again, a background 'sync' event) and the operator's 'Sync now' send at once. The backoff is in
 * the entry, so every context that drains (tabs, the service worker) follows the same rule.
 */

export const RETRY_MIN_MS = 2_000;
export const RETRY_MAX_MS = 60_000;
/** each delay is shortened by up to this share, at random: tabs and devices do not retry in step */
export const RETRY_JITTER = 0.2;

/** What asked for a drain. */
export type SyncTrigger =
  /** a change was queued */
  | 'queued'
  /** the tab became visible */
  | 'visible'
  /** a page (or the scheduler) started, or a service worker activated or started again */
  | 'start'
  /** the retry timer of a backoff */
  | 'timer'
  /** the service worker asked the page to drain (it has no live token) */
  | 'worker'
  /** the operator's 'Sync now', a page asking the service worker to replay */
  | 'manual'
  /** the browser's 'online' event */
  | 'online'
  /** the connectivity probe (or any answer) found the gateway again */
  | 'reachable'
  /** the browser's background 'sync' event: it fires when connectivity is back */
  | 'background-sync';

/** Triggers that send at once, whatever the backoff: connectivity is back, or the operator asks. */
const AT_ONCE: ReadonlySet<SyncTrigger> = new Set<SyncTrigger>(['manual', 'online', 'reachable', 'background-sync']);

/** A change's backoff: how many attempts in a row got no answer, and when the next may go. */
export interface RetryBackoff {
  failures: number;
  until: number;
}

/** The delay before the next attempt after `failures` attempts in a row without an answer. */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.max(0, Math.min(failures, 32) - 1));
  return Math.round(ceiling * (1 - RETRY_JITTER * random()));
}

/** The backoff after one more attempt without an answer. */
export function nextBackoff(previous: RetryBackoff | null, now: number, random: () => number = Math.random): RetryBackoff {
  const failures = (previous?.failures ?? 0) + 1;
  return { failures, until: now + retryDelay(failures, random) };
}

/** Whether `trigger` ignores a backoff (connectivity returned, or the operator asks). */
export const sendsAtOnce = (trigger: SyncTrigger): boolean => AT_ONCE.has(trigger);

export interface AttemptContext {
  trigger: SyncTrigger;
  now: number;
  /** navigator.onLine: false means no network at all, and its 'online' event will say when it is back */
  browserOnline: boolean;
  /** the backoff of the next change to send, or null when it has none */
  backoff: RetryBackoff | null;
}

/** Whether the next change may be sent now. */
export function mayAttempt({ trigger, now, browserOnline, backoff }: AttemptContext): boolean {
  if (sendsAtOnce(trigger)) return true;
  if (!browserOnline) return false;
  return backoff === null || now >= backoff.until;
}
