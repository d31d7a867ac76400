/**
 * Builds the service worker after `vite build`: bundles sw/sw.ts into one classic script (Workbox,
 * zod and the outbox replay of src/offline included), then writes <out>/sw.js with the precache
 * manifest of the built app in place of self.__WB_MANIFEST.
 *
 * The bundler is Vite's (Rolldown), not esbuild: measured on this worker, esbuild keeps all of zod's
 * locales (the `z` namespace is not tree-shaken), 590 kB against 225 kB minified.
 *
 *   node --import tsx scripts/build-sw.ts [--out-dir dist]
 *
 * The manifest lists the shell: index.html, the hashed assets (revisioned by their names), config.js,
 * the web app manifest and the icons; never source maps nor sw.js itself.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { build, createLogger } from 'vite';
import { warningGate } from './build-warnings.ts';

/** What the service worker precaches: the shell, never source maps nor sw.js itself. */
const SHELL = [/^index\.html$/, /^config\.js$/, /^manifest\.webmanifest$/, /^icon[^/]*\.(svg|png)$/, /^assets\/.+\.(js|css|woff2?|svg|png|jpe?g|webp)$/];
/** Hashed names change with their content: no revision needed to bust them. */
const HASHED = /^assets\//;
const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Where Workbox's precacheAndRoute expects the manifest (the same contract as workbox-build). */
const MANIFEST_MARK = 'self.__WB_MANIFEST';

interface ManifestEntry {
  url: string;
  revision: string | null;
}

/**
 * The precache manifest of a built app, as workbox-build's injectManifest would write it. Done here
 * because workbox-build pulls in rollup, whose optional native packages this registry does not
 * carry, which leaves a lock file `npm ci` refuses.
 */
function precacheManifest(out: string): { entries: ManifestEntry[]; size: number } {
  const entries: ManifestEntry[] = [];
  let size = 0;
  const files = (readdirSync(out, { recursive: true }) as string[]).map((file) => file.split(sep).join('/')).sort();
  for (const url of files) {
    if (!SHELL.some((pattern) => pattern.test(url))) continue;
    const content = readFileSync(join(out, url));
    if (content.length > MAX_FILE_BYTES) {
      console.warn(`build-sw: ${url} is over ${MAX_FILE_BYTES} bytes and is not precached`);
      continue;
    }
    size += content.length;
    entries.push({ url, revision: HASHED.test(url) ? null : createHash('md5').update(content).digest('hex') });
  }
  return { entries, size };
}

export async function buildServiceWorker(outDir: string): Promise<{ count: number; size: number }> {
  const out = resolve(outDir);
  if (!existsSync(join(out, 'index.html'))) throw new Error(`No built app in ${out}: run vite build first`);
  const work = mkdtempSync(join(tmpdir(), 'lobby-sw-'));
  try {
    const bundled = join(work, 'sw.js');
    // a warning fails this build too, as it does the app's (vite.config.ts)
    const gate = warningGate(createLogger('warn'));
    await build({
      configFile: false,
      customLogger: gate.logger,
      plugins: [gate.plugin],
      publicDir: false,
      mode: 'production',
      // Workbox's own logging and assertions are for development builds only
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        outDir: work,
        emptyOutDir: false,
        copyPublicDir: false,
        minify: true,
        sourcemap: false,
        target: 'es2022',
        lib: { entry: resolve('sw/sw.ts'), formats: ['iife'], name: 'lobbyServiceWorker', fileName: () => 'sw.js' },
      },
    });
    const manifest = precacheManifest(out);
    const source = readFileSync(bundled, 'utf8');
    const marks = source.split(MANIFEST_MARK).length - 1;
    if (marks !== 1) throw new Error(`sw/sw.ts must use ${MANIFEST_MARK} exactly once (found ${marks})`);
    writeFileSync(join(out, 'sw.js'), source.replace(MANIFEST_MARK, JSON.stringify(manifest.entries)));
    return { count: manifest.entries.length, size: manifest.size };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'dist' } } });
const outDir = values['out-dir'] ?? 'dist';
buildServiceWorker(outDir).then(
  ({ count, size }) => console.log(`sw.js: ${count} files precached (${(size / 1024).toFixed(0)} kB) in ${resolve(outDir)}`),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
