/**
 * What an import would do to a hotel, told before anything is sent (the worker runs it over the
 * file and the lists the app holds): how many records the file adds, changes, removes and keeps,
 * the first of each, and every problem by line. The gateway decides the same way (by ID; a rate
 * code changes when its packages or their order change, a package when its calculation rule does).
 */
import type { CalculationRule } from './hotels';
import { externalIdKey } from './hotels';
import { PACKAGE_CSV_MESSAGES, type PackageCsvResult } from './package-csv';
import type { CsvProblem, RateCodeCsvResult } from './rate-code-csv';

/** How many records of each kind the preview lists. */
export const IMPORT_PREVIEW_FIRST = 5;

export interface PreviewRow {
  /** the record's ID */
  id: string;
  /** what it is now (changed, removed, kept) */
  before?: string;
  /** what the file makes it (added, changed, kept) */
  after?: string;
}

export interface ImportPreview {
  ok: boolean;
  counts: { added: number; changed: number; removed: number; kept: number; rows: number; problems: number };
  first: { added: PreviewRow[]; changed: PreviewRow[]; removed: PreviewRow[]; kept: PreviewRow[] };
  problems: CsvProblem[];
}

function compare<T>(incoming: Iterable<T>, current: readonly T[], id: (item: T) => string, text: (item: T) => string, result: { rows: number; problems: CsvProblem[]; problemCount: number; ok: boolean }): ImportPreview {
  const now = new Map<string, T>();
  for (const item of current) now.set(externalIdKey(id(item)), item);
  const counts = { added: 0, changed: 0, removed: 0, kept: 0, rows: result.rows, problems: result.problemCount };
  const first: ImportPreview['first'] = { added: [], changed: [], removed: [], kept: [] };
  const seen = new Set<string>();
  const note = (kind: keyof ImportPreview['first'], row: PreviewRow) => {
    counts[kind] += 1;
    if (first[kind].length < IMPORT_PREVIEW_FIRST) first[kind].push(row);
  };
  for (const item of incoming) {
    const key = externalIdKey(id(item));
    seen.add(key);
    const before = now.get(key);
    if (before === undefined) note('added', { id: id(item), after: text(item) });
    else if (text(before) !== text(item)) note('changed', { id: id(item), before: text(before), after: text(item) });
    else note('kept', { id: id(item), before: text(before), after: text(item) });
  }
  for (const [key, item] of now) if (!seen.has(key)) note('removed', { id: id(item), before: text(item) });
  return { ok: result.ok, counts, first, problems: result.problems };
}

export interface CurrentRateCode {
  name: string;
  packageExternalIds: readonly string[];
}

/**
 * A hotel's rate codes as one string (packRateCodes): crossing to the worker, one string is one
 * copy, where 100,000 records are a long task of the page to serialise.
 */
export interface PackedRateCodes {
  packed: string;
}
const CODE_END = '\u0000';
const ID_END = '\u0001';

/** The codes packed, or null when a name or package ID holds a separator (they go as records then). */
export function packRateCodes(codes: Iterable<{ name: string; packageExternalIds: Iterable<string> }>): PackedRateCodes | null {
  const parts: string[] = [];
  const plain = (text: string) => !text.includes(CODE_END) && !text.includes(ID_END);
  for (const code of codes) {
    if (!plain(code.name)) return null;
    let part = code.name;
    for (const id of code.packageExternalIds) {
      if (!plain(id)) return null;
      part += ID_END + id;
    }
    parts.push(part);
  }
  return { packed: parts.join(CODE_END) };
}

/** Lists packRateCodes packed, as one (a big list is packed block by block). */
export const joinPackedRateCodes = (lists: readonly PackedRateCodes[]): PackedRateCodes => ({
  packed: lists
    .map((list) => list.packed)
    .filter((packed) => packed !== '')
    .join(CODE_END),
});

/** The codes packRateCodes packed, as records again. */
export function unpackRateCodes({ packed }: PackedRateCodes): CurrentRateCode[] {
  if (packed === '') return [];
  return packed.split(CODE_END).map((part) => {
    const [name = '', ...packageExternalIds] = part.split(ID_END);
    return { name, packageExternalIds };
  });
}

/** The preview of a rate-code file (the whole result: every rate code of the file) against the hotel's rate codes. */
export function previewRateCodeImport(result: RateCodeCsvResult, current: readonly CurrentRateCode[]): ImportPreview {
  return compare<CurrentRateCode>(
    result.rateCodes,
    current,
    (code) => code.name,
    (code) => code.packageExternalIds.join(', '),
    { rows: result.counts.rows, problems: result.problems, problemCount: result.counts.problems, ok: result.ok },
  );
}

export interface CurrentPackage {
  externalId: string;
  calculationRule: CalculationRule;
}

/**
 * The preview of a package file against the hotel's packages; a package the file leaves out while
 * rate codes use it (`usedBy`: package ID → rate code IDs) is a problem, as the gateway refuses it.
 */
export function previewPackageImport(result: PackageCsvResult, current: readonly CurrentPackage[], usedBy: ReadonlyMap<string, readonly string[]>): ImportPreview {
  const preview = compare<CurrentPackage>(result.packages, current, (item) => item.externalId, (item) => item.calculationRule, {
    rows: result.counts.rows,
    problems: result.problems,
    problemCount: result.counts.problems,
    ok: result.ok,
  });
  const inFile = new Set(result.packages.map((item) => externalIdKey(item.externalId)));
  const problems = [...preview.problems];
  let added = 0;
  for (const item of current) {
    const codes = usedBy.get(item.externalId) ?? [];
    if (inFile.has(externalIdKey(item.externalId)) || codes.length === 0) continue;
    added += 1;
    problems.push({ line: 0, message: PACKAGE_CSV_MESSAGES.inUse(item.externalId, codes.slice(0, 10), Math.max(0, codes.length - 10)) });
  }
  return { ...preview, ok: preview.ok && added === 0, problems, counts: { ...preview.counts, problems: preview.counts.problems + added } };
}
