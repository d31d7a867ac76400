/**
 * The same jobs exposed over node's worker_threads with comlink's node adapter, so tests drive the
 * real comlink protocol (messages, transfers, errors) in node:
 *   new Worker(new URL('./node-entry.ts', import.meta.url), { execArgv: ['--import', 'tsx'] })
 */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import { jobs } from './jobs';

if (parentPort === null) throw new Error('worker/node-entry.ts runs in a worker thread.');
Comlink.expose(jobs, nodeEndpoint(parentPort));
