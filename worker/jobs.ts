/**
 * The worker's jobs (docs/architecture.md "Worker"): save diffs and rate-code CSV parsing run here, never on
 * the main thread. A plain object over src/domain, so it is tested in node as it is and exposed
 * with comlink by worker/index.ts. Inputs are validated here (they cross a thread boundary); only
 * results go back: the CSV job answers with the validated rate codes and a summary, never the file.
 */
import { parseAndDiffHotel, type HotelSaveDiff, type HotelSaveDiffInput } from '../src/domain/hotel-save-diff';
import { parseRateCodeCsvBytes, type RateCodeCsvResult } from '../src/domain/rate-code-csv';

export const jobs = {
  /** The hotel save diff of spec section 4; throws an Error naming the first invalid fields. */
  diffHotel(input: HotelSaveDiffInput): HotelSaveDiff {
    return parseAndDiffHotel(input);
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

export type Jobs = typeof jobs;
