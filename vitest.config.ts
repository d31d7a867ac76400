import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { DOM_MOCKING } from './test/dom-mocking';

// Five projects: pure logic (node), components (happy-dom; those that replace modules in a project of
// their own), the gateway on real PGlite or PostgreSQL (DATABASE_URL), and end-to-end journeys in
// Debian's Chromium against the built app.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // pure modules: one module graph for all files (46 s -> 15 s here); no file mocks modules
          isolate: false,
          // a bound for a hung test, not a speed check: a loaded 2-core machine runs the slowest ones many times slower
          testTimeout: 30_000,
          include: ['src/**/*.test.ts', 'worker/**/*.test.ts', 'sw/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          // one module graph and one document per worker, as the unit project (alone: 122 s and 222
          // CPU-s -> 87 s and 141 CPU-s); test/setup-dom.ts empties what a test leaves behind, and the
          // files that replace modules (vi.mock) run in 'dom-isolated' (docs/adr/0052)
          isolate: false,
          // a bound for a hung test: findBy waits up to 15 s for a screen (test/setup-dom.ts), a journey
          // through a wizard takes several of those on a loaded machine
          testTimeout: 60_000,
          include: ['src/**/*.test.tsx'],
          exclude: DOM_MOCKING,
          setupFiles: ['test/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-isolated',
          environment: 'happy-dom',
          testTimeout: 60_000,
          include: DOM_MOCKING,
          setupFiles: ['test/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'gateway',
          environment: 'node',
          // each file builds its own app on its own database (test-helpers.ts): the server's modules,
          // and PGlite's compiled WebAssembly, are loaded once per worker, not once per file
          // (measured alone: 289 s and 411 CPU-s -> 199 s and 259 CPU-s)
          isolate: false,
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test-global-setup.ts'],
          // bounds for a hung test, not speed checks: a loaded 2-core machine runs a big import many times slower
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.ts'],
          setupFiles: ['test/e2e/setup-e2e.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // bounds for a hung journey; a loaded 2-core machine runs them several times slower
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // two journey files at a time: a journey mostly waits on its browser and gateway (about half
          // a core each, measured), so one at a time left the machine idle; each file has its own
          // gateway, port, data directory and browser profile (harness.ts takes the template's lock)
          maxWorkers: 2,
        },
      },
    ],
  },
});
