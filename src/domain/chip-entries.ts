/**
 * Chip lists (spec sections 3, 4 and 5): what an entry typed or pasted into an email list, a tip
 * percentage list, a package list or the discount selector becomes — a chip, nothing (a package
 * already there), or a problem in the spec's words. The chip inputs of src/ui/inputs and the
 * attribute registry (email lists, tip percentages) share these rules.
 */

/** Chip actions reported with every change (spec section 4). */
export const CHIP_ACTIONS = ['ADD', 'REMOVE'] as const;
export type ChipAction = (typeof CHIP_ACTIONS)[number];
export interface ChipChange {
  action: ChipAction;
  /** the chip's value: an address, a percentage, a package or discount id */
  value: string;
}

/** Chip names display up to 20 characters (spec section 4). */
export const CHIP_NAME_MAX_LENGTH = 20;

/** What a chip shows for a value whose option was deleted (spec section 4). */
export const CHIP_NOT_FOUND = '(Not found)';

/** Spec section 5, word for word ('a available package' included); `{value}` and `{name}` are filled in. */
export const CHIP_MESSAGES = {
  invalidEmail: '{value} is not a valid email address.',
  alreadyAdded: '{value} has already been added.',
  notANumber: '{value} is not a number.',
  notAvailablePackage: '{value} is not a available package',
  discountAlreadyAdded: '{name} has already been added.',
  discountUnknown: "{name} doesn't exist",
  /** not in the spec, which only says a DEACTIVATED discount is shown disabled */
  discountDeactivated: '{name} is deactivated and cannot be added.',
} as const;
export type ChipMessage = keyof typeof CHIP_MESSAGES;

export interface ChipProblem {
  message: ChipMessage;
  params: Readonly<Record<string, string>>;
}

export type ChipVerdict = { outcome: 'add'; value: string } | { outcome: 'ignore' } | { outcome: 'reject'; problem: ChipProblem };

/** An option a chip list offers (a package, a discount): its id, the name shown, and whether it can be chosen. */
export interface ChipOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** A discount as the selector lists it (spec section 3): DEACTIVATED ones are shown disabled. */
export interface DiscountOption {
  uuid: string;
  name: string;
  status?: string | null;
}
export const DEACTIVATED_STATUS = 'DEACTIVATED';

/** The message in English with its parameters filled in (the gateway answers with it). */
export function formatChipProblem(problem: ChipProblem): string {
  return CHIP_MESSAGES[problem.message].replace(/\{(\w+)\}/g, (whole, name: string) => problem.params[name] ?? whole);
}

/**
 * The entries of typed or pasted text: split at commas (spec section 5) and, for pasted lists, at
 * line breaks, tabs and semicolons; trimmed; blanks left out.
 */
export function splitChipEntries(text: string): string[] {
  return text
    .split(/[,;\t\r\n]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A chip's name as displayed: the first 20 characters, then '…' when there are more. */
export function chipName(name: string): string {
  const characters = Array.from(name);
  return characters.length <= CHIP_NAME_MAX_LENGTH ? name : `${characters.slice(0, CHIP_NAME_MAX_LENGTH).join('')}…`;
}

const reject = (message: ChipMessage, params: Record<string, string>): ChipVerdict => ({ outcome: 'reject', problem: { message, params } });
const same = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

/**
 * A valid email address as the HTML standard defines it for `<input type="email">` (what a
 * browser's own check accepts, and what sign-in and reset check, through src/ui/form-rules.ts), of at most 254 characters.
 */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** Email list: an address, not one already there (case ignored). */
export function emailEntry(entry: string, current: readonly string[]): ChipVerdict {
  const value = entry.trim();
  if (!isEmailAddress(value)) return reject('invalidEmail', { value });
  if (current.some((address) => same(address, value))) return reject('alreadyAdded', { value });
  return { outcome: 'add', value };
}

/** A non-negative decimal written with a point: 10, 12.5, 0.75. */
const PERCENTAGE = /^\d+(?:\.\d+)?$/;

export function isTipPercentage(value: string): boolean {
  return PERCENTAGE.test(value);
}

/** A percentage as stored: '012.50' is 12.5. */
export function normalizeTipPercentage(value: string): string {
  return String(Number(value));
}

/** Tip percentages: a non-negative decimal, not one already there ('10' and '10.0' are one percentage). */
export function tipPercentageEntry(entry: string, current: readonly string[]): ChipVerdict {
  const value = entry.trim();
  if (!isTipPercentage(value)) return reject('notANumber', { value });
  if (current.some((percentage) => Number(percentage) === Number(value))) return reject('alreadyAdded', { value });
  return { outcome: 'add', value: normalizeTipPercentage(value) };
}

/** The option named `name`: the exact spelling first, then with case ignored. */
function optionNamed(name: string, options: readonly ChipOption[]): ChipOption | undefined {
  return options.find((option) => option.label === name) ?? options.find((option) => same(option.label, name));
}

/** Package list: one of the available packages (by its ID); a package already there is silently ignored. */
export function packageEntry(entry: string, current: readonly string[], available: readonly ChipOption[]): ChipVerdict {
  const name = entry.trim();
  const option = optionNamed(name, available);
  if (!option || option.disabled) return reject('notAvailablePackage', { value: name });
  if (current.includes(option.value)) return { outcome: 'ignore' };
  return { outcome: 'add', value: option.value };
}

/** The discount selector's options: every discount, DEACTIVATED ones disabled. */
export function discountOptions(discounts: readonly DiscountOption[]): ChipOption[] {
  return discounts.map((discount) => ({ value: discount.uuid, label: discount.name, disabled: discount.status === DEACTIVATED_STATUS }));
}

/** Discount selector: a discount by its name, case ignored; not one already there, not a DEACTIVATED one. */
export function discountEntry(entry: string, current: readonly string[], discounts: readonly DiscountOption[]): ChipVerdict {
  const name = entry.trim();
  const discount = discounts.find((candidate) => same(candidate.name, name));
  if (!discount) return reject('discountUnknown', { name });
  if (current.includes(discount.uuid)) return reject('discountAlreadyAdded', { name: discount.name });
  if (discount.status === DEACTIVATED_STATUS) return reject('discountDeactivated', { name: discount.name });
  return { outcome: 'add', value: discount.uuid };
}

/**
 * The chips of `values` with their names: the option's label, the value itself where no options
 * are given (addresses, percentages), or '(Not found)' for a value whose option was deleted.
 */
export function chipLabel(value: string, options: readonly ChipOption[] | undefined): string {
  if (!options) return value;
  return options.find((option) => option.value === value)?.label ?? CHIP_NOT_FOUND;
}
