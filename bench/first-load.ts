/**
 * First load, measured in Debian's Chromium on the production build served by the real gateway
 * (never asserted):
 *  - a cold visit to /login (fresh profile: no HTTP cache, no service worker): bytes over the wire
 *    (encoded, headers included, as DevTools counts them) and the time until the login form can be
 *    used (the Email field and the Sign in button are on screen and enabled);
 *  - the first signed-in screen: from the Sign in click until the organization list shows the demo
 *    organization, and the bytes the page fetched for it.
 * Each at full speed and under DevTools network emulation of a hotel network: 1.6 Mbit/s each way
 * with 150 ms latency. Goal under emulation: login usable in ≤ 2.5 s.
 *
 * Peers measured in the same run: the same build with compression refused by the browser
 * (Accept-Encoding: identity, what every visit cost before the build precompressed its files), and,
 * when BENCH_BASELINE_DIST names the dist/ of an earlier build, that build ("before").
 * The service worker is blocked while measuring, so the figures are the network's alone and do not
 * depend on how far its precache got (it would serve the signed-in screens' code from there); what
 * it precaches in the background after the first visit is printed as its own row.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CHROMIUM_FLAGS, startGateway } from '../test/e2e/harness';
import type { Row } from './stats';

const HOTEL_NETWORK = { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (1.6e6 / 8) | 0 };
const LOGIN_GOAL_MS = 2_500;
const RUNS = { full: 5, emulated: 3 } as const;

interface Visit {
  loginBytes: number;
  loginMs: number;
  signedInBytes: number;
  signedInMs: number;
}

interface Variant {
  label: string;
  dist: string;
  /** the browser refuses compressed answers */
  identity: boolean;
}

/** Encoded bytes of every response the page received since the counter started. */
function countBytes(cdp: CDPSession): { take: () => number } {
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  return {
    take: () => {
      const taken = bytes;
      bytes = 0;
      return taken;
    },
  };
}

async function loginUsable(page: Page): Promise<void> {
  await page.getByLabel('Email').waitFor({ state: 'visible' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible' });
  await page.waitForFunction(() => {
    const email = document.querySelector<HTMLInputElement>('input[type="email"], input[name="email"]');
    return email !== null && !email.disabled;
  });
}

async function visit(url: string, variant: Variant, emulate: boolean): Promise<Visit> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'lobby-bench-load-'));
  const context = await chromium.launchPersistentContext(userDataDir, { executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_FLAGS, serviceWorkers: 'block' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    if (emulate) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...HOTEL_NETWORK });
    if (variant.identity) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    const bytes = countBytes(cdp);

    const start = performance.now();
    await page.goto(`${url}/login`, { waitUntil: 'commit' });
    await loginUsable(page);
    const loginMs = performance.now() - start;
    // what the page still loads after the form is usable belongs to the cold visit too
    await page.waitForLoadState('load');
    const loginBytes = bytes.take();

    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN_PASSWORD);
    bytes.take();
    const signInStart = performance.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Demo Hospitality Group').first().waitFor({ state: 'visible', timeout: 60_000 });
    const signedInMs = performance.now() - signInStart;
    const signedInBytes = bytes.take();
    return { loginBytes, loginMs, signedInBytes, signedInMs };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** What the service worker downloads after the first visit: its precache, Brotli where the build wrote it. */
function precacheBytes(dist: string): { files: number; bytes: number } | null {
  const sw = join(dist, 'sw.js');
  if (!existsSync(sw)) return null;
  const urls = [...readFileSync(sw, 'utf8').matchAll(/\{"url":"([^"]+)","revision":/g)].map((match) => match[1] as string);
  const bytes = urls.reduce((sum, url) => {
    const file = join(dist, url);
    return sum + statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
  }, 0);
  return { files: urls.length, bytes };
}

export async function firstLoadBench(): Promise<Row[]> {
  const variants: Variant[] = [{ label: 'this build', dist: resolve('dist'), identity: false }, { label: 'this build, uncompressed (peer)', dist: resolve('dist'), identity: true }];
  const baseline = process.env.BENCH_BASELINE_DIST;
  if (baseline) variants.push({ label: 'baseline build (before)', dist: resolve(baseline), identity: false });

  const rows: Row[] = [];
  const reference = new Map<string, Visit>();
  for (const variant of variants) {
    const gateway = await startGateway({ DIST_DIR: variant.dist, LOG_LEVEL: 'warn' });
    try {
      for (const emulate of [false, true]) {
        const runs: Visit[] = [];
        for (let i = 0; i < (emulate ? RUNS.emulated : RUNS.full); i += 1) runs.push(await visit(gateway.url, variant, emulate));
        const result: Visit = {
          loginBytes: median(runs.map((run) => run.loginBytes)),
          loginMs: median(runs.map((run) => run.loginMs)),
          signedInBytes: median(runs.map((run) => run.signedInBytes)),
          signedInMs: median(runs.map((run) => run.signedInMs)),
        };
        const network = emulate ? '1.6 Mbit/s, 150 ms' : 'full speed';
        const key = network;
        const ours = reference.get(key);
        if (!ours) reference.set(key, result);
        const ratio = (theirs: number, mine: number | undefined) => (mine === undefined ? '' : `; ${(theirs / mine).toFixed(2)}× this build`);
        const goal = emulate ? `; goal ≤ ${secs(LOGIN_GOAL_MS)} (${result.loginMs <= LOGIN_GOAL_MS ? 'met' : 'NOT met'})` : '';
        rows.push({
          benchmark: `first load: cold /login, ${variant.label}, ${network}`,
          n: runs.length,
          figure: `${kb(result.loginBytes)} over the wire, usable in ${secs(result.loginMs)}${goal}`,
          note: ours ? `bytes ${ratio(result.loginBytes, ours.loginBytes).slice(2)}, time ${ratio(result.loginMs, ours.loginMs).slice(2)}` : 'median of runs, fresh profile each',
        });
        rows.push({
          benchmark: `first load: sign in to the organization list, ${variant.label}, ${network}`,
          n: runs.length,
          figure: `${kb(result.signedInBytes)} over the wire, shown in ${secs(result.signedInMs)}`,
          note: ours ? `bytes ${ratio(result.signedInBytes, ours.signedInBytes).slice(2)}, time ${ratio(result.signedInMs, ours.signedInMs).slice(2)}` : 'from the Sign in click',
        });
      }
    } finally {
      await gateway.stop();
    }
  }
  for (const variant of variants.filter((candidate) => !candidate.identity)) {
    const precache = precacheBytes(variant.dist);
    if (precache) rows.push({ benchmark: `first load: service worker precache, ${variant.label}`, n: precache.files, figure: `${kb(precache.bytes)} in the background after the first visit`, note: 'files of the build, Brotli where written' });
  }
  return rows;
}
