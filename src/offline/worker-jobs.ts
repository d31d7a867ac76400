/**
 * The page's side of the worker (docs/architecture.md "Worker"): save diffs and rate-code CSV parsing run in
 * a module worker, never on the main thread. The worker is created on first use, wrapped with
 * comlink, and terminated after WORKER_IDLE_MS without a job (as Excalidraw's worker pool does);
 * the next job starts a fresh one. Files go in as transferred ArrayBuffers; only results come back.
 * A worker that fails (load error, crash) rejects the jobs in flight and is replaced on next use.
 */
import * as Comlink from 'comlink';
import type { CsvImportCurrent, Jobs, ListName } from '../../worker/jobs';
import type { ImportPreview } from '../domain/csv-import-preview';
import type { ChangeSummary, HotelSaveBaseline } from '../domain/change-summary';
import type { HotelSaveDiff, HotelSaveDiffInput } from '../domain/hotel-save-diff';
import { RATE_CODE_CSV_MAX_BYTES, rateCodeCsvTooLarge, type RateCodeCsvResult } from '../domain/rate-code-csv';

export const WORKER_IDLE_MS = 30_000;
/** Records of a list the page takes from the worker at once: each part is a short task of the page. */
export const LIST_PART = 2_000;

/** A started worker as this module needs it: browsers get a module Worker, tests a node worker thread. */
export interface WorkerHandle {
  endpoint: Comlink.Endpoint;
  terminate(): void;
  /** calls `listener` if the worker fails: it could not load, crashed or exited */
  onError(listener: (error: Error) => void): void;
}

export interface WorkerJobsOptions {
  /** starts a worker (default: the app's module worker, worker/index.ts) */
  spawn?: () => WorkerHandle;
  /** idle time before the worker is terminated (default WORKER_IDLE_MS) */
  idleMs?: number;
}

export interface WorkerJobs {
  /** the diff, and what it adds, changes and removes against `before` (the lists as they were) */
  diffHotel(input: HotelSaveDiffInput, before?: HotelSaveBaseline): Promise<HotelSaveDiffWithSummary>;
  /** Reads a File (or takes an ArrayBuffer, which is transferred: detached here afterwards). */
  parseRateCodeCsv(file: Blob | ArrayBuffer, knownPackageExternalIds: Iterable<string>, keepRateCodes?: number): Promise<RateCodeCsvResult>;
  /** an import file compared with what the hotel holds now (a File is read; an ArrayBuffer transferred) */
  previewCsvImport(kind: 'rate-codes' | 'packages', file: Blob | ArrayBuffer, current: CsvImportCurrent): Promise<ImportPreview>;
  /**
   * A gateway answer holding a list (its bytes, transferred), parsed and checked in the worker and
   * taken back in parts of `LIST_PART`; null when it is not the list's contract.
   */
  readList(name: ListName, buffer: ArrayBuffer): Promise<unknown[] | null>;
  /** whether a worker is alive now */
  readonly running: boolean;
  /** terminates the worker now; jobs in flight reject */
  terminate(): void;
}

function spawnModuleWorker(): WorkerHandle {
  const worker = new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module' });
  return {
    endpoint: worker,
    terminate: () => worker.terminate(),
    onError(listener) {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        listener(new Error(event.message || 'The background worker failed.'));
      });
      worker.addEventListener('messageerror', () => listener(new Error('The background worker sent a message that could not be read.')));
    },
  };
}

interface Instance {
  remote: Comlink.Remote<Jobs>;
  handle: WorkerHandle;
  /** rejects when the worker fails or is terminated; raced against every job */
  failed: Promise<never>;
  fail(error: Error): void;
}

export function createWorkerJobs(options: WorkerJobsOptions = {}): WorkerJobs {
  const spawn = options.spawn ?? spawnModuleWorker;
  const idleMs = options.idleMs ?? WORKER_IDLE_MS;
  let current: Instance | null = null;
  let inFlight = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const clearIdle = () => {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = undefined;
  };

  const stop = (instance: Instance, error: Error) => {
    if (current === instance) {
      current = null;
      clearIdle();
    }
    instance.fail(error);
    instance.handle.terminate();
  };

  const start = (): Instance => {
    if (current !== null) return current;
    const handle = spawn();
    let fail!: (error: Error) => void;
    const failed = new Promise<never>((_, reject) => {
      fail = reject;
    });
    failed.catch(() => undefined); // observed by the jobs that race it
    const instance: Instance = { remote: Comlink.wrap<Jobs>(handle.endpoint), handle, failed, fail };
    handle.onError((error) => stop(instance, error));
    current = instance;
    return instance;
  };

  const run = async <T>(job: (remote: Comlink.Remote<Jobs>) => Promise<T>): Promise<T> => {
    clearIdle();
    const instance = start();
    inFlight += 1;
    try {
      return await Promise.race([job(instance.remote), instance.failed]);
    } finally {
      inFlight -= 1;
      if (inFlight === 0 && current === instance) {
        idleTimer = setTimeout(() => stop(instance, new Error('The background worker was stopped.')), idleMs);
      }
    }
  };

  return {
    diffHotel: (input, before) => run((remote) => remote.diffHotel(input, before)),
    async parseRateCodeCsv(file, knownPackageExternalIds, keepRateCodes) {
      const size = file instanceof ArrayBuffer ? file.byteLength : file.size;
      if (size > RATE_CODE_CSV_MAX_BYTES) return rateCodeCsvTooLarge();
      const buffer = file instanceof ArrayBuffer ? file : await file.arrayBuffer();
      const known = Array.from(knownPackageExternalIds);
      return run((remote) => remote.parseRateCodeCsv(Comlink.transfer(buffer, [buffer]), known, keepRateCodes));
    },
    async previewCsvImport(kind, file, current) {
      const buffer = file instanceof ArrayBuffer ? file : await file.arrayBuffer();
      return run((remote) => remote.previewCsvImport(kind, Comlink.transfer(buffer, [buffer]), current));
    },
    readList: (name, buffer) =>
      run(async (remote) => {
        const read = await remote.readList(name, Comlink.transfer(buffer, [buffer]));
        if (!read.ok) return null;
        const list: unknown[] = [];
        for (let from = 0; from < read.length; from += LIST_PART) {
          const part = await remote.takeList(read.id, from, LIST_PART);
          for (const item of part) list.push(item);
        }
        return list;
      }),
    get running() {
      return current !== null;
    },
    terminate() {
      if (current !== null) stop(current, new Error('The background worker was stopped.'));
    },
  };
}

let shared: WorkerJobs | null = null;
const sharedJobs = (): WorkerJobs => (shared ??= createWorkerJobs());

export type HotelSaveDiffWithSummary = HotelSaveDiff & { summary: ChangeSummary['items'] };

/** The hotel save diff (spec section 4) and its summary for the Sync page, computed in the worker. */
export function diffHotelInWorker(input: HotelSaveDiffInput, before?: HotelSaveBaseline): Promise<HotelSaveDiffWithSummary> {
  return sharedJobs().diffHotel(input, before);
}

/** Parses and validates a rate-code CSV in the worker; an ArrayBuffer given is transferred (detached here). */
export function parseRateCodeCsvInWorker(file: File | Blob | ArrayBuffer, knownPackageExternalIds: Iterable<string>, keepRateCodes?: number): Promise<RateCodeCsvResult> {
  return sharedJobs().parseRateCodeCsv(file, knownPackageExternalIds, keepRateCodes);
}

/**
 * A list the gateway answered, read off the main thread: its bytes are parsed and checked against
 * the list's contract in the worker and come back in parts, so a list of 100,000 never blocks the
 * page. Without workers (a test's DOM), read here. Null: not the list's contract.
 */
export async function readListInWorker(name: ListName, buffer: ArrayBuffer): Promise<unknown[] | null> {
  if (typeof Worker === 'undefined') {
    const { jobs } = await import('../../worker/jobs');
    const read = jobs.readList(name, buffer);
    return read.ok ? jobs.takeList(read.id, 0, read.length) : null;
  }
  return sharedJobs().readList(name, buffer);
}

/** What an import file would do to the hotel (added, changed, removed, kept, problems), computed in the worker. */
export function previewCsvImportInWorker(kind: 'rate-codes' | 'packages', file: File | Blob | ArrayBuffer, current: CsvImportCurrent): Promise<ImportPreview> {
  return sharedJobs().previewCsvImport(kind, file, current);
}
