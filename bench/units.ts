/**
 * An organization of 500 units (20 hotels, 80 venues, 400 revenue centers; settings at every level)
 * made through the gateway's API: the organization read with inheritAttributes=TRUE (p50, p95), with
 * the same read without inheritance as the peer, and the unit tree screen in Chromium on the
 * production build: time from the units list arriving in the page to all 500 rows rendered.
 */
import { openBrowser, startGateway } from '../test/e2e/harness';
import { gatewayClient, signIn } from '../test/e2e/journeys';
import { latencyRow, percentile, timeEach, type Row } from './stats';

const READS = 100;
const RENDERS = 10;

declare global {
  interface Window {
    __unitsArrived?: number;
    __treeRendered?: number;
  }
}

export async function unitsBench(): Promise<Row[]> {
  const gateway = await startGateway({ LOG_LEVEL: 'warn' });
  try {
    const client = await gatewayClient(gateway.url);
    const created = await client.call('/organization/v1/organization', {
      method: 'POST',
      body: JSON.stringify({ legalCompanyName: 'Bench Hotels 500', status: 'ACTIVE', attributes: { CURRENCY: 'EUR', LOCALE: 'en-GB', TIME_ZONE: 'Europe/Paris', POI_TIP_ENABLED: 'true' } }),
    });
    const org = (created.body as { uuid: string }).uuid;
    const post = async (type: string, name: string, parentUuid: string | null, extra: Record<string, string> = {}) => {
      const answer = await client.call(`/organization/${org}/ous`, { method: 'POST', body: JSON.stringify({ type, parentUuid, attributes: { NAME: name, ...extra } }) });
      if (answer.status !== 201) throw new Error(`creating ${name} answered ${answer.status}`);
      return (answer.body as { uuid: string }).uuid;
    };
    for (let h = 0; h < 20; h += 1) {
      const hotel = await post('HOTEL', `Hotel ${h}`, null, h % 2 ? { CURRENCY: 'USD' } : {});
      for (let v = 0; v < 4; v += 1) {
        const venue = await post('VENUE', `Venue ${h}.${v}`, hotel, v % 2 ? { POI_TIP_PERCENTAGES: '[10,15]' } : {});
        for (let r = 0; r < 5; r += 1) await post('REVENUE_CENTER', `POS ${h}.${v}.${r}`, venue, r % 2 ? { POI_CASH_PAYMENT_ENABLED: 'false' } : {});
      }
    }
    const read = (path: string) => async () => {
      const answer = await client.call(path);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    };
    for (let i = 0; i < 10; i += 1) await read(`/organization/${org}?inheritAttributes=TRUE`)();
    const inherited = await timeEach(READS, read(`/organization/${org}?inheritAttributes=TRUE`));
    const plain = await timeEach(READS, read(`/organization/${org}`));

    const browser = await openBrowser();
    try {
      const { page } = browser;
      await signIn(page, gateway.url);
      await page.addInitScript(() => {
        const original = window.fetch.bind(window);
        window.fetch = async (...args: Parameters<typeof fetch>) => {
          const response = await original(...args);
          const url = String(args[0] instanceof Request ? args[0].url : args[0]);
          if (url.includes('/ous?includeDescendants=TRUE')) {
            // the moment the page has the whole answer: what follows is parsing and rendering
            void response
              .clone()
              .arrayBuffer()
              .then(() => (window.__unitsArrived = performance.now()));
          }
          return response;
        };
        const observer = new MutationObserver(() => {
          if (window.__treeRendered === undefined && document.querySelectorAll('[role="treeitem"]').length >= 500) window.__treeRendered = performance.now();
        });
        document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
      });
      const renders: number[] = [];
      for (let i = 0; i < RENDERS + 2; i += 1) {
        await page.goto(`${gateway.url}/organization/${org}/ous`);
        await page.waitForFunction(() => window.__treeRendered !== undefined && window.__unitsArrived !== undefined, null, { timeout: 60_000 });
        const ms = await page.evaluate(() => (window.__treeRendered ?? 0) - (window.__unitsArrived ?? 0));
        if (i >= 2) renders.push(ms); // the first two warm the caches and the JIT
      }
      renders.sort((a, b) => a - b);
      const ratio = percentile(inherited, 50) / percentile(plain, 50);
      return [
        latencyRow('units: organization of 500 units, inheritAttributes=TRUE', inherited, 'GET /api/organization/{uuid}?inheritAttributes=TRUE'),
        { ...latencyRow('units: same read without inheritance (peer)', plain, 'GET /api/organization/{uuid}'), figure: `inherit/plain ${ratio.toFixed(2)}x` },
        { ...latencyRow('units: unit tree screen, 500 rows after data arrives', renders, 'Chromium, production build; goal under 100 ms') },
      ];
    } finally {
      await browser.close();
    }
  } finally {
    await gateway.stop();
  }
}
