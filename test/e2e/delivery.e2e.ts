/**
 * What a hotel network carries and what the operator is told about it, on the real build:
 * - every file the service worker precaches is served, compressed as the browser accepts, and reads
 *   back to the exact bytes of the build (the precache is what the worker asks for);
 * - the header says Offline within 5 s of the gateway stopping, with nothing queued, and clears
 *   within 5 s of its return.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, startGateway, type Browser, type Gateway } from './harness';
import { signIn } from './journeys';
import { expectAccessible } from './axe';

const dataDir = mkdtempSync(join(tmpdir(), 'lobby-delivery-'));
let gateway: Gateway;

beforeAll(async () => {
  gateway = await startGateway({}, dataDir);
});
afterAll(async () => {
  await gateway.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The precache manifest the build wrote into dist/sw.js. */
function precachedUrls(): string[] {
  const source = readFileSync('dist/sw.js', 'utf8');
  const urls = [...source.matchAll(/\{"url":"([^"]+)","revision":(?:null|"[0-9a-f]+")\}/g)].map((match) => match[1] as string);
  return urls;
}

describe('delivery', () => {
  it('serves every precached file compressed as accepted, byte for byte the build', async () => {
    const urls = precachedUrls();
    expect(urls).toContain('index.html');
    expect(urls.some((url) => /^assets\/.+\.js$/.test(url))).toBe(true);
    expect(urls.some((url) => url.endsWith('.map'))).toBe(false);
    let compressed = 0;
    for (const url of urls) {
      const built = readFileSync(join('dist', url));
      for (const encoding of ['br', 'gzip', 'identity'] as const) {
        // node's fetch would decompress on its own; ask for the raw bytes with a plain request
        const answer = await rawGet(`${gateway.url}/${url}`, encoding);
        expect(answer.status, `${url} (${encoding})`).toBe(200);
        const body = answer.encoding === 'br' ? brotliDecompressSync(answer.body) : answer.encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
        expect(body.equals(built), `${url} (${encoding}) differs from the build`).toBe(true);
        if (encoding === 'identity') expect(answer.encoding).toBeUndefined();
        else if (built.length >= 1024 && /\.(js|css|html|svg|json|webmanifest)$/.test(url)) {
          expect(answer.encoding, `${url} (${encoding})`).toBe(encoding);
          compressed += 1;
        }
      }
    }
    expect(compressed).toBeGreaterThan(4);
  });
});

async function rawGet(url: string, encoding: string): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the Offline indicator', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('says Offline within 5 s of the gateway stopping with nothing queued, and clears within 5 s of its return', async () => {
    const { page } = browser;
    await signIn(page, gateway.url);
    const offline = page.getByTestId('offline-indicator');
    await page.getByText('ALL CHANGES SAVED').waitFor();
    expect(await offline.count()).toBe(0);

    const port = Number(new URL(gateway.url).port);
    await gateway.stop();
    const stoppedAt = Date.now();
    await offline.waitFor({ state: 'visible', timeout: 5_000 });
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    await expect(offline.textContent()).resolves.toMatch(/offline/i);
    await expectAccessible(page, 'organizations, offline');

    gateway = await startGateway({}, dataDir, { port });
    const backAt = Date.now();
    await offline.waitFor({ state: 'detached', timeout: 5_000 });
    expect(Date.now() - backAt).toBeLessThan(5_000);
  });
});
