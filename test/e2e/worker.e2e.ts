/**
 * The worker in Debian's Chromium: the app's worker module, bundled by Vite as the app is, parses a
 * rate-code CSV handed over as a transferred ArrayBuffer (gone from the page afterwards) or a File,
 * validates every row, and diffs a hotel save with package localIds mapped to uuids; only results
 * come back to the page.
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, openBrowser, type Browser } from './harness';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
let outDir: string;
let server: Server;
let url: string;
let browser: Browser;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'lobby-worker-page-'));
  await build({ configFile: false, logLevel: 'warn', root: resolve('test/e2e/fixtures/worker-page'), base: '/', build: { outDir, emptyOutDir: true }, worker: { format: 'es' } });
  const port = await freePort();
  server = createServer((request, response) => {
    const path = join(outDir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = existsSync(path) && statSync(path).isFile() ? path : join(outDir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  url = `http://127.0.0.1:${port}/`;
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
  rmSync(outDir, { recursive: true, force: true });
});

describe('the worker in the browser', () => {
  it('parses and validates a transferred CSV and a File, and diffs a hotel save, off the main thread', async () => {
    const { page } = browser;
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(url);
    const result = await page.evaluate(() => window.checkWorker());
    expect(workers.length).toBeGreaterThan(0);
    expect(result).toMatchObject({ bytesLeftHere: 0, ok: true, rateCodes: 1000, refusedOk: false });
    expect((result as { sentBytes: number }).sentBytes).toBeGreaterThan(100_000);
    expect((result as { refusedProblems: string[] }).refusedProblems).toEqual([expect.stringContaining('UNKNOWN')]);
    const { newPackageUuid, rateCodePackages } = result as { newPackageUuid: string; rateCodePackages: string[] };
    expect(newPackageUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(rateCodePackages).toEqual([newPackageUuid]);
  });
});
