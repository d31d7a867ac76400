/**
 * The app's module worker: exposes the jobs of worker/jobs.ts over comlink. Created lazily by
 * src/offline/worker-jobs.ts with `new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module' })`.
 */
// first: no zod schema may be built before zod is told not to compile (CSP, no eval)
import '../src/domain/zod-jitless';
import * as Comlink from 'comlink';
import { jobs } from './jobs';

Comlink.expose(jobs);
