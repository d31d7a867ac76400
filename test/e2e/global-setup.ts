// Each run of the journeys seeds its own template data directory (harness.ts): one left by an
// earlier run may hold another version's schema or seed.
import { rmSync } from 'node:fs';
import { TEMPLATE_DIR, TEMPLATE_LOCK } from './harness';

export default function setup(): void {
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  // a lock left by a run that was stopped while seeding
  rmSync(TEMPLATE_LOCK, { recursive: true, force: true });
}
