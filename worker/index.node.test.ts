/**
 * Drives the real comlink protocol between threads: the jobs run in a node worker thread
 * (worker/node-entry.ts, loaded through tsx by worker/node-worker.ts), the buffer is transferred,
 * results and errors come back.
 */
import type { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Jobs } from './jobs';
import { startNodeWorker } from './node-worker';

let worker: Worker;
let remote: Comlink.Remote<Jobs>;

beforeAll(() => {
  worker = startNodeWorker();
  remote = Comlink.wrap<Jobs>(nodeEndpoint(worker));
});

afterAll(async () => {
  remote[Comlink.releaseProxy]();
  await worker.terminate();
});

describe('worker over comlink', () => {
  it('takes the CSV as a transferred ArrayBuffer (detached here) and answers the result', async () => {
    const bytes = new TextEncoder().encode('Rate Code,Package ID\nBB,SPA\nBB,BREAKFAST\n');
    const buffer = bytes.buffer.slice(0) as ArrayBuffer;
    expect(buffer.byteLength).toBe(bytes.byteLength);
    const result = await remote.parseRateCodeCsv(Comlink.transfer(buffer, [buffer]), ['SPA', 'BREAKFAST']);
    expect(buffer.byteLength).toBe(0); // moved to the worker, not copied
    expect(() => new Uint8Array(buffer, 0, 1)).toThrow();
    expect(result).toMatchObject({ ok: true, rateCodes: [{ name: 'BB', packageExternalIds: ['SPA', 'BREAKFAST'] }] });
  }, 30_000);

  it('runs the hotel diff in the worker and rejects invalid input with its message', async () => {
    const diff = await remote.diffHotel({
      packages: [{ localId: 'l1', name: 'SPA', externalId: 'SPA', calculationRule: 'PERSON' }],
      rateCodes: [],
      accessControls: [],
      server: { packages: [], rateCodes: [], accessControls: [] },
    });
    expect(diff.packages.newPackages).toEqual([{ uuid: diff.generatedUuids.packages.l1, name: 'SPA', externalId: 'SPA', calculationRule: 'PERSON' }]);
    await expect(remote.diffHotel({ nope: true } as never)).rejects.toThrow(/Invalid hotel save/);
  }, 30_000);
});
