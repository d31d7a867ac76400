// Each run of the journeys seeds its own template data directory (harness.ts): one left by an
// earlier run may hold another version's schema or seed.
import { rmSync } from 'node:fs';
import { TEMPLATE_DIR } from './harness';

export default function setup(): void {
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
}
