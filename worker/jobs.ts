/**
 * The worker's jobs (docs/architecture.md "Worker"): save diffs and rate-code CSV parsing run here, never on
 * the main thread. A plain object over src/domain, so it is tested in node as it is and exposed
 * with comlink by worker/index.ts. Inputs are validated here (they cross a thread boundary); only
 * results go back: the CSV job answers with the validated rate codes and a summary, never the file.
 */
import { summarizeHotelSave, type ChangeSummary, type HotelSaveBaseline } from '../src/domain/change-summary';
import { parseAndDiffHotel, type HotelSaveDiff, type HotelSaveDiffInput } from '../src/domain/hotel-save-diff';
import { previewPackageImport, previewRateCodeImport, type CurrentPackage, type CurrentRateCode, type ImportPreview } from '../src/domain/csv-import-preview';
import { parsePackageCsvBytes } from '../src/domain/package-csv';
import { parseRateCodeCsvBytes, type RateCodeCsvResult } from '../src/domain/rate-code-csv';

/** What the hotel holds now, as the page has it: an import is previewed against it. */
export interface CsvImportCurrent {
  rateCodes: CurrentRateCode[];
  /** the live packages (their rules matter to a package file only) */
  packages: (Omit<CurrentPackage, 'calculationRule'> & Partial<Pick<CurrentPackage, 'calculationRule'>>)[];
}

export const jobs = {
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
    if (!Array.isArray(current?.rateCodes) || !Array.isArray(current?.packages)) throw new TypeError('previewCsvImport expects the hotel\'s rate codes and packages.');
    if (kind === 'rate-codes') {
      return previewRateCodeImport(
        parseRateCodeCsvBytes(
          buffer,
          current.packages.map((item) => item.externalId),
        ),
        current.rateCodes,
      );
    }
    const usedBy = new Map<string, string[]>();
    for (const code of current.rateCodes) {
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
