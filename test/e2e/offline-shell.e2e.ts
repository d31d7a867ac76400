/**
 * The installable, offline-capable shell in Debian's Chromium against the built app (dist/, built
 * by `npm run build`) served by the real gateway:
 * - once the service worker controls the page, the app opens from its precache and shows the
 *   organizations from the read cache, saying so, while the gateway is down; a deep link too;
 * - what the first visit read before the service worker took control is in that cache too: a
 *   reload with the network gone shows it;
 * - Chromium finds the app installable (manifest with 192 and 512 PNG icons, service worker);
 * - a start waits for no gateway: the worker answers the page and /config.js from its copies, and
 *   an edited /config.js is taken at the start after the one that fetched it;
 * - a new build served by the gateway installs, and the open page reloads into it on its own.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { UPDATE_CHECK_INTERVAL_MS } from '../../src/app/update-timing';
import { builtStamp, versionParts } from '../../src/app/version';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, openBrowser, startGateway, type Browser, type Gateway } from './harness';
import { cutGateway, gatewayClient, signIn, waitForServiceWorker as serviceWorkerControls } from './journeys';

const ORGANIZATIONS_API = '/api/organization/v1/organization';
const OFFLINE_NOTICE = /^Offline — showing data from .+/;

const version = (page: Page) => page.evaluate(() => document.documentElement.dataset.version ?? null);

describe('offline shell and read cache', () => {
  let gateway: Gateway;
  let browser: Browser;

  beforeAll(async () => {
    gateway = await startGateway();
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it('serves sw.js for revalidation on every check', async () => {
    const response = await fetch(`${gateway.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    // read to its end: an answer left unread holds its connection open, and with it the gateway's stop
    expect(await response.text()).toContain('self');
  });

  it('opens the app and the organizations it last saw while the gateway is down, saying from when', async () => {
    const { page } = browser;
    await signIn(page, gateway.url);
    await serviceWorkerControls(page);
    await page.goto(`${gateway.url}/organizations`);
    const organization = page.getByRole('link', { name: 'Demo Hospitality Group' });
    await organization.waitFor();
    expect(await page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).count()).toBe(0);
    const href = await organization.getAttribute('href');
    expect(href).toMatch(/^\/organization\/[0-9a-f-]{36}$/);
    const user = await page.evaluate(() => (JSON.parse(localStorage.getItem('lobby.session') ?? '{}') as { uuid?: string }).uuid);
    expect(await page.evaluate(() => caches.keys())).toContain(`lobby-api-${user}`);

    await gateway.stop();

    await page.goto(`${gateway.url}/organizations`);
    await page.getByRole('link', { name: 'Demo Hospitality Group' }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: OFFLINE_NOTICE });
    await notice.waitFor();
    expect(await page.title()).toBe('Organizations - Lobby');

    await page.goto(`${gateway.url}${href}`);
    await page.getByRole('heading', { name: 'Demo Hospitality Group' }).waitFor();
    await page.getByRole('link', { name: 'Back to organizations' }).waitFor();

    // The cache belongs to this user: a request naming another user gets nothing from it.
    const otherUser = await page.evaluate(async (path) => {
      try {
        const response = await fetch(path, { headers: { 'X-Lobby-User': '00000000-0000-4000-8000-000000000000' } });
        return response.status;
      } catch {
        return 'no answer';
      }
    }, ORGANIZATIONS_API);
    expect(otherUser).toBe('no answer');
    const sameUser = await page.evaluate(
      async ({ path, uuid }) => {
        const response = await fetch(path, { headers: { 'X-Lobby-User': uuid ?? '' } });
        return { status: response.status, cachedAt: response.headers.get('X-Lobby-Cached-At') };
      },
      { path: ORGANIZATIONS_API, uuid: user },
    );
    expect(sameUser.status).toBe(200);
    expect(Date.now() - Date.parse(sameUser.cachedAt ?? '')).toBeLessThan(5 * 60_000);
  });
});

describe('offline from the first visit', () => {
  let gateway: Gateway;
  let browser: Browser;

  beforeAll(async () => {
    gateway = await startGateway();
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it('shows the PMS connections a fresh browser read before its service worker took over when the network drops and the page reloads', async () => {
    const { page, context } = browser;
    const { org } = await gatewayClient(gateway.url);
    const pmsPath = `/api/organization/${org}/pms-connection`;
    // A first install slower than the operator (a hotel network): the service worker script is
    // fetched only once the PMS page has read and shown its connections, all of it without the worker.
    let releaseWorker: () => void = () => undefined;
    const workerHeld = new Promise<void>((resolve) => (releaseWorker = resolve));
    await context.route(`${gateway.url}/sw.js`, async (route) => {
      await workerHeld;
      await route.continue();
    });

    await signIn(page, gateway.url);
    await page.goto(`${gateway.url}/organization/${org}/pms`);
    await page.getByRole('table', { name: 'PMS connections' }).getByRole('cell', { name: 'Mock PMS', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    releaseWorker();
    await serviceWorkerControls(page);
    // what was read before is now in the user's read cache: every read of the PMS page (read again
    // through the worker in the order they were answered, so each is waited for)
    const pageReads = [pmsPath, `/api/organization/${org}/hotel-definition`, '/api/organization/v1/organization', '/api/user-profile/v1/user-profile'];
    await expect
      .poll(
        () =>
          page.evaluate(async (paths) => {
            const user = (JSON.parse(localStorage.getItem('lobby.session') ?? '{}') as { uuid?: string }).uuid;
            const cache = await caches.open(`lobby-api-${user}`);
            const cached = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
            return paths.filter((path) => !cached.has(path));
          }, pageReads),
        { timeout: 15_000, message: 'the read cache holds every read of the PMS page' },
      )
      .toEqual([]);

    // the network drops, for the page and for its service worker
    await context.setOffline(true);
    await cutGateway(context, gateway.url);
    // Debian's Chromium 150 keeps the emulated network off for a reloaded document (its requests
    // fail) but reports navigator.onLine true in it (seen 2026-11-28; false before the reload): the
    // reloaded page is told what the browser knows, as Playwright's setOffline tells it before
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false }));
    // and the browser knows it: nothing of the reload goes to the network, the worker answers it all
    const network: string[] = [];
    const answered: Promise<void>[] = [];
    const seen = (request: Request) => {
      if (request.serviceWorker()) network.push(`worker: ${request.method()} ${request.url()}`);
      else answered.push(request.response().then((response) => void (response?.fromServiceWorker() ? undefined : network.push(`page: ${request.method()} ${request.url()}`)), () => undefined));
    };
    context.on('request', seen);
    await page.reload();
    await page.getByRole('table', { name: 'PMS connections' }).getByRole('cell', { name: 'Mock PMS', exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).waitFor();
    expect(await page.getByText('Cannot reach the gateway. Check your connection and try again.').count()).toBe(0);
    // the tab shown again asks for a connectivity probe at once: the browser is offline, so none goes out
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForLoadState('networkidle');
    context.off('request', seen);
    await Promise.all(answered);
    expect(network).toEqual([]);
  });
});

describe('installing', () => {
  let gateway: Gateway;
  let browser: Browser;

  beforeAll(async () => {
    gateway = await startGateway();
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it('has a manifest with 192 and 512 pixel icons, and Chromium finds the app installable', async () => {
    const { page, context } = browser;
    await page.goto(`${gateway.url}/login`);
    await serviceWorkerControls(page);
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      const response = await fetch(link?.href ?? '');
      return (await response.json()) as { name: string; short_name: string; display: string; start_url: string; icons: { src: string; sizes: string; type: string }[] };
    });
    expect(manifest).toMatchObject({ name: 'Lobby', short_name: 'Lobby', display: 'standalone', start_url: '/organizations' });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((candidate) => candidate.sizes === size && candidate.type === 'image/png');
      expect(icon, `a ${size} PNG icon`).toBeDefined();
      const png = await fetch(`${gateway.url}${icon?.src}`);
      expect(png.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await png.arrayBuffer());
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(size);
    }

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  });
});

describe('starting', () => {
  const work = mkdtempSync(join(tmpdir(), 'lobby-start-'));
  const dist = join(work, 'dist');
  let gateway: Gateway | undefined;
  let browser: Browser | undefined;

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it("answers the page and /config.js from the worker's copies at once, and takes an edited /config.js at the next start", async () => {
    // a copy of the build, whose /config.js the operator edits
    cpSync('dist', dist, { recursive: true });
    gateway = await startGateway({ DIST_DIR: dist });
    browser = await openBrowser();
    const { page, context } = browser;
    await signIn(page, gateway.url);
    await serviceWorkerControls(page);
    const organizations = page.getByRole('heading', { name: 'Organizations', level: 1 });
    await page.reload();
    await organizations.waitFor();
    const keptConfig = () => page.evaluate(async () => (await (await caches.open('lobby-config')).match('/config.js'))?.text() ?? '');
    // that start was answered from the precache, and the worker asked for /config.js beside it: its
    // copy is kept before the operator edits the file (a copy fetched after the edit would already
    // be the edited one; seen once in a fresh-clone run on a busy machine)
    await expect.poll(keptConfig, { timeout: 30_000 }).toContain('__LOBBY_CONFIG__');
    expect(await keptConfig()).not.toContain('__lobbyConfigEdited');

    // what the worker asks the network for (a page's request it answers from a cache asks nothing)
    const asked: string[] = [];
    context.on('request', (request: Request) => {
      if (request.serviceWorker() !== null) asked.push(new URL(request.url()).pathname);
    });
    const edited = (where: Page) => where.evaluate(() => (window as { __lobbyConfigEdited?: number }).__lobbyConfigEdited ?? null);
    writeFileSync(join(dist, 'config.js'), "window.__LOBBY_CONFIG__ = window.__LOBBY_CONFIG__ || { apiBaseUrl: '/api' };\nwindow.__lobbyConfigEdited = 1;\n");

    await page.reload();
    await organizations.waitFor();
    // the start took the copy it had, and the worker asked for /config.js beside it, not for the page
    expect(await edited(page)).toBeNull();
    await expect.poll(() => asked.includes('/config.js'), { timeout: 30_000 }).toBe(true);
    expect(asked).not.toContain('/organizations');
    await expect.poll(keptConfig, { timeout: 30_000 }).toContain('__lobbyConfigEdited');

    await page.reload();
    await organizations.waitFor();
    expect(await edited(page)).toBe(1);
    expect(asked).not.toContain('/organizations');
  });
});

describe('updating', () => {
  const work = mkdtempSync(join(tmpdir(), 'lobby-update-'));
  const dataDir = join(work, 'data');
  const nextDist = join(work, 'dist');
  const nextVersion = `e2e-next-${Date.now()}`;
  let gateway: Gateway | undefined;
  let browser: Browser;

  beforeAll(async () => {
    // A second build of the same sources, as a new release would be, with its own version.
    const run = (args: string[]) => {
      const result = spawnSync(process.execPath, args, { env: { ...process.env, NODE_ENV: 'production', LOBBY_VERSION: nextVersion }, encoding: 'utf8', timeout: 110_000 });
      if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
    };
    run(['node_modules/vite/bin/vite.js', 'build', '--outDir', nextDist, '--emptyOutDir', '--logLevel', 'warn']);
    run(['--import', 'tsx', 'scripts/build-sw.ts', '--out-dir', nextDist]);
    run(['--import', 'tsx', 'scripts/compress-dist.ts', '--out-dir', nextDist, '--maps-dir', join(work, 'sourcemaps')]);
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('reloads the open page into a new version once it has installed, without the user doing anything', async () => {
    const { page } = browser;
    const port = await freePort();
    const current = /<meta name="lobby-version" content="([^"]+)"/.exec(readFileSync('dist/index.html', 'utf8'))?.[1];
    expect(current).toBeDefined();
    expect(current).not.toBe(nextVersion);

    gateway = await startGateway({}, dataDir, { port });
    await signIn(page, gateway.url);
    await serviceWorkerControls(page);
    expect(await version(page)).toBe(current);
    // the footer names the running release, and when it was built (in UTC, as its stamp says)
    const { release, builtAt } = versionParts(current);
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe(`Lobby ${release}${builtAt ? `, built ${builtStamp(builtAt)}` : ''}`);

    // The same gateway and data, now serving the new build.
    await gateway.stop();
    gateway = await startGateway({ DIST_DIR: nextDist }, dataDir, { port });

    // The app checks for a new version when the browser comes back online (and every minute).
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    // the new worker precaches the whole new build (some 140 files) before it takes over; on a busy
    // machine that check can fail or take long, and the app's own check a minute later tries again:
    // so wait for the new version for longer than that minute, not for a guess at the install's time
    await expect.poll(() => version(page).catch(() => null), { timeout: UPDATE_CHECK_INTERVAL_MS + 45_000, interval: 250 }).toBe(nextVersion);
    expect(loads).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/organizations');

    await page.getByRole('link', { name: 'Demo Hospitality Group' }).waitFor();
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe(`Lobby ${nextVersion}`);

    // No further reloads: the new version is the one in control.
    await page.waitForTimeout(1_000);
    expect(loads).toHaveLength(1);
  });
});
