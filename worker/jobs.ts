/**
 * The worker's jobs (docs/architecture.md "Worker"): save diffs and rate-code CSV parsing run here, never on
 * the main thread. A plain object over src/domain, so it is tested in node as it is and exposed
 * with comlink by worker/index.ts. Inputs are validated here (they cross a thread boundary); only
 * results go back: the CSV job answers with the validated rate codes and a summary, never the file.
 */
import { summarizeHotelSave, type ChangeSummary, type HotelSaveBaseline } from '../src/domain/change-summary';
import { parseAndDiffHotel, type HotelSaveDiff, type HotelSaveDiffInput } from '../src/domain/hotel-save-diff';
import { previewPackageImport, previewRateCodeImport, unpackRateCodes, type CurrentPackage, type CurrentRateCode, type ImportPreview, type PackedRateCodes } from '../src/domain/csv-import-preview';
import { parsePackageCsvBytes } from '../src/domain/package-csv';
import { parseRateCodeCsvBytes, type RateCodeCsvResult } from '../src/domain/rate-code-csv';
import { accessControlListResponseSchema, pmsPackageListResponseSchema, rateCodeListResponseSchema } from '../src/domain/hotels';

/** The lists a big hotel holds 10,000s of: read here, handed to the page in parts. */
const LISTS = { 'pms-packages': pmsPackageListResponseSchema, 'rate-codes': rateCodeListResponseSchema, 'access-controls': accessControlListResponseSchema } as const;
export type ListName = keyof typeof LISTS;
export const LIST_NAMES = Object.keys(LISTS) as ListName[];

/** Lists read and not yet taken whole by the page, by id. */
const readLists = new Map<number, unknown[]>();
let lastListId = 0;
const decoder = new TextDecoder();

/** What the hotel holds now, as the page has it: an import is previewed against it. */
export interface CsvImportCurrent {
  rateCodes: CurrentRateCode[] | PackedRateCodes;
  /** the live packages (their rules matter to a package file only) */
  packages: (Omit<CurrentPackage, 'calculationRule'> & Partial<Pick<CurrentPackage, 'calculationRule'>>)[];
}

export const jobs = {
  /**
   * A gateway answer holding a list (bytes, transferred): decoded, parsed and checked against its
   * contract here, then kept until the page has taken it in parts (takeList), so no single message
   * makes the page's main thread copy 100,000 records at once. `ok` false: not the list's contract.
   */
  readList(name: ListName, buffer: ArrayBuffer): { ok: true; id: number; length: number } | { ok: false } {
    const schema = LISTS[name];
    if (schema === undefined) throw new TypeError(`readList knows no list ${String(name)}.`);
    if (!(buffer instanceof ArrayBuffer) && !ArrayBuffer.isView(buffer)) throw new TypeError('readList expects an ArrayBuffer.');
    let answer: unknown;
    try {
      answer = JSON.parse(decoder.decode(buffer));
    } catch {
      return { ok: false };
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) return { ok: false };
    lastListId += 1;
    readLists.set(lastListId, parsed.data.data);
    return { ok: true, id: lastListId, length: parsed.data.data.length };
  },

  /** `count` records of a list read, from `from`; the list is let go once its last part is taken (or `done`). */
  takeList(id: number, from: number, count: number, done = false): unknown[] {
    const list = readLists.get(id);
    if (list === undefined) throw new Error(`No list ${id} is held.`);
    const part = list.slice(from, from + count);
    if (done || from + count >= list.length) readLists.delete(id);
    return part;
  },

  /**
   * The hotel save diff of spec section 4, with what it adds, changes and removes for the Sync page
   * (judged against `before`, the lists as they were); throws an Error naming the first invalid fields.
   */
  diffHotel(input: HotelSaveDiffInput, before?: HotelSaveBaseline): HotelSaveDiff & { summary: ChangeSummary['items'] } {
    const diff = parseAndDiffHotel(input);
    const baseline = isBaseline(before) ? before : undefined;
    return { ...diff, summary: summarizeHotelSave(diff, baseline) };
  },

  /**
   * Parses and validates a rate-code CSV given as bytes (transferred, not copied, by the page)
   * against the external IDs of the hotel's packages; with `keepRateCodes`, only that many of the
   * rate codes come back (a preview), the counts and problems whole.
   */
  parseRateCodeCsv(buffer: ArrayBuffer, knownPackageExternalIds: string[], keepRateCodes?: number): RateCodeCsvResult {
    if (!(buffer instanceof ArrayBuffer) && !ArrayBuffer.isView(buffer)) throw new TypeError('parseRateCodeCsv expects an ArrayBuffer.');
    if (!Array.isArray(knownPackageExternalIds) || knownPackageExternalIds.some((id) => typeof id !== 'string')) {
      throw new TypeError('parseRateCodeCsv expects the known package external IDs as a list of strings.');
    }
    const result = parseRateCodeCsvBytes(buffer, knownPackageExternalIds);
    // a preview needs the first codes only: the rest would be copied to the page for nothing (the counts stay whole)
    return keepRateCodes === undefined ? result : { ...result, rateCodes: result.rateCodes.slice(0, Math.max(0, keepRateCodes)) };
  },

  /**
   * Reads a rate-code or package CSV (bytes, transferred) and compares it with what the hotel holds
   * now: how many records it adds, changes, removes and keeps, the first of each, and every problem
   * by line (a package file leaving out a package rate codes use is a problem, as at the gateway).
   * Only that summary goes back, never the file's records.
   */
  previewCsvImport(kind: 'rate-codes' | 'packages', buffer: ArrayBuffer, current: CsvImportCurrent): ImportPreview {
    if (!(buffer instanceof ArrayBuffer) && !ArrayBuffer.isView(buffer)) throw new TypeError('previewCsvImport expects an ArrayBuffer.');
    const packed = current?.rateCodes !== undefined && !Array.isArray(current.rateCodes) && typeof (current.rateCodes as { packed?: unknown }).packed === 'string';
    if ((!packed && !Array.isArray(current?.rateCodes)) || !Array.isArray(current?.packages)) throw new TypeError('previewCsvImport expects the hotel\'s rate codes and packages.');
    const rateCodes = Array.isArray(current.rateCodes) ? current.rateCodes : unpackRateCodes(current.rateCodes);
    if (kind === 'rate-codes') {
      // the page hands its codes in list order, unsorted (sorting 100,000 there is a long task): the first of each kind are listed by name
      const byName = new Intl.Collator('en', { sensitivity: 'base' });
      return previewRateCodeImport(
        parseRateCodeCsvBytes(
          buffer,
          current.packages.map((item) => item.externalId),
        ),
        [...rateCodes].sort((a, b) => byName.compare(a.name, b.name)),
      );
    }
    const usedBy = new Map<string, string[]>();
    for (const code of rateCodes) {
      for (const id of code.packageExternalIds) {
        const list = usedBy.get(id);
        if (list) list.push(code.name);
        else usedBy.set(id, [code.name]);
      }
    }
    return previewPackageImport(parsePackageCsvBytes(buffer), current.packages.map((item) => ({ externalId: item.externalId, calculationRule: item.calculationRule ?? 'ADULT' })), usedBy);
  },
};

/** A baseline from the page is only read for names and values to compare: its lists must be lists of records. */
function isBaseline(value: unknown): value is HotelSaveBaseline {
  if (typeof value !== 'object' || value === null) return false;
  const lists = value as Record<string, unknown>;
  return ['packages', 'rateCodes', 'accessControls'].every(
    (key) => Array.isArray(lists[key]) && (lists[key] as unknown[]).every((item) => typeof item === 'object' && item !== null && typeof (item as { uuid?: unknown }).uuid === 'string'),
  );
}

export type Jobs = typeof jobs;
