/**
 * Last step of `npm run build`, after the service worker is written: source maps leave dist/ (they
 * hold the whole source and are never served; kept in ./sourcemaps for debugging), and every text
 * file of 1 KB or more gets a Brotli (.br) and a gzip (.gz) copy beside it, which the gateway serves
 * by Accept-Encoding (server/plugins/spa.ts), the service worker's precache requests included.
 *
 *   node --import tsx scripts/compress-dist.ts [--out-dir dist] [--maps-dir sourcemaps]
 */
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text the browser asks for; images other than SVG are already compressed. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
export const MIN_BYTES = 1024;

export interface CompressResult {
  files: number;
  raw: number;
  brotli: number;
  gzip: number;
  maps: number;
}

export function compressDist(outDir: string, mapsDir: string): CompressResult {
  const out = resolve(outDir);
  const maps = resolve(mapsDir);
  rmSync(maps, { recursive: true, force: true });
  const result: CompressResult = { files: 0, raw: 0, brotli: 0, gzip: 0, maps: 0 };
  const files = (readdirSync(out, { recursive: true }) as string[]).map((file) => file.split(sep).join('/')).sort();
  for (const file of files) {
    const path = join(out, file);
    if (!statSync(path).isFile()) continue;
    if (file.endsWith('.map')) {
      const target = join(maps, relative(out, path));
      mkdirSync(dirname(target), { recursive: true });
      renameSync(path, target);
      result.maps += 1;
      continue;
    }
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gzip = gzipSync(content, { level: 9 });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzip);
    result.files += 1;
    result.raw += content.length;
    result.brotli += brotli.length;
    result.gzip += gzip.length;
  }
  return result;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename);
if (isMain) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'dist' }, 'maps-dir': { type: 'string', default: 'sourcemaps' } } });
  const result = compressDist(values['out-dir'] ?? 'dist', values['maps-dir'] ?? 'sourcemaps');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
  console.log(
    `compressed ${result.files} files: ${kb(result.raw)} raw, ${kb(result.brotli)} brotli, ${kb(result.gzip)} gzip; ${result.maps} source maps moved out of ${values['out-dir']}`,
  );
}
