// Each run of the gateway suite migrates its own template database (test-helpers.ts): one left by
// an earlier run may hold another version's schema. A run on PostgreSQL (DATABASE_URL) uses no
// PGlite template, and leaves this one alone: CI runs it beside `npm test`'s run on PGlite (.ci/run).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGLITE_TEMPLATE } from './test-helpers';

export default function setup(): void {
  if (process.env.DATABASE_URL) return;
  rmSync(join(PGLITE_TEMPLATE, '..'), { recursive: true, force: true });
}
