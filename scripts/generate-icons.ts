/**
 * Draws the app icons as PNG files under public/ (committed; run again only when the design changes):
 *
 *   node --import tsx scripts/generate-icons.ts
 *
 * The same picture as public/icon.svg: a purple 'L' on the dark navy tile of the header. Chromium
 * needs PNG icons of 192 and 512 pixels to call the app installable; the maskable one fills its
 * square (the launcher cuts its own shape), with the 'L' well inside the safe zone.
 * Pixels are 4×4 supersampled, so the rounded corners are smooth. No image library: a PNG is a
 * zlib stream of RGBA rows in a few CRC-checked chunks.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];
const TILE: Rgb = [0x1f, 0x24, 0x38];
const LETTER: Rgb = [0x77, 0x46, 0xc6];

/** The picture on a 512-unit square, as in icon.svg: what colour covers (x, y), or null. */
function paint(x: number, y: number, rounded: boolean): Rgb | null {
  const radius = 96;
  if (rounded) {
    const cx = Math.min(Math.max(x, radius), 512 - radius);
    const cy = Math.min(Math.max(y, radius), 512 - radius);
    if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return null;
  }
  const stem = x >= 176 && x < 232 && y >= 128 && y < 384;
  const foot = x >= 176 && x < 352 && y >= 328 && y < 384;
  return stem || foot ? LETTER : TILE;
}

function render(size: number, rounded: boolean): Buffer {
  const samples = 4;
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py += 1) {
    const row = py * (size * 4 + 1);
    rows[row] = 0; // filter: none
    for (let px = 0; px < size; px += 1) {
      let r = 0, g = 0, b = 0, covered = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = paint(((px + (sx + 0.5) / samples) * 512) / size, ((py + (sy + 0.5) / samples) * 512) / size, rounded);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered += 1;
        }
      }
      const at = row + 1 + px * 4;
      if (covered > 0) {
        rows[at] = Math.round(r / covered);
        rows[at + 1] = Math.round(g / covered);
        rows[at + 2] = Math.round(b / covered);
      }
      rows[at + 3] = Math.round((covered / samples ** 2) * 255);
    }
  }
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function png(size: number, rounded: boolean): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(render(size, rounded), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true },
  { file: 'icon-512.png', size: 512, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, rounded: false },
];
for (const icon of icons) {
  const path = resolve('public', icon.file);
  writeFileSync(path, png(icon.size, icon.rounded));
  console.log(`wrote ${path}`);
}
