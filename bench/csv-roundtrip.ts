/**
 * 100,000 rate codes round-tripped through CSV against the real gateway (PGlite): the first import
 * (upload + apply), the export (GET …/pms-rate-code/export), the worker's preview of the exported
 * file with 1% of its codes given another package (worker/jobs.ts previewCsvImport, run here as
 * the worker runs it), and that file applied (upload + apply: 1,000 changed, the rest untouched).
 * Each part is timed once (n 1): a file this size is the figure, not a latency distribution.
 * Not measured here: the same in Chromium with the page's longest task (left for the browser bench).
 */
import { randomUUID } from 'node:crypto';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startGateway } from '../test/e2e/harness';
import { jobs } from '../worker/jobs';
import { rateCodeCsvBytes } from './csv';
import type { Row } from './stats';

const CODES = 100_000;
const ROWS_PER_CODE = 5;
const PACKAGES = Array.from({ length: 40 }, (_, i) => `PKG_${['BREAKFAST', 'SPA', 'DINNER', 'PARKING', 'LATE_CHECKOUT'][i % 5]}_${String(i).padStart(2, '0')}`);

export async function csvRoundTripBench(): Promise<Row[]> {
  const gateway = await startGateway({ LOG_LEVEL: 'warn' });
  try {
    const session = await fetch(`${gateway.url}/api/authentication/v1/users/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }) });
    const token = ((await session.json()) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    const orgs = (await (await fetch(`${gateway.url}/api/organization/v1/organization`, { headers: auth })).json()) as { data: { uuid: string; name: string }[] };
    const org = orgs.data.find((item) => item.name === 'Demo Hospitality Group')?.uuid ?? '';
    const hotel = randomUUID();
    const created = await fetch(`${gateway.url}/api/organization/${org}/hotel/${hotel}/save`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ hotel: { parentUuid: null, attributes: { NAME: 'Bench CSV round trip' } }, packages: { newPackages: PACKAGES.map((externalId) => ({ uuid: randomUUID(), externalId, calculationRule: 'ADULT' })) } }),
    });
    if (created.status !== 201) throw new Error(`hotel answered ${created.status}`);
    const base = `${gateway.url}/api/organization/${org}/hotel/${hotel}/pms-rate-code`;
    const upload = async (bytes: ArrayBuffer) => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'text/csv' }), 'rate-codes.csv');
      const start = performance.now();
      const response = await fetch(`${base}/import`, { method: 'POST', headers: auth, body: form });
      const answer = (await response.json()) as { succeed?: boolean; message?: string };
      if (answer.succeed !== true) throw new Error(`import answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
      return { ms: performance.now() - start, message: answer.message ?? '' };
    };

    const first = await upload(rateCodeCsvBytes(CODES * ROWS_PER_CODE));

    const exportStart = performance.now();
    const exported = await (await fetch(`${base}/export`, { headers: auth })).text();
    const exportMs = performance.now() - exportStart;
    const lines = exported.split('\r\n');
    const current = new Map<string, string[]>();
    for (const line of lines.slice(1)) {
      if (line === '') continue;
      const comma = line.lastIndexOf(',');
      const name = line.slice(0, comma).replace(/^"|"$/g, '');
      const list = current.get(name);
      if (list) list.push(line.slice(comma + 1));
      else current.set(name, [line.slice(comma + 1)]);
    }
    // 1% of the codes get one more package, a line after their last
    let changedCodes = 0;
    const edited: string[] = [];
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i] as string;
      edited.push(line);
      const next = lines[i + 1];
      const name = line.slice(0, line.lastIndexOf(','));
      if (i > 0 && line !== '' && (next === undefined || next.slice(0, next.lastIndexOf(',')) !== name) && i % 500 === 0) {
        const used = current.get(name.replace(/^"|"$/g, '')) ?? [];
        const extra = PACKAGES.find((id) => !used.includes(id));
        if (extra) {
          edited.push(`${name},${extra}`);
          changedCodes += 1;
        }
      }
    }
    const encoded = new TextEncoder().encode(edited.join('\r\n'));
    const file = encoded.buffer.slice(encoded.byteOffset, encoded.byteOffset + encoded.byteLength) as ArrayBuffer;
    const previewStart = performance.now();
    const preview = jobs.previewCsvImport('rate-codes', file, {
      packages: PACKAGES.map((externalId) => ({ externalId })),
      rateCodes: [...current].map(([name, packageExternalIds]) => ({ name, packageExternalIds })),
    });
    const previewMs = performance.now() - previewStart;
    if (preview.counts.changed !== changedCodes || preview.counts.added !== 0 || preview.counts.removed !== 0) throw new Error(`preview said ${JSON.stringify(preview.counts)}, ${changedCodes} changed expected`);
    const applied = await upload(file);
    const mb = (file.byteLength / 1024 / 1024).toFixed(1);
    const tag = (what: string) => `csv round trip ${CODES / 1000}k rate codes: ${what}`;
    return [
      { benchmark: tag('first import'), n: 1, p50: first.ms, note: `upload + apply of ${CODES * ROWS_PER_CODE} rows; ${first.message}` },
      { benchmark: tag('export'), n: 1, p50: exportMs, note: `GET …/pms-rate-code/export, ${(exported.length / 1024 / 1024).toFixed(1)} MB` },
      { benchmark: tag('preview (worker job)'), n: 1, p50: previewMs, note: `${mb} MB read and compared: ${preview.counts.changed} changed, ${preview.counts.kept} kept` },
      { benchmark: tag('apply'), n: 1, p50: applied.ms, note: `upload + apply; ${applied.message}` },
      { benchmark: tag('total export → preview → apply'), n: 1, p50: exportMs + previewMs + applied.ms, note: 'Chromium end to end with the longest task: not measured yet' },
    ];
  } finally {
    await gateway.stop();
  }
}
