/**
 * Issue 24 ("faults"): 500 changes queued offline across five kinds of record (PMS connections,
 * packages, rate codes, discounts, order items), replayed against the real gateway while the page is
 * reloaded, the service worker stopped and batch answers lost, at points chosen by a seed: the gateway
 * ends holding each record once, at the version and with the value its last change gives (0 lost,
 * 0 duplicated, order kept), and the counts are printed.
 *
 * Three random seeds a run (printed, and in each test's name); `LOBBY_REPLAY_SEEDS=1,2,3` runs those.
 */
import type { CDPSession, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { journeyFile } from './journey-file';
import { apiSignIn, gatewayClient, signIn, waitForServiceWorker, writeQueue } from './journeys';
import { type ChaosStep, type ExpectedRecord, replayScenario, type ReplayKind } from './replay-scenario';

const CHANGES = 500;
const DONE = 'Sync status: 0 pending, 0 failed, 0 conflicts';
const SEEDS_A_RUN = 3;
const seeds = process.env.LOBBY_REPLAY_SEEDS?.split(',').map((seed) => Number(seed.trim())) ?? Array.from({ length: SEEDS_A_RUN }, () => Math.floor(Math.random() * 2 ** 31));

const journey = journeyFile();

const badge = (page: Page) => page.getByTitle(/^Sync status:/);

interface Held {
  uuid: string;
  version: number;
  [field: string]: unknown;
}

/** What the gateway holds against what it must: records missing or behind (lost), there twice or ahead (duplicated), at their version with another value (out of order). */
function compare(expected: readonly ExpectedRecord[], held: ReadonlyMap<ReplayKind, readonly Held[]>) {
  let lost = 0;
  let duplicated = 0;
  let outOfOrder = 0;
  for (const record of expected) {
    const copies = (held.get(record.kind) ?? []).filter((item) => item.uuid === record.uuid);
    const [copy] = copies;
    if (copies.length > 1) duplicated += 1;
    if (copy === undefined || copy.version < record.version) lost += 1;
    else if (copy.version > record.version) duplicated += 1;
    else if (JSON.stringify(copy[record.field]) !== JSON.stringify(record.value)) outOfOrder += 1;
  }
  return { lost, duplicated, outOfOrder };
}

describe('500 changes queued offline, replayed through reloads, service-worker stops and lost answers', () => {
  for (const seed of seeds) {
    it(`leaves the gateway holding each change once, in order (seed ${seed})`, async () => {
      const browser = await journey.open();
      const { page, context } = browser;
      const client = await gatewayClient(journey.gateway.url);
      const { org } = client;
      const units = (await client.call(`/organization/${org}/ous?includeDescendants=TRUE`)).body as { data: { uuid: string; name: string; type: string }[] };
      const hotel = units.data.find((unit) => unit.name === 'Harbour View Hotel')?.uuid ?? '';
      expect(hotel).not.toBe('');
      const { uuid: userUuid } = await apiSignIn(journey.gateway.url);
      const scenario = replayScenario(seed, CHANGES, { org, hotel, unit: hotel, userUuid });
      console.log(
        `replay seed ${seed}: ${scenario.entries.length} changes (${Object.entries(scenario.counts)
          .map(([kind, n]) => `${kind} ${n.creates} created, ${n.edits} edited`)
          .join('; ')}); chaos at the first batches: ${scenario.chaos.join(', ')}${scenario.reloadOffline ? '; one more reload offline' : ''}`,
      );

      await signIn(page, journey.gateway.url);
      await waitForServiceWorker(page);
      await page.goto(`${journey.gateway.url}/organization/${org}/pms`);
      await page.getByRole('table', { name: 'PMS connections' }).waitFor();
      // offline: the queue is written, and the page reloaded (the service worker serves it)
      let online = false;
      await context.route(`${journey.gateway.url}/**`, (route) => (online ? route.fallback() : route.abort('internetdisconnected')));
      await page.getByTestId('offline-indicator').waitFor();
      await writeQueue(page, scenario.entries);
      await page.reload();
      await badge(page).click();
      await page.getByRole('heading', { name: 'Sync', level: 1 }).waitFor();
      await expect.poll(() => badge(page).getAttribute('title'), { timeout: 30_000 }).toBe(`Sync status: ${CHANGES} pending, 0 failed, 0 conflicts`);
      if (scenario.reloadOffline) {
        await page.reload();
        await expect.poll(() => badge(page).getAttribute('title'), { timeout: 30_000 }).toBe(`Sync status: ${CHANGES} pending, 0 failed, 0 conflicts`);
      }
      await expectAccessible(page, 'Sync page with 500 changes waiting');

      const queuedAt = Date.now();
      // back online: the first batches meet the seed's chaos
      const cdp: CDPSession = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      const met: ChaosStep[] = [];
      let batches = 0;
      let reloadWanted: (() => void) | null = null;
      await context.route(`${journey.gateway.url}/api/outbox/v1/batch`, async (route: Route) => {
        if (!online) return route.fallback();
        const step = scenario.chaos[batches] ?? 'none';
        batches += 1;
        if (step !== 'none') met.push(step);
        if (step === 'reload') {
          // applied at the gateway; the page reloads before its answer can arrive
          const response = await route.fetch();
          await new Promise<void>((resolve) => (reloadWanted = resolve));
          return route.fulfill({ response }).catch(() => undefined);
        }
        if (step === 'lost answer') {
          await route.fetch();
          return route.abort('connectionreset').catch(() => undefined);
        }
        if (step === 'service worker stopped') {
          await cdp.send('ServiceWorker.stopAllWorkers').catch(() => undefined);
        }
        return route.continue().catch(() => undefined);
      });
      online = true;
      await context.unroute(`${journey.gateway.url}/**`);

      // the page sends by itself once it sees the gateway; after a reload or a lost answer, Sync now sends what is left at once
      await expect
        .poll(
          async () => {
            const release = reloadWanted;
            if (release !== null) {
              reloadWanted = null;
              await page.reload();
              release();
              await page.getByRole('heading', { name: 'Sync', level: 1 }).waitFor();
            }
            const title = await badge(page).getAttribute('title');
            const again = page.getByRole('button', { name: 'Sync now' });
            // looked at, never waited for: while the page reads its queue there is no such button, and
            // while a batch is on its way it is disabled; waiting for either held this poll a minute
            // (the action timeout) while the gateway had nothing left to do
            if (title !== DONE && (await again.count()) > 0 && (await again.isEnabled({ timeout: 500 }).catch(() => false))) await again.click({ timeout: 500 }).catch(() => undefined);
            return title;
          },
          { timeout: 180_000, interval: 500 },
        )
        .toBe(DONE);

      const replayedIn = Date.now() - queuedAt;
      // what the gateway holds
      const list = async (path: string) => ((await client.call(path)).body as { data: Held[] }).data;
      const held = new Map<ReplayKind, Held[]>([
        ['pms-connection', await list(`/organization/${org}/pms-connection`)],
        ['pms-package', await list(`/organization/${org}/hotel/${hotel}/pms-package`)],
        ['rate-code', await list(`/organization/${org}/hotel/${hotel}/pms-rate-code`)],
        ['discount', await list(`/discount/v1/organizations/${org}/ous/${hotel}/discounts`)],
        ['order-item', await list(`/order-item/v1/org/${org}/ou/${hotel}/order-item-definitions`)],
      ]);
      const result = compare(scenario.expected, held);
      console.log(
        `replay seed ${seed}: replayed in ${(replayedIn / 1000).toFixed(1)} s, ${batches} batch requests, chaos met: ${met.join(', ') || 'none'}; ${scenario.expected.length} records: ${result.lost} lost, ${result.duplicated} duplicated, ${result.outOfOrder} out of order`,
      );
      expect(result).toEqual({ lost: 0, duplicated: 0, outOfOrder: 0 });
      expect(met.length).toBeGreaterThan(0);
    });
  }
});
