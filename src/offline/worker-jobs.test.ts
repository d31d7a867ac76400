/**
 * The page's worker wrapper against a real worker thread speaking comlink (node's worker_threads
 * with comlink's node adapter stand in for the browser's module Worker).
 */
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { afterEach, describe, expect, it } from 'vitest';
import { startNodeWorker } from '../../worker/node-worker';
import { createWorkerJobs, LIST_PART, type WorkerHandle, type WorkerJobs } from './worker-jobs';

const started: { exited: Promise<number>; terminated: boolean; kill: () => void }[] = [];

function spawnNodeWorker(): WorkerHandle {
  const worker = startNodeWorker();
  const record = { exited: new Promise<number>((resolve) => worker.once('exit', resolve)), terminated: false, kill: () => void worker.terminate() };
  started.push(record);
  return {
    endpoint: nodeEndpoint(worker),
    terminate: () => {
      record.terminated = true;
      void worker.terminate();
    },
    onError: (listener) => {
      worker.on('error', listener);
      worker.on('exit', (code) => listener(new Error(`The worker exited (${code}).`)));
    },
  };
}

const csv = (rows: number) => {
  const text = `Rate Code,Package ID\n${Array.from({ length: rows }, (_, i) => `RC${i >> 2},${i % 2 ? 'SPA' : 'BREAKFAST'}`).join('\n')}\n`;
  const bytes = new TextEncoder().encode(text);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

let jobs: WorkerJobs | undefined;
afterEach(async () => {
  jobs?.terminate();
  await Promise.all(started.map((s) => s.exited));
  started.length = 0;
});

describe('createWorkerJobs', () => {
  it('starts the worker lazily, transfers the buffer, and answers the result', async () => {
    jobs = createWorkerJobs({ spawn: spawnNodeWorker });
    expect(jobs.running).toBe(false);
    expect(started).toHaveLength(0);
    const buffer = csv(8);
    const result = await jobs.parseRateCodeCsv(buffer, new Set(['SPA', 'BREAKFAST']));
    expect(buffer.byteLength).toBe(0); // transferred, not copied
    expect(result).toMatchObject({ ok: true, rows: 8, counts: { rateCodes: 2, pairs: 4, duplicatePairs: 4 } });
    // a File (Blob) is read here and its bytes transferred the same way; the same worker serves it
    const file = new File([csv(4)], 'codes.csv', { type: 'text/csv' });
    expect((await jobs.parseRateCodeCsv(file, ['SPA', 'BREAKFAST'])).rateCodes).toHaveLength(1);
    expect(started).toHaveLength(1);
    expect(jobs.running).toBe(true);
  }, 30_000);

  it('terminates the worker after the idle time and starts a fresh one for the next job', async () => {
    jobs = createWorkerJobs({ spawn: spawnNodeWorker, idleMs: 100 });
    const input = { packages: [], rateCodes: [], accessControls: [], server: { packages: [], rateCodes: [], accessControls: [] } };
    await jobs.diffHotel(input);
    await jobs.diffHotel(input);
    expect(started).toHaveLength(1);
    await started[0]?.exited;
    expect(started[0]?.terminated).toBe(true);
    expect(jobs.running).toBe(false);
    await jobs.diffHotel(input);
    expect(started).toHaveLength(2);
  }, 30_000);

  it('rejects the jobs in flight when the worker dies, and replaces it', async () => {
    jobs = createWorkerJobs({ spawn: spawnNodeWorker });
    const empty = { packages: [], rateCodes: [], accessControls: [], server: { packages: [], rateCodes: [], accessControls: [] } };
    await jobs.diffHotel(empty);
    const crashed = jobs.parseRateCodeCsv(csv(400_000), ['SPA', 'BREAKFAST']);
    started[0]?.kill(); // dies under the page's feet
    await expect(crashed).rejects.toThrow(/exited/);
    expect(jobs.running).toBe(false);
    const stopped = jobs.parseRateCodeCsv(csv(400_000), ['SPA', 'BREAKFAST']);
    jobs.terminate();
    await expect(stopped).rejects.toThrow(/stopped/);
    // errors thrown by a job come back as rejections and leave the worker alive
    await expect(jobs.diffHotel({ nope: 1 } as never)).rejects.toThrow(/Invalid hotel save/);
    expect(jobs.running).toBe(true);
    expect(started).toHaveLength(3);
  }, 30_000);

  it('reads a list answer in the worker and takes it back in parts, whole and in order', async () => {
    jobs = createWorkerJobs({ spawn: spawnNodeWorker });
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const data = Array.from({ length: LIST_PART * 2 + 7 }, (_, n) => ({ uuid: id(n), orgUuid: id(1), hotelUuid: id(2), name: `P${n}`, externalId: `P${n}`, calculationRule: 'ADULT', deleted: false, version: 1 }));
    const buffer = new TextEncoder().encode(JSON.stringify({ data })).buffer as ArrayBuffer;
    expect(await jobs.readList('pms-packages', buffer)).toEqual(data);
    expect(buffer.byteLength).toBe(0); // transferred, not copied
    expect(await jobs.readList('pms-packages', new TextEncoder().encode('{"data":[{"uuid":1}]}').buffer as ArrayBuffer)).toBeNull();
  }, 30_000);

  it('refuses a file over the size limit without reading it or starting a worker', async () => {
    jobs = createWorkerJobs({ spawn: spawnNodeWorker });
    const huge = { size: 200 * 1024 * 1024, arrayBuffer: () => Promise.reject(new Error('read')) } as unknown as Blob;
    expect((await jobs.parseRateCodeCsv(huge, [])).problems[0]?.message).toMatch(/larger than/);
    expect(started).toHaveLength(0);
  });
});
