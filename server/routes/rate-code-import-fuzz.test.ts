import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PmsPackage, RateCode } from '../../src/domain/index';
import { parseRateCodeCsvBytes } from '../../src/domain/index';
import { organizations } from '../db/schema';
import { DEMO_ORGANIZATION_NAME } from '../db/seed';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, login } from '../test-helpers';

/*
 * The rate-code import fuzzed through the real route (issue 24): files made of valid rows, broken
 * rows, quotes, formula-like and neutralised cells, stray delimiters, BOMs, Windows-1252 bytes, NUL
 * and binary bytes. Whatever the file, the gateway never fails (no 5xx), and the import is all or
 * nothing: a file the shared reader (src/domain) accepts becomes exactly the hotel's rate codes, any
 * other leaves them as they were.
 */

let t: TestApp;
let admin = '';
let org = '';
let hotel = '';
const PACKAGE_IDS = ['BRKF', 'SPA', 'KIDS', 'GOLF', '=CALC', 'ROOM ONLY'];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  const [demo] = await t.db.select().from(organizations).where(eq(organizations.name, DEMO_ORGANIZATION_NAME));
  org = demo?.uuid ?? '';
  const created = await t.app.inject({ method: 'POST', url: `/api/organization/${org}/hotels`, headers: bearer(admin), payload: { parentUuid: null, attributes: { NAME: 'Fuzzed Import Hotel' } } });
  expect(created.statusCode).toBe(201);
  hotel = (created.json() as { uuid: string }).uuid;
  const patched = await t.app.inject({
    method: 'PATCH',
    url: `/api/organization/${org}/hotel/${hotel}/pms-package`,
    headers: bearer(admin),
    payload: { newPackages: PACKAGE_IDS.map((externalId) => ({ externalId })) },
  });
  expect(patched.statusCode).toBe(200);
  expect((patched.json() as { data: PmsPackage[] }).data).toHaveLength(PACKAGE_IDS.length);
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = '----lobby-fuzz-boundary';

function upload(bytes: Uint8Array) {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="fuzz.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/organization/${org}/hotel/${hotel}/pms-rate-code/import`,
    headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: body,
  });
}

/** The hotel's rate codes as `name: packages` lines, sorted, packages as external IDs in a stable order. */
async function stored(): Promise<string[]> {
  const read = await t.app.inject({ method: 'GET', url: `/api/organization/${org}/hotel/${hotel}/pms-rate-code`, headers: bearer(admin) });
  expect(read.statusCode).toBe(200);
  const packages = await t.app.inject({ method: 'GET', url: `/api/organization/${org}/hotel/${hotel}/pms-package`, headers: bearer(admin) });
  const idOf = new Map((packages.json() as { data: PmsPackage[] }).data.map((item) => [item.uuid, item.externalId]));
  return (read.json() as { data: RateCode[] }).data.map((code) => `${code.name}: ${code.packages.map((uuid) => idOf.get(uuid) ?? `?${uuid}`).sort().join(' ')}`).sort();
}

const expectedOf = (rateCodes: readonly { name: string; packageExternalIds: readonly string[] }[]) =>
  rateCodes.map((code) => `${code.name}: ${[...code.packageExternalIds].sort().join(' ')}`).sort();

const codeName = fc.oneof(
  fc.constantFrom('RACK', 'BAR', 'FAMILY', 'CORP 10', 'promo, spring', '"quoted"', '=1+1', "'=SUM(A1)", '+41', '-5', '@home', '\tTAB', ' padded ', 'Zürich', 'a'.repeat(101), ''),
  fc.string({ minLength: 0, maxLength: 12 }),
);
const packageCell = fc.oneof(fc.constantFrom(...PACKAGE_IDS, "'=CALC", 'UNKNOWN', '', 'brkf'), fc.string({ maxLength: 8 }));

/** A CSV cell as a spreadsheet writes it: quoted when it holds a delimiter, a quote or a line break. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

const row = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(codeName, packageCell).map(([code, pkg]) => `${cell(code)},${cell(pkg)}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ',', ',,', '"unterminated,BRKF', 'RACK,BRKF,extra', 'RACK', ';;', ' , ') },
);

const header = fc.constantFrom('Rate Code,Package ID', 'Package ID,Rate Code', 'rate code , package id', '\uFEFFRate Code,Package ID', 'Code,Package', '');
const lineEnd = fc.constantFrom('\n', '\r\n', '\r');

const textFile = fc.tuple(header, fc.array(row, { maxLength: 12 }), lineEnd, fc.boolean()).map(([head, rows, end, trailing]) => new TextEncoder().encode([head, ...rows].join(end) + (trailing ? end : '')));
/** Bytes a spreadsheet or a mistake may give: Windows-1252 text, a NUL, random binary. */
const oddFile = fc.oneof(
  fc.uint8Array({ maxLength: 64 }),
  fc.tuple(textFile, fc.nat(), fc.integer({ min: 0, max: 255 })).map(([bytes, at, value]) => {
    const copy = Uint8Array.from(bytes);
    if (copy.length > 0) copy[at % copy.length] = value;
    return copy;
  }),
);
/** A file the reader should accept: its header, then codes of known packages (quoted where needed). */
const validFile = fc
  .tuple(
    fc.array(fc.tuple(fc.oneof(fc.stringMatching(/^[A-Z][A-Z0-9]{0,7}$/), fc.constantFrom('promo, spring', 'Zürich', "'=1+1", 'CORP 10')), fc.constantFrom(...PACKAGE_IDS, "'=CALC")), { minLength: 1, maxLength: 10 }),
    lineEnd,
    fc.boolean(),
  )
  .map(([pairs, end, bom]) => new TextEncoder().encode(`${bom ? '\uFEFF' : ''}Rate Code,Package ID${end}${pairs.map(([code, pkg]) => `${cell(code)},${cell(pkg)}`).join(end)}${end}`));
const file = fc.oneof({ weight: 3, arbitrary: textFile }, { weight: 2, arbitrary: validFile }, { weight: 1, arbitrary: oddFile });

describe('rate-code import, fuzzed through the route', () => {
  it('never fails, and applies a file all or nothing: what the shared reader accepts, or nothing', async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(file, async (bytes) => {
        const before = await stored();
        const verdict = parseRateCodeCsvBytes(bytes, PACKAGE_IDS);
        const answer = await upload(bytes);
        expect(answer.statusCode, answer.body).toBeLessThan(500);
        const after = await stored();
        const body = answer.statusCode === 200 ? (answer.json() as { succeed: boolean }) : null;
        if (body?.succeed === true) {
          accepted += 1;
          expect(verdict.ok).toBe(true);
          expect(after).toEqual(expectedOf(verdict.rateCodes));
        } else {
          refused += 1;
          // what the app's preview (the same reader) accepts, the gateway does not refuse
          expect(verdict.ok, answer.body).toBe(false);
          expect(after).toEqual(before);
        }
      }),
      { numRuns: 60, seed: Number(process.env.FUZZ_SEED ?? 20261127) },
    );
    // the generators reach both outcomes often (about a third accepted), or the property proves little
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(refused).toBeGreaterThanOrEqual(10);
  });
});
