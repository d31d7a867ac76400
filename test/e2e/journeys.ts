/**
 * Steps the offline journeys share: sign in through the login form, find the demo organization,
 * call the gateway directly (as another operator would), cut the gateway off for the page AND its
 * service worker, and read what the browser keeps.
 */
import { gunzipSync } from 'node:zlib';
import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import type { NewOutboxEntry } from '../../src/offline/records';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './harness';

// context.route sees the service worker's requests only with this set before Chromium starts
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

export async function signIn(page: Page, url: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/organizations/);
}

export interface PmsConnectionRecord {
  uuid: string;
  name: string;
  type: string;
  host: string;
  port: number;
  version: number;
}

/** Signs in through the gateway's API (not the browser): the session's token and user. */
export async function apiSignIn(url: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<{ token: string; uuid: string }> {
  const response = await fetch(`${url}/api/authentication/v1/users/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return (await response.json()) as { token: string; uuid: string };
}

/** The gateway, called directly with its own session (not the browser's). */
export async function gatewayClient(url: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const { token } = await apiSignIn(url, email, password);
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${url}/api${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
    return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as unknown) };
  };
  const organizations = (await call('/organization/v1/organization')).body as { data: { uuid: string; name: string }[] };
  const demo = organizations.data.find((org) => org.name === 'Demo Hospitality Group');
  if (!demo) throw new Error('no demo organization');
  return {
    org: demo.uuid,
    call,
    async connections(): Promise<PmsConnectionRecord[]> {
      return ((await call(`/organization/${demo.uuid}/pms-connection`)).body as { data: PmsConnectionRecord[] }).data;
    },
  };
}

/** Every request to the gateway fails, from the page and from its service worker. */
export async function cutGateway(context: BrowserContext, gatewayUrl: string): Promise<void> {
  await context.route(`${gatewayUrl}/**`, (route) => route.abort('internetdisconnected'));
}

export async function restoreGateway(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
}

/** The header's sync badge (its title says what is pending, failed and in conflict). */
export const syncBadge = (page: Page) => page.getByTitle(/^Sync status:/);

/**
 * Opens the Sync page from the header's sync badge, clicking again until it is open: right after the
 * gateway comes back the badge changes as the app sends by itself ('Offline', 'n pending', then 'All
 * changes saved'), a click aimed at it as it shrinks can land beside it, and an operator clicks again.
 */
export async function openSyncPage(page: Page, timeout = 60_000): Promise<void> {
  const deadline = Date.now() + timeout;
  const open = () => new URL(page.url()).pathname === '/sync';
  while (!open()) {
    if (Date.now() > deadline) throw new Error(`the Sync page did not open from the sync badge within ${timeout / 1000} s`);
    await syncBadge(page)
      .click({ timeout: 10_000 })
      .catch(() => undefined);
    await page.waitForURL((url) => url.pathname === '/sync', { timeout: 1_000 }).catch(() => undefined);
  }
  await page.getByRole('heading', { name: 'Sync', level: 1 }).waitFor();
}

export const isFromServiceWorker = (request: Request) => request.serviceWorker() !== null;

/** Waits until the service worker controls the page (it then serves the shell and cached reads). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, { timeout: 30_000 });
}

/** Row counts of every object store of Lobby's IndexedDB database, and the localStorage size. */
export async function browserStorage(page: Page): Promise<{ stores: Record<string, number>; localStorage: number; databases: string[] }> {
  return page.evaluate(async () => {
    const databases = ((await indexedDB.databases()) ?? []).map((db) => db.name ?? '');
    const stores: Record<string, number> = {};
    if (databases.includes('lobby')) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('lobby');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of [...db.objectStoreNames]) {
        stores[name] = await new Promise<number>((resolve, reject) => {
          const count = db.transaction(name, 'readonly').objectStore(name).count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        });
      }
      db.close();
    }
    return { stores, localStorage: localStorage.length, databases };
  });
}

/**
 * Waits until a draft in the browser's IndexedDB holds `text` (the form's autosave is debounced and
 * its write takes as long as the machine needs): what a reload must find, waited for instead of a
 * fixed time.
 */
export async function draftHolding(page: Page, text: string): Promise<void> {
  await untilInPage(
    page,
    async (wanted) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('lobby');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        if (![...db.objectStoreNames].includes('drafts')) return false;
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const read = db.transaction('drafts', 'readonly').objectStore('drafts').getAll();
          read.onsuccess = () => resolve(read.result);
          read.onerror = () => reject(read.error);
        });
        return all.some((draft) => JSON.stringify(draft).includes(wanted));
      } finally {
        db.close();
      }
    },
    text,
    { what: `a draft holding "${text}"` },
  );
}

/**
 * Waits until an asynchronous check in the page answers true, polled from here: page.waitForFunction
 * does not await a promise its predicate returns (a promise is truthy), so it returns after the
 * first check, true or not (a reload right after it raced a draft's write).
 */
export async function untilInPage(page: Page, check: (arg: string) => Promise<boolean>, arg: string, { timeout = 30_000, every = 100, what = 'the page' }: { timeout?: number; every?: number; what?: string } = {}): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate(check, arg)) return;
    if (Date.now() > deadline) throw new Error(`Waited ${timeout / 1000} s for ${what}`);
    await page.waitForTimeout(every);
  }
}

/**
 * The statuses the gateway answered to the writes `matches` names, whether each went alone or in
 * one of the outbox's batches (POST /api/outbox/v1/batch: a status per change, in order).
 */
export function watchWrites(context: BrowserContext, matches: (method: string, path: string) => boolean): number[] {
  const statuses: number[] = [];
  context.on('response', (response: Response) => {
    void (async () => {
      const request = response.request();
      const path = new URL(request.url()).pathname.replace(/^\/api/, '');
      if (path !== '/outbox/v1/batch') {
        if (matches(request.method(), path)) statuses.push(response.status());
        return;
      }
      const raw = request.postDataBuffer();
      if (raw === null || !response.ok()) return;
      const text = (request.headers()['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      const { changes } = JSON.parse(text) as { changes: { method: string; path: string }[] };
      const { results } = (await response.json()) as { results: { status: number }[] };
      results.forEach((result, index) => {
        const change = changes[index];
        if (change && matches(change.method, change.path.split('?')[0] ?? '')) statuses.push(result.status);
      });
    })().catch(() => undefined);
  });
  return statuses;
}

/** Writes `entries` into the page's outbox (IndexedDB), as the app's `enqueue` stores them (src/offline/outbox.ts newEntry). */
export async function writeQueue(page: Page, entries: readonly NewOutboxEntry[]): Promise<number> {
  return page.evaluate(async (queued) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('lobby');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('outbox', 'readwrite');
      for (const item of queued) tx.objectStore('outbox').add(item);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    return queued.length;
  }, entries as NewOutboxEntry[]);
}
