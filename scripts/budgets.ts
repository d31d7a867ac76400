/**
 * Size budgets of the built app, checked by `vite build` (a plugin in vite.config.ts): over budget,
 * the build fails and names the chunk. Sizes are gzip (level 9), what a hotel network carries.
 *
 * - the JavaScript a cold visit to /login loads: the entry, its static imports, and the login
 *   route's chunk with its static imports;
 * - each lazy route chunk (a dynamic import) on its own;
 * - each stylesheet;
 * - each chunk's minified size (Vite's chunkSizeWarningLimit is set from it, so both say the same):
 *   one file is one parse, compile and code-cache task on the main thread;
 * - each chunk's name: short, saying what it holds (vite.config.ts names the shared ones).
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export const KIB = 1024;
export const BUDGETS = {
  coldLoginJs: 200 * KIB,
  lazyChunk: 60 * KIB,
  css: 40 * KIB,
  /** minified, in Vite's unit (kB of 1000 bytes) */
  chunkKb: 500,
  chunkName: 40,
} as const;

/** The part of a Rolldown output chunk or asset the budgets read. */
export type BundleItem =
  | { type: 'chunk'; name: string; fileName: string; code: string; isEntry: boolean; isDynamicEntry: boolean; facadeModuleId: string | null; imports: string[] }
  | { type: 'asset'; fileName: string; source: string | Uint8Array };

export interface BudgetReport {
  lines: string[];
  failures: string[];
}

export const gzipSize = (content: string | Uint8Array) => gzipSync(content, { level: 9 }).length;
const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

/** The chunk and everything it imports statically, each once. */
function staticClosure(start: string, chunks: Map<string, Extract<BundleItem, { type: 'chunk' }>>, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  seen.add(start);
  for (const next of chunks.get(start)?.imports ?? []) staticClosure(next, chunks, seen);
  return seen;
}

/** Check a bundle against the budgets; `loginModule` names the login route's source file. */
export function checkBudgets(bundle: BundleItem[], loginModule = 'src/features/auth/pages/login-page.tsx'): BudgetReport {
  const chunks = new Map(bundle.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
  const sizes = new Map<string, number>();
  const sizeOf = (fileName: string) => {
    let size = sizes.get(fileName);
    if (size === undefined) {
      size = gzipSize(chunks.get(fileName)?.code ?? '');
      sizes.set(fileName, size);
    }
    return size;
  };
  const lines: string[] = [];
  const failures: string[] = [];

  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  const login = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(loginModule));
  if (!entry || !login) {
    failures.push(`budgets: could not find the ${entry ? 'login route chunk' : 'entry chunk'} in the build`);
    return { lines, failures };
  }
  const coldLogin = staticClosure(login.fileName, chunks, staticClosure(entry.fileName, chunks));
  const coldLoginBytes = [...coldLogin].reduce((sum, name) => sum + sizeOf(name), 0);
  lines.push(`cold /login JS: ${kib(coldLoginBytes)} gzipped in ${coldLogin.size} files (budget ${kib(BUDGETS.coldLoginJs)})`);
  if (coldLoginBytes > BUDGETS.coldLoginJs) {
    const biggest = [...coldLogin].sort((a, b) => sizeOf(b) - sizeOf(a)).slice(0, 3).map((name) => `${name} ${kib(sizeOf(name))}`);
    failures.push(`cold /login JS is ${kib(coldLoginBytes)} gzipped, over its budget of ${kib(BUDGETS.coldLoginJs)} (largest: ${biggest.join(', ')})`);
  }

  for (const chunk of chunks.values()) {
    if (!chunk.isDynamicEntry) continue;
    const size = sizeOf(chunk.fileName);
    if (size > BUDGETS.lazyChunk) failures.push(`lazy chunk ${chunk.fileName} is ${kib(size)} gzipped, over its budget of ${kib(BUDGETS.lazyChunk)}`);
  }
  const largestLazy = [...chunks.values()].filter((chunk) => chunk.isDynamicEntry).sort((a, b) => sizeOf(b.fileName) - sizeOf(a.fileName))[0];
  if (largestLazy) lines.push(`largest lazy chunk: ${largestLazy.fileName} ${kib(sizeOf(largestLazy.fileName))} (budget ${kib(BUDGETS.lazyChunk)} each)`);

  for (const chunk of chunks.values()) {
    const kb = Buffer.byteLength(chunk.code) / 1000;
    if (kb > BUDGETS.chunkKb) failures.push(`chunk ${chunk.fileName} is ${kb.toFixed(0)} kB minified, over its budget of ${BUDGETS.chunkKb} kB: split it (vite.config.ts CHUNK_GROUPS)`);
    if (chunk.name.length > BUDGETS.chunkName) {
      failures.push(`chunk ${chunk.fileName} has a name of ${chunk.name.length} characters, over ${BUDGETS.chunkName}: name what it holds (vite.config.ts CHUNK_GROUPS)`);
    }
  }

  for (const item of bundle) {
    if (item.type !== 'asset' || !item.fileName.endsWith('.css')) continue;
    const size = gzipSize(item.source);
    lines.push(`${item.fileName}: ${kib(size)} gzipped (budget ${kib(BUDGETS.css)})`);
    if (size > BUDGETS.css) failures.push(`stylesheet ${item.fileName} is ${kib(size)} gzipped, over its budget of ${kib(BUDGETS.css)}`);
  }
  return { lines, failures };
}

/** The Vite plugin: prints the figures and fails the build over budget. */
export function budgets(): Plugin {
  return {
    name: 'lobby-budgets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report = checkBudgets(Object.values(bundle) as BundleItem[]);
      for (const line of report.lines) this.info(line);
      if (report.failures.length > 0) this.error(`Over budget:\n- ${report.failures.join('\n- ')}`);
    },
  };
}
