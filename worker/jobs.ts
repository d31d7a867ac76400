/**
 * The worker's jobs (docs/architecture.md "Worker"): save diffs and rate-code CSV parsing run here, never on
 * the main thread. A plain object over src/domain, so it is tested in node as it is and exposed
 * with comlink by worker/index.ts. Inputs are validated here (they cross a thread boundary); only
 * results go back: the CSV job answers with the validated rate codes and a summary, never the file.
 */
import { summarizeHotelSave, type ChangeSummary, type HotelSaveBaseline } from '../src/domain/change-summary';
import { parseAndDiffHotel, type HotelSaveDiff, type HotelSaveDiffInput } from '../src/domain/hotel-save-diff';
import { parseRateCodeCsvBytes, type RateCodeCsvResult } from '../src/domain/rate-code-csv';

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
