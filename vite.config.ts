import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { BUDGETS, budgets } from './scripts/budgets.ts';
import { warningGate } from './scripts/build-warnings.ts';
import { mantineStyles } from './scripts/mantine-styles.ts';

// The app is built into dist/ and served by the gateway (server/) from the same origin as /api.
// `npm run build` then bundles the service worker into dist/sw.js (scripts/build-sw.ts).

/** LOBBY_VERSION when set, else the package version with the build time, e.g. 0.1.0+20250301T083000Z. */
function buildVersion(): string {
  const fromEnv = process.env.LOBBY_VERSION?.trim();
  if (fromEnv) return fromEnv;
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${pkg.version}+${stamp}`;
}

const version = buildVersion();

const SEP = '[\\\\/]';
/** Modules of these packages (a package name may be a pattern: '@floating-ui/[^/]+'). */
const lib = (...packages: string[]) => new RegExp(`node_modules${SEP}(${packages.map((name) => name.replaceAll('/', SEP)).join('|')})${SEP}`);
/** Modules of these components of @mantine/core. */
const mantineComponents = (...components: string[]) => new RegExp(`node_modules${SEP}@mantine${SEP}core${SEP}esm${SEP}components${SEP}(${components.join('|')})${SEP}`);
const MANTINE = lib('@mantine/core', '@mantine/hooks', 'clsx');
const mantineHooks = (...hooks: string[]) => new RegExp(`node_modules${SEP}@mantine${SEP}hooks${SEP}esm${SEP}(${hooks.join('|')})${SEP}`);
const oneOf =
  (...patterns: RegExp[]) =>
  (id: string) =>
    patterns.some((pattern) => pattern.test(id));
const MANTINE_INPUTS = oneOf(mantineComponents('Checkbox', 'Radio', 'Switch', 'Textarea', 'FileInput', 'FileButton', 'Fieldset', 'Chip', 'NumberInput', 'SegmentedControl', 'CopyButton'), mantineHooks('use-drag', 'use-clipboard'));
const MANTINE_OVERLAYS = oneOf(
  mantineComponents('Combobox', 'Select', 'MultiSelect', 'Autocomplete', 'TagsInput', 'Pill', 'PillsInput', 'Menu', 'Popover', 'HoverCard', 'Tooltip', 'Modal', 'ModalBase', 'Drawer', 'Portal', 'Overlay', 'FocusTrap', 'ScrollArea'),
  new RegExp(`@mantine${SEP}core${SEP}esm${SEP}utils${SEP}Floating${SEP}`),
  mantineHooks('use-focus-trap', 'use-focus-return', 'use-click-outside', 'use-long-press', 'use-window-event', 'use-mutation-observer'),
  // what the overlays position and lock scrolling with
  lib('@floating-ui/[^/]+', 'react-remove-scroll', 'react-remove-scroll-bar', 'react-style-singleton', 'use-sidecar', 'use-callback-ref', 'get-nonce', 'tslib'),
);
const MANTINE_LAYOUT = oneOf(
  mantineComponents('AppShell', 'Grid', 'SimpleGrid', 'Accordion', 'Table', 'Pagination', 'Tabs', 'List', 'Avatar', 'Badge', 'Image', 'FloatingIndicator', 'Collapse'),
  mantineHooks('use-collapse', 'use-pagination'),
);

/**
 * Chunks (ADR 0013, 0022), each named after what it holds, none over 500 kB: what the first page
 * needs statically loads at once, in a few files (`react`, `router`, `mantine`: the part of
 * Mantine the first screen uses, and `boot`: the entry, the app's start with the small libraries
 * it needs); what lazy screens share is one chunk per library or family of components:
 * `mantine-inputs` (checkboxes, radios, switches, text areas, file inputs), `mantine-overlays`
 * (selects, menus, modals, popovers and the floating-ui they position with), `mantine-layout` (the
 * signed-in frame, grids, tables, accordions), `mantine-more` (the rest of Mantine beyond the first
 * screen), `mantine-feedback` (notifications, the modals manager), `query`, `zod`, `dexie`. The
 * app's own shared modules are named by Rolldown after a module they hold. A higher priority takes
 * a module first; a group takes the modules its own ones import too, unless taken already.
 */
const CHUNK_GROUPS = [
  { name: 'react', test: lib('react', 'react-dom', 'scheduler'), priority: 20 },
  { name: 'router', test: lib('react-router', 'react-router-dom'), priority: 19 },
  { name: 'mantine', test: MANTINE, tags: ['$initial' as const], priority: 18 },
  { name: 'boot', tags: ['$initial' as const], priority: 17 },
  { name: 'mantine-more', test: (id: string) => MANTINE.test(id) && ![MANTINE_INPUTS, MANTINE_OVERLAYS, MANTINE_LAYOUT].some((family) => family(id)), priority: 16 },
  { name: 'mantine-inputs', test: MANTINE_INPUTS, priority: 15 },
  { name: 'mantine-overlays', test: MANTINE_OVERLAYS, priority: 14 },
  { name: 'mantine-layout', test: MANTINE_LAYOUT, priority: 13 },
  { name: 'mantine-feedback', test: lib('@mantine/modals', '@mantine/notifications', '@mantine/store', 'react-transition-group', '@babel/runtime'), priority: 12 },
  { name: 'query', test: lib('@tanstack/[^/]+'), priority: 11 },
  { name: 'zod', test: lib('zod'), priority: 10 },
  { name: 'dexie', test: lib('dexie', 'dexie-react-hooks'), priority: 9 },
];

/** The version in index.html too (<meta name="lobby-version">), readable without running the app. */
const versionMeta = (): Plugin => ({
  name: 'lobby-version-meta',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'lobby-version', content: version }, injectTo: 'head' }],
});

/** `npm run build` prints no warning: one fails the build (scripts/build-warnings.ts). */
const gate = warningGate();

/**
 * react-router's package names only its development build in its exports (remix-run/react-router
 * issue 14102): the built app takes the production one, the same code without the development
 * warnings. Tests and the dev server keep the development build and its warnings.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

export default defineConfig(({ command }) => ({
  customLogger: gate.logger,
  resolve: command === 'build' ? { alias: reactRouterProduction } : {},
  plugins: [react(), versionMeta(), budgets(), mantineStyles(), gate.plugin],
  define: { __LOBBY_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    // maps stay out of what is served: scripts/compress-dist.ts moves them to ./sourcemaps
    sourcemap: 'hidden',
    emptyOutDir: true,
    // the same limit as the budgets' (scripts/budgets.ts names the chunk over it)
    chunkSizeWarningLimit: BUDGETS.chunkKb,
    rolldownOptions: {
      // the build's timings depend on how busy the machine is: not a finding about the code
      checks: { bundlerTimings: false },
      output: {
        // the entry holds the `boot` group: named so, rather than after index.html
        entryFileNames: 'assets/boot-[hash].js',
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  // the web worker (worker/index.ts) by its name, not a second 'index'
  worker: { rolldownOptions: { output: { entryFileNames: 'assets/worker-[hash].js' } } },
  server: { proxy: { '/api': 'http://localhost:8080' } },
}));
