/**
 * A start of the installed app over a slow hotel link (docs/adr/0053): the production build served by
 * the real gateway behind an emulated link (bench/slow-link.ts: 10 Mbit/s, BENCH_LINK_RTT_MS round
 * trip, 100 ms by default), in Debian's Chromium signed in with its service worker in control; then
 * /organizations opened again 10 times: the first contentful paint in the page's clock, and
 * navigation → the 'Organizations' heading as the bench sees it. With BENCH_BASELINE_DIST (another
 * build's dist/), the same for it, started in the same run: the peer.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openBrowser, startGateway } from '../test/e2e/harness';
import { signIn, waitForServiceWorker } from '../test/e2e/journeys';
import { slowLink } from './slow-link';
import { latencyRow, type Row } from './stats';

const RUNS = 10;
const RTT_MS = Number(process.env.BENCH_LINK_RTT_MS ?? 100);
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);

async function starts(label: string, distDir: string | undefined): Promise<Row[]> {
  const gateway = await startGateway({ LOG_LEVEL: 'warn', ...(distDir ? { DIST_DIR: distDir } : {}) });
  const link = await slowLink(gateway.url, { bitsPerSecond: 10_000_000, roundTripMs: RTT_MS });
  try {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      // the precache's ~145 files come over the link first: the worker's install is given its time
      page.setDefaultTimeout(180_000);
      await signIn(page, link.url);
      await waitForServiceWorker(page);
      await sleep(5_000);
      const paint: number[] = [];
      const heading: number[] = [];
      for (let run = 0; run < RUNS + 1; run += 1) {
        const start = performance.now();
        await page.goto(`${link.url}/organizations`, { waitUntil: 'commit' });
        await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
        const shown = performance.now() - start;
        const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
        // the first start after the install is not counted: the worker's copies settle in it
        if (run > 0) {
          heading.push(shown);
          paint.push(fcp);
        }
        await sleep(500);
      }
      return [
        latencyRow(`start over a ${RTT_MS} ms link, ${label}: first contentful paint`, sorted(paint), "/organizations with the service worker in control, in the page's clock"),
        latencyRow(`start over a ${RTT_MS} ms link, ${label}: 'Organizations' heading`, sorted(heading), 'page.goto → the heading seen by the bench (its reads over the link included)'),
      ];
    } finally {
      await browser.close();
    }
  } finally {
    await link.close();
    await gateway.stop();
  }
}

export async function startLinkBench(): Promise<Row[]> {
  const baseline = process.env.BENCH_BASELINE_DIST;
  const rows = await starts('this build', undefined);
  return baseline ? [...rows, ...(await starts(`baseline ${baseline}`, baseline))] : rows;
}
