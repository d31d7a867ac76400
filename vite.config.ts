import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { budgets } from './scripts/budgets.ts';

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

/** The version in index.html too (<meta name="lobby-version">), readable without running the app. */
const versionMeta = (): Plugin => ({
  name: 'lobby-version-meta',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'lobby-version', content: version }, injectTo: 'head' }],
});

export default defineConfig({
  plugins: [react(), versionMeta(), budgets()],
  define: { __LOBBY_VERSION__: JSON.stringify(version) },
  build: {
    outDir: 'dist',
    // maps stay out of what is served: scripts/compress-dist.ts moves them to ./sourcemaps
    sourcemap: 'hidden',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // what the first page needs before anything renders, in one file: fewer round trips on a slow network
            { name: 'boot', tags: ['$initial'], priority: 2 },
            // libraries shared by lazy screens, grouped by the screens that use them
            { name: 'lib', test: /node_modules/, entriesAware: true, entriesAwareMergeThreshold: 8 * 1024, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
