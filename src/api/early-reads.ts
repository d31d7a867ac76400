/**
 * Reads started as the app starts, before the first screen's code is there (its route names them:
 * src/app/router.tsx). The screen's request() of the same path takes the answer already on its way
 * instead of asking again: once, for the user who started it, within EARLY_READ_MS of the read's
 * start (later, or after a write or a change of user, none is taken: the screen asks again and
 * sees what changed meanwhile).
 */
export const EARLY_READ_MS = 5_000;

interface EarlyRead {
  user: string;
  at: number;
  answer: Promise<unknown>;
}

const started = new Map<string, EarlyRead>();

/** Starts `read` of `path` for `user`, unless one is on its way already; answers it (not taken). */
export function startEarlyRead(path: string, user: string, read: () => Promise<unknown>, now = Date.now()): Promise<unknown> {
  const on = started.get(path);
  if (on !== undefined && on.user === user && now - on.at <= EARLY_READ_MS) return on.answer;
  const answer = read();
  // not reported unhandled while no screen took it: the screen that takes it reports its failure
  answer.catch(() => undefined);
  started.set(path, { user, at: now, answer });
  return answer;
}

/** The early read of `path` for `user`, taken (a second request asks the gateway), or undefined. */
export function takeEarlyRead(path: string, user: string, now = Date.now()): Promise<unknown> | undefined {
  const early = started.get(path);
  if (early === undefined) return undefined;
  started.delete(path);
  return early.user === user && now - early.at <= EARLY_READ_MS ? early.answer : undefined;
}

/** Forgets every early read not taken yet (a write, a change of user: src/api/index.ts; tests). */
export function forgetEarlyReads(): void {
  started.clear();
}
