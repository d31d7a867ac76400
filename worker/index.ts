/**
 * The app's module worker: exposes the jobs of worker/jobs.ts over comlink. Created lazily by
 * src/offline/worker-jobs.ts with `new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module' })`.
 */
import * as Comlink from 'comlink';
import { jobs } from './jobs';

Comlink.expose(jobs);
