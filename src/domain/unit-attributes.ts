/**
 * The unit attribute registry (spec section 3, "Organizational unit"; docs/architecture.md,
 * "Resources"): every attribute key with its kind, its group among the unit settings of spec
 * section 1, whether a unit inherits it, and how its value is written and checked. The gateway
 * validates writes by it (validateAttributes), the settings forms are generated from it
 * (attributeKeysOfGroup, kind), and inheritance is resolved by it (unit-inheritance.ts).
 *
 * On the wire and in the database a value is a string (`Attributes`, organization.ts): text as it
 * is, numbers in digits, flags 'true' or 'false', lists as JSON arrays. null, or no entry, means
 * "not set here": an inheritable attribute then comes from the nearest ancestor that sets it.
 */
import { z } from 'zod';
import { formatChipProblem, isEmailAddress, type ChipMessage } from './chip-entries';
import { CURRENCIES, UNIT_TYPES } from './constants';
import type { Attributes } from './organization';
import { isLocale, isTimeZone } from './regional';

/**
 * What input an attribute takes. text and textarea (DESCRIPTION) hold free text, some with a format
 * (a web address, a telephone number); tri-state is a flag that can also be left UNDEFINED to
 * inherit — every flag of section 3 inherits, so none is a plain two-state switch; image holds the
 * key of an uploaded image, whose URL is kept in its _URL companion; reference and reference-list
 * hold uuids of records of the organization (hotels, a PMS connection, access-control services),
 * which the gateway checks exist. The spec's package list and discount list inputs belong to rate
 * codes and the discount selector (src/ui/inputs), not to any attribute.
 */
export const ATTRIBUTE_KINDS = [
  'text',
  'textarea',
  'number',
  'tri-state',
  'image',
  'email-list',
  'tip-percentages',
  'enum',
  'currency',
  'locale',
  'time-zone',
  'reference',
  'reference-list',
] as const;
export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number];

/** The unit settings of spec section 1, in its order, after the general details. */
export const ATTRIBUTE_GROUPS = [
  'general',
  'regional',
  'branding',
  'employee',
  'ordering',
  'table-and-guest',
  'payments',
  'tipping',
  'receipts',
  'fiscal',
  'discounts',
  'pms-posting',
  'room-charge',
  'access-control',
] as const;
export type AttributeGroup = (typeof ATTRIBUTE_GROUPS)[number];

/** What a reference names: a unit of type HOTEL, a PMS connection, an access-control service. */
export type AttributeReference = 'hotel' | 'pms-connection' | 'access-control-service';

/** Employee manual identification methods (spec section 9). */
export const EMPLOYEE_IDENTIFICATION_METHODS = ['PIN', 'CREDENTIALS'] as const;

/**
 * How the terminal's search filter matches what is typed. The spec names the attribute only; these
 * two values are Lobby's choice: the start of a name, or anywhere in it.
 */
export const SEARCH_FILTER_BEHAVIORS = ['STARTS_WITH', 'CONTAINS'] as const;

/** Upper bounds (the spec gives only the 50 characters of a venue or hotel name). */
export const ATTRIBUTE_LIMITS = {
  name: 50,
  description: 1000,
  shortText: 50,
  address: 255,
  telephone: 32,
  webAddress: 2048,
  imageKey: 512,
  listEntries: 100,
  /** POI_IDLE_TIME, in seconds: up to a day */
  idleSeconds: 86_400,
} as const;

/** Messages of the registry's checks; the chip-list entries use the spec's words (CHIP_MESSAGES). */
export const ATTRIBUTE_MESSAGES = {
  notAnObject: 'Attributes must be an object of attribute keys and values',
  unknownKey: '{key} is not an attribute of a unit',
  wrongKind: '{key} must be {expected}, or null to inherit',
  required: 'It cannot be empty',
  tooLong: 'It can have at most {max} characters',
  webAddress: 'Enter a web address starting with http:// or https://',
  telephone: 'Enter a telephone number: digits, optionally with a leading + and spaces, dashes or brackets',
  wholeNumber: 'Enter a whole number from {min} to {max}',
  option: 'Choose one of: {options}',
  currency: `Choose one of the currencies offered: ${CURRENCIES.join(', ')}`,
  locale: 'Choose one of the locales offered',
  timeZone: 'Choose an IANA time zone, such as Europe/Paris',
  imageKey: 'It must be the key of an uploaded image',
  reference: 'It must be the uuid of a {target}',
  tooManyEntries: 'It can hold at most {max} entries',
} as const;

function fillMessage(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** How a value is written as a string, and what a string must look like to be one. */
interface WireFormat<T> {
  decode(raw: string): { ok: true; value: T } | { ok: false };
  encode(value: T): string;
  /** what the string must be, for the wrong-kind message: "'true' or 'false'" */
  expected: string;
}

export interface AttributeDefinition<T = unknown> {
  kind: AttributeKind;
  group: AttributeGroup;
  /** whether a unit that does not set it takes its nearest ancestor's value */
  inheritable: boolean;
  /** the zod validator of the value (decoded from its string) */
  schema: z.ZodType<T>;
  wire: WireFormat<T>;
  /** enum, currency and locale: the values offered */
  options?: readonly string[];
  /** text: how the form and the check read it */
  format?: 'web-address' | 'telephone';
  /** reference and reference-list: what the uuids name */
  references?: AttributeReference;
  /** image: the key of the companion that keeps the image's URL */
  urlKey?: string;
  /** an image's URL: the image it belongs to (written with it, not shown as a field of its own) */
  companionOf?: string;
  /** text, textarea and image: the most characters */
  maxLength?: number;
}

// -- wire formats ------------------------------------------------------------------------------

const textWire: WireFormat<string> = { decode: (raw) => ({ ok: true, value: raw }), encode: (value) => value, expected: 'text' };

const flagWire: WireFormat<boolean> = {
  decode: (raw) => (raw === 'true' ? { ok: true, value: true } : raw === 'false' ? { ok: true, value: false } : { ok: false }),
  encode: (value) => String(value),
  expected: "'true' or 'false'",
};

const integerWire: WireFormat<number> = {
  decode: (raw) => (/^-?\d{1,15}$/.test(raw) ? { ok: true, value: Number(raw) } : { ok: false }),
  encode: (value) => String(value),
  expected: 'a whole number written in digits',
};

function jsonListWire<T>(isEntry: (entry: unknown) => entry is T, expected: string): WireFormat<T[]> {
  return {
    decode: (raw) => {
      try {
        const parsed: unknown = JSON.parse(raw);
        return Array.isArray(parsed) && parsed.every(isEntry) ? { ok: true, value: parsed } : { ok: false };
      } catch {
        return { ok: false };
      }
    },
    encode: (value) => JSON.stringify(value),
    expected,
  };
}
const isString = (entry: unknown): entry is string => typeof entry === 'string';
const isNumber = (entry: unknown): entry is number => typeof entry === 'number';

// -- value checks ----------------------------------------------------------------------------------

const chipIssue = (message: ChipMessage, value: string) => formatChipProblem({ message, params: { value } });

function text(max: number, options: { required?: boolean } = {}) {
  const schema = z.string().max(max, fillMessage(ATTRIBUTE_MESSAGES.tooLong, { max }));
  return options.required ? schema.refine((value) => value.trim() !== '', ATTRIBUTE_MESSAGES.required) : schema;
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
const TELEPHONE = /^\+?[0-9][0-9 ()-]*$/;

/** An empty string clears an optional text as null does, so forms may send either. */
const webAddress = () => text(ATTRIBUTE_LIMITS.webAddress).refine((value) => value === '' || isWebAddress(value), ATTRIBUTE_MESSAGES.webAddress);
const telephone = () =>
  text(ATTRIBUTE_LIMITS.telephone).refine(
    (value) => value === '' || (TELEPHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 3),
    ATTRIBUTE_MESSAGES.telephone,
  );
const imageKey = () =>
  z
    .string()
    .min(1, ATTRIBUTE_MESSAGES.imageKey)
    .max(ATTRIBUTE_LIMITS.imageKey, fillMessage(ATTRIBUTE_MESSAGES.tooLong, { max: ATTRIBUTE_LIMITS.imageKey }))
    .regex(/^[^\s\p{Cc}]+$/u, ATTRIBUTE_MESSAGES.imageKey);

/** Each entry once; `key` says when two entries are the same. */
function noRepeats<T>(entries: readonly T[], key: (entry: T) => string, ctx: z.RefinementCtx, shown: (entry: T) => string): void {
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const id = key(entry);
    if (seen.has(id)) ctx.addIssue({ code: 'custom', message: chipIssue('alreadyAdded', shown(entry)), path: [index] });
    seen.add(id);
  });
}

const tooManyEntries = fillMessage(ATTRIBUTE_MESSAGES.tooManyEntries, { max: ATTRIBUTE_LIMITS.listEntries });

const emailList = () =>
  z
    .array(z.string())
    .max(ATTRIBUTE_LIMITS.listEntries, tooManyEntries)
    .superRefine((entries, ctx) => {
      entries.forEach((entry, index) => {
        if (!isEmailAddress(entry)) ctx.addIssue({ code: 'custom', message: chipIssue('invalidEmail', entry), path: [index] });
      });
      noRepeats(entries, (entry) => entry.toLocaleLowerCase('en'), ctx, (entry) => entry);
    });

const tipPercentages = () =>
  z
    .array(z.number())
    .max(ATTRIBUTE_LIMITS.listEntries, tooManyEntries)
    .superRefine((entries, ctx) => {
      entries.forEach((entry, index) => {
        if (!Number.isFinite(entry) || entry < 0) ctx.addIssue({ code: 'custom', message: chipIssue('notANumber', String(entry)), path: [index] });
      });
      noRepeats(entries, String, ctx, String);
    });

const REFERENCE_NAMES: Record<AttributeReference, string> = { hotel: 'hotel', 'pms-connection': 'PMS connection', 'access-control-service': 'access control service' };
const referenceMessage = (target: AttributeReference) => fillMessage(ATTRIBUTE_MESSAGES.reference, { target: REFERENCE_NAMES[target] });
const reference = (target: AttributeReference) => z.uuid({ error: referenceMessage(target) });
const referenceList = (target: AttributeReference) =>
  z
    .array(reference(target))
    .max(ATTRIBUTE_LIMITS.listEntries, tooManyEntries)
    .superRefine((entries, ctx) => noRepeats(entries, (entry) => entry.toLowerCase(), ctx, (entry) => entry));

// -- definitions by kind -------------------------------------------------------------------------------

type Extra = Omit<AttributeDefinition, 'kind' | 'group' | 'inheritable' | 'schema' | 'wire'>;

function define<T>(kind: AttributeKind, group: AttributeGroup, inheritable: boolean, schema: z.ZodType<T>, wire: WireFormat<T>, extra: Extra = {}): AttributeDefinition<T> {
  return { kind, group, inheritable, schema, wire, ...extra };
}

const INHERITS = true;
const OWN = false;

const textAttribute = (group: AttributeGroup, inheritable: boolean, max: number, extra: Extra & { required?: boolean } = {}) => {
  const { required, ...rest } = extra;
  return define('text', group, inheritable, text(max, { required }), textWire, { maxLength: max, ...rest });
};
const webAddressAttribute = (group: AttributeGroup, inheritable: boolean, extra: Extra = {}) =>
  define('text', group, inheritable, webAddress(), textWire, { format: 'web-address', maxLength: ATTRIBUTE_LIMITS.webAddress, ...extra });
const flag = (group: AttributeGroup) => define('tri-state', group, INHERITS, z.boolean(), flagWire);
const image = (group: AttributeGroup, urlKey: string) => define('image', group, INHERITS, imageKey(), textWire, { urlKey, maxLength: ATTRIBUTE_LIMITS.imageKey });
const imageUrl = (group: AttributeGroup, image: string) => webAddressAttribute(group, INHERITS, { companionOf: image });
const choice = <const V extends readonly [string, ...string[]]>(group: AttributeGroup, inheritable: boolean, values: V) =>
  define('enum', group, inheritable, z.enum(values, { error: fillMessage(ATTRIBUTE_MESSAGES.option, { options: values.join(', ') }) }), textWire as WireFormat<V[number]>, { options: values });

/**
 * Every attribute key of spec section 3, by the section's groups. Identity and PMS set-up (TYPE,
 * NAME, DESCRIPTION, POI_LOCATION_NAME, PMS_CONNECTION, PMS_PROPERTY_ID, PMS_NOTIFICATION_EMAILS)
 * belong to the unit that sets them; every other setting is inherited by the units below it unless
 * one sets its own (the venue wizard's locale, currency and time zone, spec section 2, among them).
 */
export const UNIT_ATTRIBUTES = {
  // General
  TYPE: choice('general', OWN, UNIT_TYPES),
  NAME: textAttribute('general', OWN, ATTRIBUTE_LIMITS.name, { required: true }),
  DESCRIPTION: define('textarea', 'general', OWN, text(ATTRIBUTE_LIMITS.description), textWire, { maxLength: ATTRIBUTE_LIMITS.description }),
  CURRENCY: define('currency', 'regional', INHERITS, z.enum(CURRENCIES, { error: ATTRIBUTE_MESSAGES.currency }), textWire as WireFormat<(typeof CURRENCIES)[number]>, { options: CURRENCIES }),
  LOCALE: define('locale', 'regional', INHERITS, z.string().refine(isLocale, ATTRIBUTE_MESSAGES.locale), textWire),
  TIME_ZONE: define('time-zone', 'regional', INHERITS, z.string().refine(isTimeZone, ATTRIBUTE_MESSAGES.timeZone), textWire),
  LOCATION: textAttribute('general', INHERITS, ATTRIBUTE_LIMITS.address),
  WEBSITE: webAddressAttribute('general', INHERITS),
  GST_NUMBER: textAttribute('fiscal', INHERITS, ATTRIBUTE_LIMITS.shortText),
  LOGO: image('branding', 'LOGO_URL'),
  LOGO_URL: imageUrl('branding', 'LOGO'),
  PHONE_NUMBER: define('text', 'general', INHERITS, telephone(), textWire, { format: 'telephone', maxLength: ATTRIBUTE_LIMITS.telephone }),
  POI_BACKGROUND_IMAGE: image('branding', 'POI_BACKGROUND_IMAGE_URL'),
  POI_BACKGROUND_IMAGE_URL: imageUrl('branding', 'POI_BACKGROUND_IMAGE'),
  POI_IDLE_IMAGE: image('branding', 'POI_IDLE_IMAGE_URL'),
  POI_IDLE_IMAGE_URL: imageUrl('branding', 'POI_IDLE_IMAGE'),
  POI_IDLE_TIME: define(
    'number',
    'branding',
    INHERITS,
    z
      .number()
      .int(fillMessage(ATTRIBUTE_MESSAGES.wholeNumber, { min: 0, max: ATTRIBUTE_LIMITS.idleSeconds }))
      .min(0, fillMessage(ATTRIBUTE_MESSAGES.wholeNumber, { min: 0, max: ATTRIBUTE_LIMITS.idleSeconds }))
      .max(ATTRIBUTE_LIMITS.idleSeconds, fillMessage(ATTRIBUTE_MESSAGES.wholeNumber, { min: 0, max: ATTRIBUTE_LIMITS.idleSeconds })),
    integerWire,
  ),
  POI_LOCATION_NAME: textAttribute('general', OWN, ATTRIBUTE_LIMITS.shortText),
  POI_SEARCH_FILTER_BEHAVIOR: choice('ordering', INHERITS, SEARCH_FILTER_BEHAVIORS),

  // Tipping
  POI_TIP_ENABLED: flag('tipping'),
  POI_TIP_PERCENTAGES: define('tip-percentages', 'tipping', INHERITS, tipPercentages(), jsonListWire(isNumber, 'a JSON list of numbers')),
  POI_CUSTOM_TIP_ENABLED: flag('tipping'),

  // Payment
  POI_SPLIT_ENABLED: flag('payments'),
  POI_SPLIT_BY_ITEM_ENABLED: flag('payments'),
  POI_CASH_PAYMENT_ENABLED: flag('payments'),
  POI_CARD_PAYMENT_ENABLED: flag('payments'),
  POI_CITY_LEDGER_ENABLED: flag('payments'),
  POI_VOID_ENABLED: flag('payments'),
  POI_REFUND_ENABLED: flag('payments'),
  POI_BALANCE_INQUIRY_ENABLED: flag('payments'),

  // Receipts
  POI_GET_RECEIPT_BY_EMAIL_ENABLED: flag('receipts'),
  POI_GET_RECEIPT_BY_SMS_ENABLED: flag('receipts'),
  POI_QR_RECEIPT_ENABLED: flag('receipts'),
  POI_GET_RECEIPT_HARDCOPY_ENABLED: flag('receipts'),
  POI_PREFORMATTED_RECEIPT_ENABLED: flag('receipts'),
  RECEIPT_BOTTOM_IMAGE: image('receipts', 'RECEIPT_BOTTOM_IMAGE_URL'),
  RECEIPT_BOTTOM_IMAGE_URL: imageUrl('receipts', 'RECEIPT_BOTTOM_IMAGE'),

  // Employee, ordering
  POI_EMPLOYEE_IDENTIFICATION_ENABLED: flag('employee'),
  POI_EMPLOYEE_IDENTIFICATION_METHOD: choice('employee', INHERITS, EMPLOYEE_IDENTIFICATION_METHODS),
  POI_LOTTERY_ENABLED: flag('fiscal'),
  POI_FISCAL_DEVICE_ENABLED: flag('fiscal'),
  POI_ORDERING_ENABLED: flag('ordering'),
  POI_QUICK_SERVICE_ENABLED: flag('ordering'),
  POI_ITEMS_IMAGE_GRID_ENABLED: flag('ordering'),
  POI_FAV_ITEMS_ENABLED: flag('ordering'),
  POI_DISCOUNTS_ENABLED: flag('discounts'),

  // Table and guest
  POI_TABLE_NUMBER_ENABLED: flag('table-and-guest'),
  POI_TABLE_NUMBER_REQUIRED: flag('table-and-guest'),
  POI_NUMBER_OF_GUESTS_ENABLED: flag('table-and-guest'),
  POI_NUMBER_OF_GUESTS_REQUIRED: flag('table-and-guest'),
  POI_GUEST_NAME_ENABLED: flag('table-and-guest'),
  POI_GUEST_NAME_REQUIRED: flag('table-and-guest'),

  // Hotel and PMS
  POI_ROOM_CHARGE_ENABLED: flag('room-charge'),
  POI_ROOM_CHARGE_DEFAULT_HOTEL: define('reference', 'room-charge', INHERITS, reference('hotel'), textWire, { references: 'hotel' }),
  POI_ROOM_CHARGE_HOTEL_LIST: define('reference-list', 'room-charge', INHERITS, referenceList('hotel'), jsonListWire(isString, 'a JSON list of uuids'), { references: 'hotel' }),
  POI_PMS_POSTING_ENABLED: flag('pms-posting'),
  PMS_CONNECTION: define('reference', 'pms-posting', OWN, reference('pms-connection'), textWire, { references: 'pms-connection' }),
  PMS_NOTIFICATION_EMAILS: define('email-list', 'pms-posting', OWN, emailList(), jsonListWire(isString, 'a JSON list of email addresses')),
  PMS_PROPERTY_ID: textAttribute('pms-posting', OWN, ATTRIBUTE_LIMITS.shortText),
  PMS_DELEGATE_TAXES: flag('pms-posting'),
  PMS_POSTING_HOTEL_UUID: define('reference', 'pms-posting', INHERITS, reference('hotel'), textWire, { references: 'hotel' }),

  // Access control
  POI_ACCESS_CONTROL_ENABLED: flag('access-control'),
  POI_ACCESS_CONTROL_SERVICES: define(
    'reference-list',
    'access-control',
    INHERITS,
    referenceList('access-control-service'),
    jsonListWire(isString, 'a JSON list of uuids'),
    { references: 'access-control-service' },
  ),
} satisfies Record<string, AttributeDefinition>;

export type AttributeKey = keyof typeof UNIT_ATTRIBUTES;
/** The value of an attribute as the app works with it (decoded from its string). */
export type AttributeValue<K extends AttributeKey> = (typeof UNIT_ATTRIBUTES)[K] extends AttributeDefinition<infer T> ? T : never;

/** Every key, in the registry's order (the order of spec section 3): what GET .../ous asks for. */
export const ATTRIBUTE_KEYS = Object.keys(UNIT_ATTRIBUTES) as AttributeKey[];

export function isAttributeKey(key: string): key is AttributeKey {
  return Object.hasOwn(UNIT_ATTRIBUTES, key);
}

export function attributeDefinition<K extends AttributeKey>(key: K): AttributeDefinition<AttributeValue<K>> {
  return UNIT_ATTRIBUTES[key] as unknown as AttributeDefinition<AttributeValue<K>>;
}

/** The keys of a group, in registry order. */
export function attributeKeysOfGroup(group: AttributeGroup): AttributeKey[] {
  return ATTRIBUTE_KEYS.filter((key) => UNIT_ATTRIBUTES[key].group === group);
}

/** The keys a form shows as fields of their own: every key but the _URL companions of images. */
export function attributeFieldKeysOfGroup(group: AttributeGroup): AttributeKey[] {
  return attributeKeysOfGroup(group).filter((key) => (UNIT_ATTRIBUTES[key] as AttributeDefinition).companionOf === undefined);
}

export function attributeKeysOfKind(kind: AttributeKind): AttributeKey[] {
  return ATTRIBUTE_KEYS.filter((key) => UNIT_ATTRIBUTES[key].kind === kind);
}

/**
 * Where the gateway serves an uploaded image (GET /api/images/{key}, as its upload answers it): the
 * only address an image's _URL companion may hold, so terminals and receipts show the
 * organization's own images and nothing from elsewhere.
 */
export function uploadedImageUrl(origin: string, key: string): string {
  return `${origin.replace(/\/+$/, '')}/api/images/${key}`;
}

export const INHERITABLE_ATTRIBUTE_KEYS: readonly AttributeKey[] = ATTRIBUTE_KEYS.filter((key) => UNIT_ATTRIBUTES[key].inheritable);

export function isInheritable(key: AttributeKey): boolean {
  return UNIT_ATTRIBUTES[key].inheritable;
}

/** The value a stored string stands for; null when it is not set, or no value of the attribute's kind. */
export function decodeAttribute<K extends AttributeKey>(key: K, raw: string | null | undefined): AttributeValue<K> | null {
  if (raw === null || raw === undefined) return null;
  const definition = attributeDefinition(key);
  const decoded = definition.wire.decode(raw);
  if (!decoded.ok) return null;
  const checked = definition.schema.safeParse(decoded.value);
  return checked.success ? checked.data : null;
}

/** The string a value is stored as; null (not set here: inherit) for null. */
export function encodeAttribute<K extends AttributeKey>(key: K, value: AttributeValue<K> | null): string | null {
  return value === null ? null : attributeDefinition(key).wire.encode(value);
}

export type AttributeProblemCode = 'not-an-object' | 'unknown-key' | 'wrong-kind' | 'bad-value';

/** What is wrong with one entry of an attribute write: the key, a code, and a message for the 400 answer. */
export interface AttributeProblem {
  /** the attribute key; null when the attributes are no object at all */
  key: string | null;
  code: AttributeProblemCode;
  message: string;
}

/** What is wrong with one attribute's stored string (null and undefined are fine: not set here), or null. */
export function attributeProblem(key: string, raw: unknown): AttributeProblem | null {
  if (!isAttributeKey(key)) return { key, code: 'unknown-key', message: fillMessage(ATTRIBUTE_MESSAGES.unknownKey, { key }) };
  if (raw === null || raw === undefined) return null;
  const definition = UNIT_ATTRIBUTES[key] as AttributeDefinition;
  const wrongKind = (): AttributeProblem => ({ key, code: 'wrong-kind', message: fillMessage(ATTRIBUTE_MESSAGES.wrongKind, { key, expected: definition.wire.expected }) });
  if (typeof raw !== 'string') return wrongKind();
  const decoded = definition.wire.decode(raw);
  if (!decoded.ok) return wrongKind();
  const checked = definition.schema.safeParse(decoded.value);
  if (checked.success) return null;
  return { key, code: 'bad-value', message: checked.error.issues[0]?.message ?? ATTRIBUTE_MESSAGES.required };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Every problem of an attribute write (a unit's or an organization's attributes), one per key:
 * an unknown key, a value of the wrong kind (a number where a string is stored, a flag that is not
 * 'true' or 'false', a list that is no JSON array), or a bad value (an invalid address, a currency
 * not offered). Empty when the write is valid; the gateway answers 400 otherwise.
 */
export function validateAttributes(record: unknown): AttributeProblem[] {
  if (!isPlainObject(record)) return [{ key: null, code: 'not-an-object', message: ATTRIBUTE_MESSAGES.notAnObject }];
  const problems: AttributeProblem[] = [];
  for (const [key, raw] of Object.entries(record)) {
    const problem = attributeProblem(key, raw);
    if (problem) problems.push(problem);
  }
  return problems;
}

/**
 * A valid write as it is stored: every value re-encoded in one spelling (the JSON list
 * '[ 10.0, 12.50 ]' is '[10,12.5]'), null kept (not set here). Throws on an invalid write:
 * validate first.
 */
export function normalizeAttributes(record: Readonly<Attributes>): Attributes {
  const problems = validateAttributes(record);
  if (problems.length > 0) throw new Error(problems.map((problem) => problem.message).join('; '));
  const normalized: Attributes = {};
  for (const [key, raw] of Object.entries(record)) {
    normalized[key] = raw === null ? null : encodeAttribute(key as AttributeKey, decodeAttribute(key as AttributeKey, raw));
  }
  return normalized;
}

/** Attributes as stored: one spelling per value, and no entry for what is not set here. */
export function storedAttributes(attributes: Readonly<Attributes>): Attributes {
  const normalized = normalizeAttributes(attributes);
  return Object.fromEntries(Object.entries(normalized).filter(([, value]) => value !== null && value !== ''));
}

/**
 * A unit's own attributes as the gateway keeps them after a write of `attributes`: stored, with its
 * TYPE. The app shows a queued write so, and the record the gateway answers later is the same.
 */
export function storedUnitAttributes(attributes: Readonly<Attributes>, type: string): Attributes {
  return { ...storedAttributes(attributes), TYPE: type };
}

/**
 * The zod schema of an attribute write, for a route's body: an object whose every problem of
 * validateAttributes is an issue at its key (so a 400 names the key).
 */
export const attributesWriteSchema = z
  .record(z.string(), z.unknown())
  .superRefine((record, ctx) => {
    for (const problem of validateAttributes(record)) {
      ctx.addIssue({ code: 'custom', message: problem.message, path: problem.key === null ? [] : [problem.key] });
    }
  })
  // every value passed the checks above, so each is a string or null
  .transform((record) => record as Attributes);
