import { isSessionExpired, sessionSchema, type Session } from '../domain';
import { t } from '../i18n';
import { CACHED_AT_HEADER, USER_HEADER } from '../offline/read-cache';
import { ApiError, errorFromBody } from './api-error';
import type { CachedReads, UnseenReads } from './cached-reads';
import type { SessionStore } from './session-store';
import { readAnswer, send, type FetchLike, type RequestOptions } from './transport';

/*
 * Session rules of spec section 7 around every authenticated call:
 *
 *   no session ─────────────────────────────► logout, ApiError 'Session not defined' (403)
 *   session expired ──► refresh ──► call
 *   call ──► 401 or 403 ──► refresh ──► call again ──► 401 ──► logout, that error
 *                                                   └─► 403 ──► that error, session kept
 *   refresh ──► 4xx (not 429) or an unreadable answer ──► logout, 'Failed to refresh token'
 *   refresh ──► 429 or 5xx ──► 'Failed to refresh token', session kept (the gateway is unwell)
 *   fetch rejects (no network) ──► ApiError status 0, network: true, session kept (docs/architecture.md
 *     deviation: offline is not a reason to sign anyone out)
 *
 * Two decisions beyond the spec's words:
 * - The spec retries a 401 only on the tokens path; here a 401 on any path is retried once too,
 *   because our gateway answers 401 to an expired or revoked access token everywhere, and a
 *   fresh token is exactly what cures that.
 * - The spec logs out when the retry is refused with 401 or 403. Our gateway answers 403 for
 *   "no permission" (docs/architecture.md), and a 403 that survives a successful refresh is exactly that;
 *   logging out would hide messages such as "You don't have permissions to view organizations"
 *   and send the user round a sign-in loop. docs/architecture.md's deviation: only an authentication
 *   failure logs out. So only a 401 after the retry does; `signsOut` is the one place to change.
 *
 * Every authenticated call names its user (X-Lobby-User): the service worker keeps GET answers in
 * a cache of that user only and, when the gateway is out of reach, answers from it with
 * X-Lobby-Cached-At. Each GET answer is recorded in `cachedReads` (fetched fresh, or when cached),
 * and one the service worker did not see (sent before it controlled the page) in `unseenReads`, to
 * be read again through it once it does (cached-reads.ts).
 *
 * Refresh is single-flight: in a tab one promise is shared; across tabs the Web Lock
 * 'lobby-refresh' serialises refreshes, and inside it the stored session is read again: when
 * another tab already replaced the stale token, that session is used instead of refreshing twice
 * (refresh tokens rotate, so a second refresh with the spent token would fail).
 */

export const TOKENS_PATH = '/authentication/v1/users/tokens';
export const REFRESH_PATH = `${TOKENS_PATH}/refresh`;
export const REVOKE_PATH = `${TOKENS_PATH}/revoke`;
export const REFRESH_LOCK = 'lobby-refresh';

export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface ApiClientDeps {
  fetch: FetchLike;
  baseUrl: () => string;
  sessions: SessionStore;
  locks?: LockManagerLike | undefined;
  now?: () => number;
  /** Told of every authenticated GET answer: its X-Lobby-Cached-At, or null when fresh. */
  cachedReads?: Pick<CachedReads, 'record'>;
  /** Whether a service worker controls the page now; without it, no read is recorded in `unseenReads`. */
  serviceWorkerControls?: () => boolean;
  /** Told of every authenticated GET answered 200 by the gateway while no service worker controlled the page. */
  unseenReads?: Pick<UnseenReads, 'add'>;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /** Sign out now: the session goes at once, the revoke is sent in the background. */
  logout(): void;
  /**
   * A live access token for a call made outside request() (the outbox drainer), refreshed first
   * when expired; null when signed out or the refresh failed (a failed refresh follows the rules above).
   */
  token(): Promise<string | null>;
  /** The gateway refused the token (401): refresh once; null when that fails. */
  refreshToken(): Promise<string | null>;
  /**
   * Sends a GET of `path` now, for the first request() of the same path (a plain GET, the same
   * token) to take instead of sending its own within READ_AHEAD_MS: a route starts the reads its
   * screen will make before the code that makes them is there. Nothing without a live session.
   */
  readAhead(path: string): void;
  /**
   * Something was just written (a save applied, an import): the reads sent in the next
   * FRESH_AFTER_WRITE_MS are sent fresh (RequestOptions.fresh), so the screens read what was
   * written even from a gateway slower than the service worker's patience, never the copy it
   * kept from before; a read sent ahead before the write is not taken.
   */
  written(): void;
}

/** How long after a write the reads are sent fresh: the screens' reads of what changed start well within it. */
export const FRESH_AFTER_WRITE_MS = 15_000;

/** How long a read sent ahead waits for the request() that takes it; later, that request sends its own. */
export const READ_AHEAD_MS = 10_000;

/** The options with the header naming the session's user (the read cache is kept per user). */
const asUser = (options: RequestOptions, session: Session): RequestOptions => ({
  ...options,
  headers: { ...options.headers, [USER_HEADER]: session.uuid },
});

const isGet = (options: RequestOptions) => (options.method ?? 'GET').toUpperCase() === 'GET';

const isAuthFailure = (status: number) => status === 401 || status === 403;
/** A refusal of the retried call that ends the session (see the header). */
const signsOut = (status: number) => status === 401;

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const now = deps.now ?? Date.now;
  const url = (path: string) => `${deps.baseUrl()}${path}`;
  let refreshing: Promise<Session> | null = null;
  /** when something was last written (written()); reads sent soon after are sent fresh */
  let writtenAt = Number.NEGATIVE_INFINITY;
  const unseen = () => deps.unseenReads !== undefined && deps.serviceWorkerControls?.() === false;
  /** Reads sent ahead (readAhead), by path, until a request() takes them. */
  const ahead = new Map<string, { token: string; at: number; sentUnseen: boolean; response: Promise<Response> }>();

  /** Reads sent ahead that no request() took in time go, their answers unread. */
  function sweepAhead(): void {
    for (const [path, sent] of ahead) {
      if (now() - sent.at < READ_AHEAD_MS) continue;
      ahead.delete(path);
      sent.response.then((response) => response.body?.cancel(), () => undefined).catch(() => undefined);
    }
  }

  function readAhead(path: string): void {
    sweepAhead();
    const session = deps.sessions.get();
    if (!session || isSessionExpired(session, now())) return;
    const sent = ahead.get(path);
    if (sent !== undefined && sent.token === session.token && now() - sent.at < READ_AHEAD_MS) return;
    const sentUnseen = unseen();
    const response = send(deps.fetch, url(path), asUser({}, session), session.token);
    // a read no request() takes fails unheard
    response.catch(() => undefined);
    ahead.set(path, { token: session.token, at: now(), sentUnseen, response });
  }

  /** The read of `path` sent ahead with `token`, taken once (a plain GET only), if it is still fresh. */
  function takeAhead(path: string, options: RequestOptions, token: string) {
    if (ahead.size === 0) return undefined;
    sweepAhead();
    const sent = ahead.get(path);
    const plainGet = isGet(options) && options.body === undefined && options.headers === undefined;
    if (sent === undefined || !plainGet) return undefined;
    ahead.delete(path);
    // sent before the last write: it may not have what was written
    if (sent.at <= writtenAt) return undefined;
    // sent before the service worker controlled the page, which it now does: read through it
    if (sent.sentUnseen && !unseen()) return undefined;
    return sent.token === token && now() - sent.at < READ_AHEAD_MS ? sent : undefined;
  }

  function logout(): void {
    const session = deps.sessions.get();
    deps.sessions.clear();
    if (!session) return;
    const revoke = { method: 'POST', body: { refreshToken: session.refreshToken }, keepalive: true };
    send(deps.fetch, url(REVOKE_PATH), revoke, session.token).catch(() => undefined);
  }

  function sessionMissing(): ApiError {
    logout();
    return new ApiError(t('errors.sessionNotDefined'), { status: 403 });
  }

  function refreshFailed(status: number, body: unknown, signOut: boolean): ApiError {
    if (signOut) logout();
    const reason = errorFromBody(status, body);
    return new ApiError(t('errors.refreshFailed'), { status, body, errors: [...reason.errors] });
  }

  async function refreshOnce(stale: Session): Promise<Session> {
    const current = deps.sessions.get();
    if (!current) throw sessionMissing();
    if (current.token !== stale.token && !isSessionExpired(current, now())) return current;
    const body = { token: current.token, refreshToken: current.refreshToken };
    const response = await send(deps.fetch, url(REFRESH_PATH), { method: 'POST', body });
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      throw refreshFailed(response.status, answer, response.status < 500 && response.status !== 429);
    }
    const fresh = sessionSchema.safeParse(answer);
    if (!fresh.success) throw refreshFailed(response.status, answer, true);
    if (deps.sessions.get()?.refreshToken !== current.refreshToken) {
      // signed out (or in as someone else) while the refresh was on its way: the answer is not
      // stored, and the pair it brought is revoked
      send(deps.fetch, url(REVOKE_PATH), { method: 'POST', body: { refreshToken: fresh.data.refreshToken }, keepalive: true }, fresh.data.token).catch(() => undefined);
      throw new ApiError(t('errors.refreshFailed'), { status: 401 });
    }
    deps.sessions.set(fresh.data);
    return fresh.data;
  }

  function refresh(stale: Session): Promise<Session> {
    refreshing ??= (deps.locks ? deps.locks.request(REFRESH_LOCK, () => refreshOnce(stale)) : refreshOnce(stale)).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    if (options.auth === false) return (await readAnswer(await send(deps.fetch, url(path), options))) as T;

    let session = deps.sessions.get();
    if (!session) throw sessionMissing();
    if (isSessionExpired(session, now())) {
      try {
        session = await refresh(session);
      } catch (error) {
        // No network for the refresh: go on with the stale token, so the service worker can answer a
        // read from its cache (docs/architecture.md deviation: being offline signs nobody out).
        if (!(error instanceof ApiError && error.network)) throw error;
      }
    }

    if (isGet(options) && now() - writtenAt < FRESH_AFTER_WRITE_MS) options = { ...options, fresh: true };
    const sentAhead = takeAhead(path, options, session.token);
    let sentUnseen = sentAhead?.sentUnseen ?? unseen();
    let response = await (sentAhead?.response ?? send(deps.fetch, url(path), asUser(options, session), session.token));
    if (isAuthFailure(response.status)) {
      session = await refresh(session);
      sentUnseen = unseen();
      response = await send(deps.fetch, url(path), asUser(options, session), session.token);
      if (signsOut(response.status)) {
        const failure = await readAnswer(response).catch((error: unknown) => error);
        logout();
        throw failure;
      }
    }
    if (isGet(options)) {
      const cachedAt = response.headers.get(CACHED_AT_HEADER);
      deps.cachedReads?.record(path, cachedAt);
      if (sentUnseen && response.status === 200 && cachedAt === null) deps.unseenReads?.add({ user: session.uuid, path });
    }
    if (options.raw && response.ok) return response as T;
    return (await readAnswer(response)) as T;
  }

  async function token(): Promise<string | null> {
    const session = deps.sessions.get();
    if (!session) return null;
    if (!isSessionExpired(session, now())) return session.token;
    return refresh(session).then(
      (fresh) => fresh.token,
      () => null,
    );
  }

  async function refreshToken(): Promise<string | null> {
    const session = deps.sessions.get();
    if (!session) return null;
    return refresh(session).then(
      (fresh) => fresh.token,
      () => null,
    );
  }

  function written(): void {
    writtenAt = now();
  }

  return { request, logout, token, refreshToken, readAhead, written };
}
