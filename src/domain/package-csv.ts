/**
 * Package CSV rules (the packages' import and export, beside the rate codes' of rate-code-csv.ts).
 * A file holds one row per package under a header naming the two columns:
 *
 *   Package ID,Calculation Rule
 *   BREAKFAST,ADULT
 *   KIDS_CLUB,CHILDREN
 *
 * The rule is ADULT, CHILDREN or PERSON (case ignored; the labels of the Packages page read too;
 * empty is ADULT, as when a package is created). A package ID is required, at most
 * EXTERNAL_ID_MAX characters, and named once. The import makes the hotel's packages the file's, so
 * a file with any problem is refused as a whole. Read by the app's one CSV reader (csv.ts).
 */
import { CSV_LINE_END, CSV_MAX_BYTES, CsvStream, csvLine, readCsvBytes, readCsvCell, readCsvText, type CsvColumns, type CsvEncoded, type CsvReaderMessages, type CsvRowSink } from './csv';
import { CALCULATION_RULE_LABELS, CALCULATION_RULES, externalIdKey, type CalculationRule } from './hotels';
import { PMS_ID_MAX as EXTERNAL_ID_MAX } from './rate-code-rules';
import { MAX_REPORTED_PROBLEMS, type CsvProblem } from './rate-code-csv';

export const PACKAGE_CSV_HEADER = ['Package ID', 'Calculation Rule'] as const;
/** A hotel has a handful of packages: a file naming more is refused (the import holds them all at once). */
export const PACKAGE_CSV_MAX_PACKAGES = 10_000;

const HEADER_ALIASES: Record<string, 'package' | 'rule'> = {
  'package id': 'package',
  packageid: 'package',
  package_id: 'package',
  package: 'package',
  'calculation rule': 'rule',
  calculationrule: 'rule',
  calculation_rule: 'rule',
  rule: 'rule',
};

const RULE_BY_WORD = new Map<string, CalculationRule>();
for (const rule of CALCULATION_RULES) {
  RULE_BY_WORD.set(rule.toLowerCase(), rule);
  RULE_BY_WORD.set(CALCULATION_RULE_LABELS[rule].toLowerCase(), rule);
}

export const PACKAGE_CSV_MESSAGES = {
  empty: 'The file is empty.',
  header: `The first line must name the columns ${PACKAGE_CSV_HEADER.join(' and ')}.`,
  noPackages: 'The file has no packages.',
  notText: 'The file is not a CSV text file.',
  tooLarge: `The file is larger than ${CSV_MAX_BYTES / 1024 / 1024} MB.`,
  tooMany: (line: number) => `Line ${line}: a file can hold at most ${PACKAGE_CSV_MAX_PACKAGES.toLocaleString('en')} packages.`,
  emptyPackage: (line: number) => `Line ${line}: the package ID is empty.`,
  longPackage: (line: number) => `Line ${line}: the package ID can have at most ${EXTERNAL_ID_MAX} characters.`,
  unknownRule: (line: number, rule: string) => `Line ${line}: calculation rule ${rule} is not one of ${CALCULATION_RULES.join(', ')}.`,
  repeated: (line: number, packageId: string, first: number) => `Line ${line}: package ${packageId} is already on line ${first}.`,
  unclosedQuote: (line: number) => `Line ${line}: a quoted field is not closed.`,
  /** the import's refusal of a package the file leaves out while rate codes use it */
  inUse: (packageId: string, codes: readonly string[], more: number) =>
    `Package ${packageId} is used by rate code${codes.length + more === 1 ? '' : 's'} ${codes.join(', ')}${more > 0 ? ` and ${more} more` : ''}: keep it in the file or change those rate codes first.`,
  more: (count: number) => `…and ${count} more problems.`,
} as const;

export interface ImportedPackage {
  externalId: string;
  calculationRule: CalculationRule;
  /** the line it is on */
  line: number;
}

export interface PackageCsvResult extends CsvEncoded {
  /** true when the file can be imported: no problem at all and at least one package */
  ok: boolean;
  packages: ImportedPackage[];
  problems: CsvProblem[];
  rows: number;
  counts: { lines: number; rows: number; blankLines: number; packages: number; problems: number };
}

const READER_MESSAGES: CsvReaderMessages = {
  empty: PACKAGE_CSV_MESSAGES.empty,
  header: PACKAGE_CSV_MESSAGES.header,
  noRows: PACKAGE_CSV_MESSAGES.noPackages,
  notText: PACKAGE_CSV_MESSAGES.notText,
  tooLarge: PACKAGE_CSV_MESSAGES.tooLarge,
  unclosedQuote: PACKAGE_CSV_MESSAGES.unclosedQuote,
};

/** The packages' sink of the CSV reader: every row by the rules of a package. */
export class PackageCsvCollector implements CsvRowSink<PackageCsvResult> {
  readonly messages = READER_MESSAGES;
  private readonly packages: ImportedPackage[] = [];
  private readonly lineOf = new Map<string, number>();
  private readonly problems: CsvProblem[] = [];
  private problemCount = 0;
  private rows = 0;
  private blankLines = 0;

  columns(fields: readonly string[]): CsvColumns | null {
    let first = -1;
    let second = -1;
    for (let index = 0; index < fields.length; index += 1) {
      const role = HEADER_ALIASES[(fields[index] as string).trim().toLowerCase()];
      if (role === 'package' && first === -1) first = index;
      else if (role === 'rule' && second === -1) second = index;
    }
    return first === -1 || second === -1 ? null : { first, second };
  }

  row(rawPackageId: string, rawRule: string, line: number): void {
    this.rows += 1;
    const externalId = readCsvCell(rawPackageId).trim();
    const ruleWord = readCsvCell(rawRule).trim();
    if (externalId === '') return this.problem(line, PACKAGE_CSV_MESSAGES.emptyPackage(line));
    if (externalId.length > EXTERNAL_ID_MAX) return this.problem(line, PACKAGE_CSV_MESSAGES.longPackage(line));
    const calculationRule = ruleWord === '' ? 'ADULT' : RULE_BY_WORD.get(ruleWord.toLowerCase());
    if (calculationRule === undefined) return this.problem(line, PACKAGE_CSV_MESSAGES.unknownRule(line, ruleWord));
    const key = externalIdKey(externalId);
    const first = this.lineOf.get(key);
    if (first !== undefined) return this.problem(line, PACKAGE_CSV_MESSAGES.repeated(line, externalId, first));
    if (this.packages.length >= PACKAGE_CSV_MAX_PACKAGES) return this.problem(line, PACKAGE_CSV_MESSAGES.tooMany(line));
    this.lineOf.set(key, line);
    this.packages.push({ externalId, calculationRule, line });
  }

  rowAt(text: string, firstStart: number, firstEnd: number, secondStart: number, secondEnd: number, line: number): void {
    this.row(text.slice(firstStart, firstEnd), text.slice(secondStart, secondEnd), line);
  }

  blank(): void {
    this.blankLines += 1;
  }

  invalid(line: number, message: string): void {
    this.rows += 1;
    this.problem(line, message);
  }

  problem(line: number, message: string): void {
    this.problemCount += 1;
    if (this.problems.length < MAX_REPORTED_PROBLEMS) this.problems.push({ line, message });
  }

  isEmpty(): boolean {
    return this.packages.length === 0 && this.problemCount === 0;
  }

  finish(lines: number): PackageCsvResult {
    const problems = this.problems.slice();
    if (this.problemCount > problems.length) problems.push({ line: 0, message: PACKAGE_CSV_MESSAGES.more(this.problemCount - problems.length) });
    return {
      ok: this.problemCount === 0 && this.packages.length > 0,
      packages: this.packages,
      problems,
      rows: this.rows,
      counts: { lines, rows: this.rows, blankLines: this.blankLines, packages: this.packages.length, problems: this.problemCount },
    };
  }
}

export function parsePackageCsv(text: string): PackageCsvResult {
  return readCsvText(text, new PackageCsvCollector());
}

export function parsePackageCsvBytes(bytes: ArrayBuffer | ArrayBufferView): PackageCsvResult {
  return readCsvBytes<PackageCsvResult>(bytes, () => new PackageCsvCollector());
}

/** The reader fed with bytes piece by piece (the gateway's upload), into a package collector. */
export class PackageCsvStream extends CsvStream<PackageCsvResult> {
  constructor() {
    super(() => new PackageCsvCollector());
  }
}

/** A hotel's packages as a file the import reads back unchanged. */
export function packageCsvText(packages: readonly { externalId: string; calculationRule: CalculationRule }[]): string {
  const lines = [csvLine(PACKAGE_CSV_HEADER)];
  for (const item of packages) lines.push(csvLine([item.externalId, item.calculationRule]));
  return lines.join(CSV_LINE_END) + CSV_LINE_END;
}
