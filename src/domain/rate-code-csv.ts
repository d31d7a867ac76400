/**
 * Rate-code CSV rules (spec section 5 "Rate code import"). A file holds one row per rate code and
 * package pair, under a header naming the two columns:
 *
 *   Rate Code,Package ID
 *   BB,BREAKFAST
 *   BB,SPA
 *   RO,ROOM_ONLY
 *
 * Rows of the same rate code are grouped. Every row is validated: the rate code and package ID are
 * required, and the package must already be loaded in the Packages page. The import overrides all
 * rate codes of the hotel, so a file with any problem is refused as a whole.
 */
import { forEachCsvRecord } from './csv';

export const RATE_CODE_CSV_HEADER = ['Rate Code', 'Package ID'] as const;
const HEADER_ALIASES: Record<string, 'code' | 'package'> = {
  'rate code': 'code',
  ratecode: 'code',
  rate_code: 'code',
  alias: 'code',
  'package id': 'package',
  packageid: 'package',
  package_id: 'package',
  package: 'package',
};

export interface CsvProblem {
  line: number;
  message: string;
}

export interface ImportedRateCode {
  /** the rate code's alias; name and externalId are both set from it */
  name: string;
  /** package external IDs, in file order, without repeats */
  packageExternalIds: string[];
}

export interface RateCodeCsvResult {
  rateCodes: ImportedRateCode[];
  problems: CsvProblem[];
  rows: number;
}

export const MAX_REPORTED_PROBLEMS = 100;

/** Parses and validates the text of a rate-code CSV against the external IDs of the hotel's packages. */
export function parseRateCodeCsv(text: string, knownPackageExternalIds: ReadonlySet<string>): RateCodeCsvResult {
  const problems: CsvProblem[] = [];
  const byCode = new Map<string, ImportedRateCode>();
  const seenPairs = new Map<string, Set<string>>();
  let codeColumn = -1;
  let packageColumn = -1;
  let rows = 0;
  let problemCount = 0;
  const report = (line: number, message: string) => {
    problemCount += 1;
    if (problems.length < MAX_REPORTED_PROBLEMS) problems.push({ line, message });
  };

  forEachCsvRecord(text, (fields, line) => {
    if (codeColumn === -1) {
      fields.forEach((name, index) => {
        const role = HEADER_ALIASES[name.trim().toLowerCase()];
        if (role === 'code' && codeColumn === -1) codeColumn = index;
        if (role === 'package' && packageColumn === -1) packageColumn = index;
      });
      if (codeColumn === -1 || packageColumn === -1) {
        codeColumn = -2;
        report(line, `The first line must name the columns ${RATE_CODE_CSV_HEADER.join(' and ')}.`);
      }
      return;
    }
    if (codeColumn < 0) return;
    if (fields.length === 1 && fields[0]!.trim() === '') return; // blank line
    rows += 1;
    const code = (fields[codeColumn] ?? '').trim();
    const packageId = (fields[packageColumn] ?? '').trim();
    if (code === '') {
      report(line, `Line ${line}: the rate code is empty.`);
      return;
    }
    if (packageId === '') {
      report(line, `Line ${line}: rate code ${code} has no package ID.`);
      return;
    }
    if (!knownPackageExternalIds.has(packageId)) {
      report(line, `Line ${line}: package ${packageId} is not loaded in the Packages page.`);
      return;
    }
    let rateCode = byCode.get(code);
    let pairs = seenPairs.get(code);
    if (rateCode === undefined || pairs === undefined) {
      rateCode = { name: code, packageExternalIds: [] };
      pairs = new Set();
      byCode.set(code, rateCode);
      seenPairs.set(code, pairs);
    }
    if (!pairs.has(packageId)) {
      pairs.add(packageId);
      rateCode.packageExternalIds.push(packageId);
    }
  });

  if (codeColumn === -1) report(1, 'The file is empty.');
  if (problemCount > problems.length) {
    problems.push({ line: 0, message: `…and ${problemCount - problems.length} more problems.` });
  }
  return { rateCodes: [...byCode.values()], problems, rows };
}
