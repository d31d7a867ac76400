// Each run of the gateway suite migrates its own template database (test-helpers.ts): one left by
// an earlier run may hold another version's schema.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGLITE_TEMPLATE } from './test-helpers';

export default function setup(): void {
  rmSync(join(PGLITE_TEMPLATE, '..'), { recursive: true, force: true });
}
