/**
 * Starts worker/node-entry.ts in a node worker thread (tests, benchmarks). Node 20 does not apply
 * `execArgv: ['--import', 'tsx']` to a worker's own module loading (ERR_UNKNOWN_FILE_EXTENSION), so
 * a small bootstrap loads the entry through tsx's tsImport, which works on Node 20 and 22. tsx is
 * resolved from the working directory: the project root, where vitest and `npm run bench` run.
 */
import { Worker } from 'node:worker_threads';

export function startNodeWorker(): Worker {
  const entry = new URL('./node-entry.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api')
    .then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))
    .catch((error) => setImmediate(() => { throw error; }));`;
  return new Worker(bootstrap, { eval: true });
}
