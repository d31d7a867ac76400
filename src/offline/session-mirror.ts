/**
 * The service worker cannot read localStorage, where the session lives (spec section 7). The page
 * mirrors who is signed in and the current access token into IndexedDB so the worker can replay
 * the outbox on a sync event. The worker never refreshes (refresh tokens rotate; two refreshers
 * would spend each other's tokens): with no live token it asks an open page to drain (ADR 0003).
 */
import { isSessionExpired, type Session } from '../domain';
import { lobbyDb, type LobbyDatabase } from './db';
import { parseStored, sessionMirrorSchema, type SessionMirror } from './records';

export async function mirrorSession(session: Session | null, baseUrl: string, db: LobbyDatabase = lobbyDb()): Promise<void> {
  if (session === null) {
    await db.meta.delete('session');
    return;
  }
  await db.meta.put({ key: 'session', userUuid: session.uuid, token: session.token, expirationTime: session.expirationTime, baseUrl });
}

/** The mirrored session when its access token is still live, else null. */
export async function liveMirroredSession(now: number, db: LobbyDatabase = lobbyDb()): Promise<SessionMirror | null> {
  const raw = await db.meta.get('session');
  if (raw === undefined) return null;
  const mirror = parseStored(sessionMirrorSchema, raw, 'session mirror');
  if (mirror === null) {
    await db.meta.delete('session');
    return null;
  }
  return isSessionExpired({ expirationTime: mirror.expirationTime }, now) ? null : mirror;
}
