/**
 * Lighthouse and the service worker's loads, in Debian's Chromium on the production build (dist/,
 * `npm run build`) served by the real gateway (never asserted; `npm run bench -- lighthouse`):
 *
 *  - Lighthouse (the npm package, its default mobile settings: a 412 × 823 phone, simulated slow 4G
 *    and a CPU 4× slower) on /login signed out, then, signed in through the login form, on
 *    /organizations, the demo organization, its unit tree and its PMS page: performance,
 *    accessibility and best practices, LCP and TBT, and the titles of the audits that fail (with
 *    the console errors' text). Each page is measured RUNS times (BENCH_LIGHTHOUSE_RUNS) and the
 *    run with the median performance score is printed. Goal: performance ≥ 98, accessibility and
 *    best practices 100 on each page.
 *    With BENCH_BASELINE_DIST naming an earlier build's dist/, that build is measured too, its
 *    sessions alternating with this build's ("before"): the machine is shared, and Lighthouse's
 *    simulated timings scale with the CPU time it observes (its benchmark index is printed).
 *    With BENCH_LIGHTHOUSE_PAGES=<labels> (comma-separated: /login, /organizations, organization,
 *    unit tree, PMS page) only those pages are measured.
 *    With BENCH_LIGHTHOUSE_JSON=<dir>, each report is written there (JSON, Lighthouse's viewer reads it);
 *    with BENCH_LIGHTHOUSE_KEEP_STORAGE=1, Lighthouse keeps the service worker and the caches (warm loads).
 *    Lighthouse drives the Chromium that playwright-core started (--remote-debugging-port) in a
 *    new tab of the same profile. Before each page it empties the origin's service workers and
 *    Cache Storage and the HTTP cache (its default storage reset), a cold load; it keeps
 *    localStorage, where the app keeps its session (src/api/session-store.ts), so the signed-in
 *    pages stay signed in.
 *  - the warm load of /organizations: the service worker installed and its precache complete, a
 *    fresh document of /organizations; its largest contentful paint and the main thread's longest
 *    task, at desktop speed and with the CPU 4× slower;
 *  - an offline start: the service worker installed, the network off (Playwright's setOffline:
 *    CDP network emulation on the page and on the service worker), /organizations opened in a
 *    fresh document: the requests that went to the network (the service worker's own, and the
 *    page's it did not answer). Goal: 0.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';
import { CHROMIUM_FLAGS, freePort, startGateway, type Gateway } from '../test/e2e/harness';
import { gatewayClient, signIn, untilInPage, waitForServiceWorker } from '../test/e2e/journeys';
import type { Row } from './stats';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const WARM_RUNS = 5;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const GOAL = { performance: 98, accessibility: 100, 'best-practices': 100 } as const;
/** Metric audits: printed as figures (LCP, TBT), not listed among the failing audits. */
const METRICS = new Set(['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive', 'max-potential-fid']);

interface Target {
  label: string;
  path: (org: string) => string;
  signedIn: boolean;
}

const ALL_TARGETS: readonly Target[] = [
  { label: '/login', path: () => '/login', signedIn: false },
  { label: '/organizations', path: () => '/organizations', signedIn: true },
  { label: 'organization', path: (org) => `/organization/${org}`, signedIn: true },
  { label: 'unit tree', path: (org) => `/organization/${org}/ous`, signedIn: true },
  { label: 'PMS page', path: (org) => `/organization/${org}/pms`, signedIn: true },
];
/** BENCH_LIGHTHOUSE_PAGES (labels, comma-separated, e.g. "/login,PMS page") measures those pages alone. */
const chosen = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((label) => label.trim());
const TARGETS = chosen ? ALL_TARGETS.filter((target) => chosen.includes(target.label)) : ALL_TARGETS;

interface Scores {
  performance: number;
  accessibility: number;
  'best-practices': number;
  lcp: number;
  tbt: number;
  failing: string[];
  /** Lighthouse's measure of the machine's speed at the time (lower: busier) */
  benchmarkIndex: number;
}

const score = (lhr: Result, id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

/** What a report says: the three scores, LCP and TBT, and each failing audit's title (what it names). */
function read(lhr: Result): Scores {
  const failing: string[] = [];
  const seen = new Set<string>();
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || seen.has(ref.id) || METRICS.has(ref.id)) continue;
      seen.add(ref.id);
      const failed = audit.score !== null && audit.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode);
      if (!failed) continue;
      // most audits list items; some (a layout shift's culprits, a tree) give an object instead
      const listed = (audit.details as { items?: unknown } | undefined)?.items;
      const items = (Array.isArray(listed) ? (listed as Record<string, unknown>[]) : []).slice(0, 3);
      const detail =
        ref.id === 'errors-in-console'
          ? items.map((item) => String(item.description ?? '').slice(0, 160))
          : items.map((item) => String(item.url ?? (item.node as { snippet?: string } | undefined)?.snippet ?? '').replace(/^.*\/assets\//, '')).filter(Boolean);
      failing.push(`${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${detail.length > 0 ? `: ${detail.join(' | ')}` : ''}`);
    }
  }
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    'best-practices': score(lhr, 'best-practices'),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    failing,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

let reports = 0;

async function audit(url: string, port: number): Promise<Scores> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: process.env.BENCH_LIGHTHOUSE_KEEP_STORAGE === '1' };
  // a trace Lighthouse could not read (NO_NAVSTART and the like, on a busy machine): run it again
  let result = await lighthouse(url, flags);
  for (let attempt = 1; attempt < 3 && result?.lhr.runtimeError; attempt += 1) {
    console.error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code}; running it again`);
    result = await lighthouse(url, flags);
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  const dir = process.env.BENCH_LIGHTHOUSE_JSON;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    reports += 1;
    writeFileSync(join(dir, `${String(reports).padStart(2, '0')}-${new URL(url).pathname.replace(/\W+/g, '-')}.json`), JSON.stringify(result.lhr));
  }
  return read(result.lhr);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] as number;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function launch(port?: number): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'lobby-bench-lighthouse-'));
  const args = port === undefined ? CHROMIUM_FLAGS : [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`];
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: '/usr/bin/chromium', headless: true, args, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(60_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

interface Served {
  label: string;
  url: string;
  org: string;
}

/** One browser: /login signed out, then signed in through the form, each signed-in page. */
async function session(served: Served, results: Map<string, Scores[]>): Promise<void> {
  const { url, org } = served;
  const port = await freePort();
  const browser = await launch(port);
  try {
    let signedIn = false;
    for (const target of TARGETS) {
      if (target.signedIn && !signedIn) {
        await signIn(browser.page, url);
        await browser.page.getByText('Demo Hospitality Group').first().waitFor();
        // the playwright tab rests while Lighthouse loads the pages in its own
        await browser.page.goto('about:blank');
        signedIn = true;
      }
      results.get(target.label)?.push(await audit(`${url}${target.path(org)}`, port));
    }
  } finally {
    await browser.close();
  }
}

/** Each build's sessions alternate, so a busier minute of the machine falls on both. */
async function lighthouseRows(builds: readonly Served[]): Promise<Row[]> {
  // BENCH_LIGHTHOUSE_RUNS=0: the warm load and the offline start alone
  if (RUNS === 0) return [];
  const results = builds.map(() => new Map<string, Scores[]>(TARGETS.map((target) => [target.label, []])));
  for (let run = 0; run < RUNS; run += 1) {
    for (const [i, served] of builds.entries()) await session(served, results[i] as Map<string, Scores[]>);
  }
  return builds.flatMap((served, i) =>
    TARGETS.map((target) => {
      const runs = (results[i] as Map<string, Scores[]>).get(target.label) ?? [];
      const mid = median(runs.map((r) => r.performance));
      const chosen = runs.find((r) => r.performance === mid) as Scores;
      const met = CATEGORIES.every((id) => chosen[id] >= GOAL[id]);
      return {
        benchmark: `lighthouse (mobile): ${target.label}, ${served.label}`,
        n: runs.length,
        figure: `performance ${chosen.performance} (runs ${runs.map((r) => r.performance).join('/')}), accessibility ${chosen.accessibility}, best practices ${chosen['best-practices']}; LCP ${secs(chosen.lcp)}, TBT ${ms(chosen.tbt)}; goal ≥ 98/100/100 (${met ? 'met' : 'NOT met'})`,
        note: `benchmark index ${chosen.benchmarkIndex.toFixed(0)}; ${chosen.failing.length > 0 ? `failing: ${chosen.failing.join('; ')}` : 'no failing audit'}`,
      };
    }),
  );
}

interface WarmProbe {
  lcp: number;
  longest: number;
}

declare global {
  interface Window {
    __warmBench?: WarmProbe;
  }
}

/** Installed before any script of each document (plain JS): the largest contentful paint and the longest task. */
const PROBE = `(() => {
  if (window.__warmBench) return;
  const probe = { lcp: 0, longest: 0 };
  window.__warmBench = probe;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.lcp = Math.max(probe.lcp, e.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch (error) {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longest = Math.max(probe.longest, e.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch (error) {}
})();`;

/** The user's read cache holds the organization list: the worker can answer it offline. */
async function readCacheHolds(page: Page, path: string): Promise<void> {
  await untilInPage(
    page,
    async (apiPath) => {
      const user = (JSON.parse(localStorage.getItem('lobby.session') ?? '{}') as { uuid?: string }).uuid;
      const cache = await caches.open(`lobby-api-${user}`);
      return (await cache.keys()).some((request) => new URL(request.url).pathname === apiPath);
    },
    path,
    { timeout: 60_000, every: 250, what: `the read cache to hold ${path}` },
  );
}

/** The service worker's precache is complete when its install step is over and it controls the page. */
async function workerReady(page: Page): Promise<void> {
  await waitForServiceWorker(page);
  await untilInPage(page, async () => (await navigator.serviceWorker.ready).active?.state === 'activated', '', { timeout: 60_000, what: 'the service worker to be activated' });
}

async function warmRows({ url, label }: Served): Promise<Row[]> {
  const rows: Row[] = [];
  const browser = await launch();
  try {
    const { page, context } = browser;
    await context.addInitScript({ content: PROBE });
    await signIn(page, url);
    await page.getByRole('link', { name: 'Demo Hospitality Group' }).waitFor();
    await workerReady(page);
    await readCacheHolds(page, '/api/organization/v1/organization');

    for (const rate of [1, 4]) {
      const runs: WarmProbe[] = [];
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      for (let i = 0; i < WARM_RUNS; i += 1) {
        await page.goto('about:blank');
        await page.goto(`${url}/organizations`, { waitUntil: 'commit' });
        await page.getByRole('link', { name: 'Demo Hospitality Group' }).waitFor();
        await page.waitForLoadState('networkidle');
        // the LCP entry is final once the page has been shown a while without input; read after idle
        runs.push(await page.evaluate(() => window.__warmBench ?? { lcp: 0, longest: 0 }));
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      rows.push({
        benchmark: `warm load (service worker): /organizations, ${label}, ${rate === 1 ? 'desktop CPU' : `CPU ${rate}× slower`}`,
        n: runs.length,
        figure: `LCP ${ms(median(runs.map((r) => r.lcp)))}, longest task ${ms(median(runs.map((r) => r.longest)))}`,
        note: `medians; worst LCP ${ms(Math.max(...runs.map((r) => r.lcp)))}, worst task ${ms(Math.max(...runs.map((r) => r.longest)))}`,
      });
    }

    // offline start: every request of a fresh document, and whether the network saw it
    const byWorker: string[] = [];
    const pastWorker: string[] = [];
    let answered = 0;
    const onRequest = (request: Request) => {
      // the worker's own fetches (network first: navigations, /config.js, API reads) go to the network
      if (request.serviceWorker()) byWorker.push(`${request.method()} ${request.url().replace(url, '')}`);
    };
    const onDone = async (request: Request) => {
      if (request.serviceWorker()) return;
      const response = await request.response().catch(() => null);
      if (response?.fromServiceWorker()) answered += 1;
      else pastWorker.push(`${request.method()} ${request.url().replace(url, '')}`);
    };
    const settled: Promise<void>[] = [];
    const track = (request: Request) => void settled.push(onDone(request));
    await page.goto('about:blank');
    await context.setOffline(true);
    context.on('request', onRequest);
    context.on('requestfinished', track);
    context.on('requestfailed', track);
    await page.goto(`${url}/organizations`, { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Demo Hospitality Group' }).waitFor();
    await page.waitForLoadState('networkidle');
    context.off('request', onRequest);
    context.off('requestfinished', track);
    context.off('requestfailed', track);
    await Promise.all(settled);
    const total = byWorker.length + pastWorker.length;
    rows.push({
      benchmark: `offline start (service worker, network off): /organizations, ${label}`,
      n: 1,
      figure: `${total} network request(s) beyond the service worker: ${pastWorker.length} of the page it did not answer, ${byWorker.length} of the worker itself; ${answered} answered by it; goal 0 (${total === 0 ? 'met' : 'NOT met'})`,
      note: [...pastWorker.map((entry) => `page: ${entry}`), ...byWorker.map((entry) => `worker: ${entry}`)].join('; ') || 'the list shown from the read cache',
    });
  } finally {
    await browser.close();
  }
  return rows;
}

export async function lighthouseBench(): Promise<Row[]> {
  const variants = [{ label: 'this build', dist: resolve('dist') }];
  const baseline = process.env.BENCH_BASELINE_DIST;
  if (baseline) variants.push({ label: 'baseline build (before)', dist: resolve(baseline) });
  const gateways: Gateway[] = [];
  try {
    const builds: Served[] = [];
    for (const variant of variants) {
      const gateway = await startGateway({ DIST_DIR: variant.dist, LOG_LEVEL: 'warn' });
      gateways.push(gateway);
      builds.push({ label: variant.label, url: gateway.url, org: (await gatewayClient(gateway.url)).org });
    }
    const rows = await lighthouseRows(builds);
    for (const served of builds) rows.push(...(await warmRows(served)));
    return rows;
  } finally {
    for (const gateway of gateways) await gateway.stop();
  }
}
