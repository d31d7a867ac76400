import { sessionSchema, type Session } from '../domain';
import { keysWithPrefix, type KeyValueStorage } from './storage';

/*
 * The signed-in session lives in local storage under 'lobby.session', so it survives a reload and
 * every tab shares it. Whatever is read back passes through sessionSchema first: a corrupt or
 * foreign value counts as no session and is removed. Listeners hear every change, including one
 * made by another tab (the 'storage' event): that is how a logout anywhere reaches the router.
 */

export const SESSION_STORAGE_KEY = 'lobby.session';
/**
 * Keys a session's end keeps: the interface language. (An explicit logout from the menu goes
 * further: it empties localStorage but the language, and removes the user's IndexedDB records;
 * see src/offline/logout.ts and ADR 0004.)
 */
export const KEPT_AT_LOGOUT = ['lobby.language'] as const;

type Listener = () => void;
type StorageEvents = Pick<Window, 'addEventListener'>;

export interface SessionStore {
  /** The current session, or null. Stable between changes (usable as a React snapshot). */
  get(): Session | null;
  /**
   * A session is stored but names no user (no uuid): not usable, kept until a logout clears it, so
   * the router can send the visitor to /logout?redirect=/login (spec section 2).
   */
  userless(): boolean;
  set(session: Session): void;
  /** Remove the session and every other 'lobby.*' key except those kept at logout. */
  clear(): void;
  subscribe(listener: Listener): () => void;
}

export function createSessionStore(storage: KeyValueStorage, events?: StorageEvents): SessionStore {
  const listeners = new Set<Listener>();
  let lastRaw: string | null = null;
  let lastSession: Session | null = null;

  const notify = () => listeners.forEach((listener) => listener());

  function get(): Session | null {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (raw === lastRaw) return lastSession;
    lastRaw = raw;
    lastSession = parse(raw);
    if (raw !== null && lastSession === null && !isUserless(raw)) {
      storage.removeItem(SESSION_STORAGE_KEY);
      lastRaw = null;
    }
    return lastSession;
  }

  function userless(): boolean {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    return raw !== null && get() === null && isUserless(raw);
  }

  function set(session: Session): void {
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sessionSchema.parse(session)));
    notify();
  }

  function clear(): void {
    const kept: readonly string[] = KEPT_AT_LOGOUT;
    for (const key of keysWithPrefix(storage, 'lobby.')) {
      if (!kept.includes(key)) storage.removeItem(key);
    }
    notify();
  }

  events?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_STORAGE_KEY) notify();
  });

  return {
    get,
    userless,
    set,
    clear,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function parse(raw: string | null): Session | null {
  if (raw === null) return null;
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stored like a session (it has a token) but without a user uuid. */
function isUserless(raw: string): boolean {
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    return typeof value === 'object' && value !== null && typeof value.token === 'string' && value.token !== '' && !sessionSchema.shape.uuid.safeParse(value.uuid).success;
  } catch {
    return false;
  }
}
