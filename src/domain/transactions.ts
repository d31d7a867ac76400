/**
 * Transactions, their exports and the access log (issue 18; spec sections 2, 6, 7 and 9). One set
 * of schemas for the gateway's routes, the OpenAPI document and the screens.
 *
 * Money is integer minor units of the unit's currency end to end. Amounts carry their sign: a sale
 * and a void of a refund add, a refund and a void of a sale take away, so the totals of a page or
 * of a whole result are the plain sum of the rows' totalMinor (per currency).
 */
import { z } from 'zod';
import { DEFAULT_PAYMENT_METHOD_TYPES, DEFAULT_PAYMENT_TYPES } from './constants';
import { ACCESS_CONTROL_ID_METHODS } from './hotel-save-diff';
import { isTimeZone } from './regional';

export const PAYMENT_METHOD_TYPES = DEFAULT_PAYMENT_METHOD_TYPES;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];
export const PAYMENT_TYPES = DEFAULT_PAYMENT_TYPES;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
/** What happened to a payment's posting on the hotel's PMS (ROOM_CHARGE and posted card or cash payments). */
export const PMS_POSTING_STATUSES = ['NOT_POSTED', 'PENDING', 'POSTED', 'FAILED'] as const;
export type PmsPostingStatus = (typeof PMS_POSTING_STATUSES)[number];
export const CARD_BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'MAESTRO', 'DINERS', 'JCB'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
/** The detail screen's tabs (spec section 2: tab is receipt, payment or refund). */
export const TRANSACTION_TABS = ['receipt', 'payment', 'refund'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

/** Rows of a search page: 10 on the screen (spec's table size), at most 100 by the API. */
export const TRANSACTION_PAGE_SIZE_DEFAULT = 10;
export const TRANSACTION_PAGE_SIZE_MAX = 100;
/** The deepest page a search may ask for (page × pageSize beyond this is refused: narrow the filters). */
export const TRANSACTION_OFFSET_MAX = 100_000;
export const CHECK_NUMBER_MAX = 999_999_999;
export const ROOM_NUMBER_MAX = 20;
/** How many units one search may name. */
export const SEARCH_UNITS_MAX = 500;
/** Access log: entries of one page. */
export const ACCESS_LOG_LIMIT_DEFAULT = 50;
export const ACCESS_LOG_LIMIT_MAX = 500;
/** How long an export's download link works. */
export const EXPORT_LINK_DAYS = 7;

/** The sign an amount of this payment type carries in sums (see the file's note). */
export function paymentTypeSign(type: PaymentType): 1 | -1 {
  return type === 'SALES' || type === 'VOID_REFUND' ? 1 : -1;
}

export const TRANSACTION_MESSAGES = {
  badDate: 'must be a date and time with its offset, such as 2026-11-26T14:05:00Z',
  invertedRange: '"after" must be before "before"',
  pageTooLarge: `pageSize can be at most ${TRANSACTION_PAGE_SIZE_MAX}`,
  pageTooDeep: `Pages beyond ${TRANSACTION_OFFSET_MAX.toLocaleString('en')} rows are not served: narrow the filters`,
  unitsRequired: 'Name at least one unit in ouUuids',
  tooManyUnits: `ouUuids can name at most ${SEARCH_UNITS_MAX} units`,
  unknownValue: (field: string, allowed: readonly string[]) => `${field} takes ${allowed.join(', ')}`,
  forbidden: "You don't have permission to view transactions of these units",
  notFound: 'Transaction not found',
  badTimeZone: 'timeZone must be an IANA time zone, such as Europe/Lisbon',
  badEmail: 'email must be an email address',
  exportNotFound: 'Export not found',
  exportExpired: 'This export link has expired. Request a new export.',
  exportNotReady: 'This export is still being prepared. The link in the mail works once it is ready.',
  exportFailed: 'This export failed. Request a new export.',
} as const;

// --- search -----------------------------------------------------------------------------------

/** A query value given once, repeated, or comma-separated, as a trimmed list. */
const listParam = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => String(part).split(','));
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}, z.array(z.string()).optional());

/** TRUE/FALSE as the spec writes it (case ignored); absent means TRUE. */
export const booleanParam = z.preprocess((value) => {
  if (value === undefined || value === '') return undefined;
  return String(value).toUpperCase();
}, z.enum(['TRUE', 'FALSE']).default('TRUE').transform((value) => value === 'TRUE'));

/** An ISO 8601 date-time with an offset or Z. */
export const instantParam = z.string().datetime({ offset: true, message: TRANSACTION_MESSAGES.badDate });

export const transactionSearchQuerySchema = z
  .object({
    ouUuids: listParam.describe('Units whose transactions are searched (repeated or comma-separated)'),
    after: instantParam.optional().describe('Only transactions at or after this instant (ISO 8601 with offset)'),
    before: instantParam.optional().describe('Only transactions before this instant (ISO 8601 with offset)'),
    page: z.coerce.number().int().min(0).default(0).describe('Page number, from 0'),
    pageSize: z.coerce.number().int().min(1).max(TRANSACTION_PAGE_SIZE_MAX, TRANSACTION_MESSAGES.pageTooLarge).default(TRANSACTION_PAGE_SIZE_DEFAULT),
    paymentMethodTypes: listParam.describe(`Default ${PAYMENT_METHOD_TYPES.join(', ')}`),
    paymentTypes: listParam.describe(`Default ${PAYMENT_TYPES.join(', ')}`),
    checkNumber: z.coerce.number().int().min(1).max(CHECK_NUMBER_MAX).optional(),
    roomNumber: z.string().trim().min(1).max(ROOM_NUMBER_MAX).optional(),
    includeDescendants: booleanParam.describe('TRUE (default): the units and every unit below them'),
  })
  .superRefine((query, context) => {
    if (query.after && query.before && Date.parse(query.after) >= Date.parse(query.before)) {
      context.addIssue({ code: 'custom', path: ['after'], message: TRANSACTION_MESSAGES.invertedRange });
    }
    if ((query.page + 1) * query.pageSize > TRANSACTION_OFFSET_MAX) context.addIssue({ code: 'custom', path: ['page'], message: TRANSACTION_MESSAGES.pageTooDeep });
    for (const [field, allowed] of [
      ['paymentMethodTypes', PAYMENT_METHOD_TYPES],
      ['paymentTypes', PAYMENT_TYPES],
    ] as const) {
      const given = query[field];
      if (given && given.some((value) => !(allowed as readonly string[]).includes(value))) {
        context.addIssue({ code: 'custom', path: [field], message: TRANSACTION_MESSAGES.unknownValue(field, allowed) });
      }
    }
    if (!query.ouUuids || query.ouUuids.length === 0) context.addIssue({ code: 'custom', path: ['ouUuids'], message: TRANSACTION_MESSAGES.unitsRequired });
    else if (query.ouUuids.length > SEARCH_UNITS_MAX) context.addIssue({ code: 'custom', path: ['ouUuids'], message: TRANSACTION_MESSAGES.tooManyUnits });
    else if (query.ouUuids.some((uuid) => !z.string().uuid().safeParse(uuid).success)) context.addIssue({ code: 'custom', path: ['ouUuids'], message: 'ouUuids must be unit uuids' });
  });
export type TransactionSearchQuery = z.infer<typeof transactionSearchQuerySchema>;

/** Per currency: how many rows and the sum of their signed totals. */
export const currencyTotalSchema = z.object({ currency: z.string(), count: z.number().int(), totalMinor: z.number().int() });
export type CurrencyTotal = z.infer<typeof currencyTotalSchema>;

export const transactionSummarySchema = z.object({
  uuid: z.string().uuid(),
  ouUuid: z.string().uuid(),
  ouName: z.string(),
  /** ISO instant */
  occurredAt: z.string(),
  checkNumber: z.number().int(),
  tableNumber: z.string().nullable(),
  employee: z.string(),
  paymentMethodType: z.enum(PAYMENT_METHOD_TYPES),
  paymentType: z.enum(PAYMENT_TYPES),
  currency: z.string(),
  /** signed (see the file's note) */
  totalMinor: z.number().int(),
  roomNumber: z.string().nullable(),
  cardBrand: z.enum(CARD_BRANDS).nullable(),
  cardLast4: z.string().nullable(),
});
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

export const transactionSearchResponseSchema = z.object({
  data: z.array(transactionSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** rows of the whole result */
  totalCount: z.number().int(),
  /** the whole result's totals, per currency */
  totals: z.array(currencyTotalSchema),
  /** this page's totals, per currency */
  pageTotals: z.array(currencyTotalSchema),
});
export type TransactionSearchResponse = z.infer<typeof transactionSearchResponseSchema>;

// --- one transaction --------------------------------------------------------------------------

export const transactionItemSchema = z.object({ name: z.string(), quantity: z.number().int(), unitPriceMinor: z.number().int(), totalMinor: z.number().int() });
export type TransactionItem = z.infer<typeof transactionItemSchema>;
export const transactionDiscountSchema = z.object({ name: z.string(), amountMinor: z.number().int() });
export const transactionTaxSchema = z.object({ name: z.string(), rateBasisPoints: z.number().int(), amountMinor: z.number().int() });

export const transactionPaymentSchema = z.object({
  methodType: z.enum(PAYMENT_METHOD_TYPES),
  /** CARD_PRESENT only: the brand and the last 4 digits, never more of the card */
  cardBrand: z.enum(CARD_BRANDS).nullable(),
  cardLast4: z.string().regex(/^\d{4}$/).nullable(),
  /** ROOM_CHARGE only */
  roomNumber: z.string().nullable(),
  guestName: z.string().nullable(),
  /** null when the payment is not posted to a PMS */
  pmsPostingStatus: z.enum(PMS_POSTING_STATUSES).nullable(),
});
export type TransactionPayment = z.infer<typeof transactionPaymentSchema>;

/** A refund or void linked to a sale, or the sale a refund or void belongs to. */
export const linkedTransactionSchema = z.object({
  uuid: z.string().uuid(),
  paymentType: z.enum(PAYMENT_TYPES),
  occurredAt: z.string(),
  totalMinor: z.number().int(),
});
export type LinkedTransaction = z.infer<typeof linkedTransactionSchema>;

export const transactionSchema = transactionSummarySchema.extend({
  orgUuid: z.string().uuid(),
  guests: z.number().int().nullable(),
  items: z.array(transactionItemSchema),
  discounts: z.array(transactionDiscountSchema),
  taxes: z.array(transactionTaxSchema),
  /** all signed like totalMinor; totalMinor = subtotal − discounts + taxes + tips */
  subtotalMinor: z.number().int(),
  discountMinor: z.number().int(),
  taxMinor: z.number().int(),
  tipMinor: z.number().int(),
  payment: transactionPaymentSchema,
  /** the unit's locale (for formatting money and times) and time zone */
  locale: z.string(),
  timeZone: z.string(),
  receiptNumber: z.string(),
  /** the sale a refund or void belongs to; null for a sale */
  relatedTo: linkedTransactionSchema.nullable(),
  /** refunds and voids of this sale, oldest first */
  linked: z.array(linkedTransactionSchema),
});
export type Transaction = z.infer<typeof transactionSchema>;

// --- exports ----------------------------------------------------------------------------------

export const transactionExportQuerySchema = z
  .object({
    after: instantParam,
    before: instantParam,
    timeZone: z.string().refine(isTimeZone, TRANSACTION_MESSAGES.badTimeZone),
    includeDescendants: booleanParam,
    email: z.string().trim().toLowerCase().email(TRANSACTION_MESSAGES.badEmail).max(254),
  })
  .refine((query) => Date.parse(query.after) < Date.parse(query.before), { path: ['after'], message: TRANSACTION_MESSAGES.invertedRange });
export type TransactionExportQuery = z.infer<typeof transactionExportQuerySchema>;

export const EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const exportJobSchema = z.object({
  uuid: z.string().uuid(),
  status: z.enum(EXPORT_STATUSES),
  email: z.string(),
  rowCount: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** when the download link stops working; null until the file is ready */
  expiresAt: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/** A decimal amount written as a number ("-12.50"): not neutralised like a text starting with a minus. */
export interface CsvDecimal {
  readonly decimal: string;
}
/** A CSV cell's value; csvDecimal makes the amounts. */
export type CsvValue = string | number | CsvDecimal | null | undefined;

/** Decimal text of an amount (minorToDecimal's) as a number cell; anything but a plain decimal is refused. */
export function csvDecimal(text: string): CsvDecimal {
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`${JSON.stringify(text)} is not a decimal number`);
  return { decimal: text };
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote, or a line break, quotes doubled;
 * a text starting with = + - @ tab or carriage return is prefixed with an apostrophe so a
 * spreadsheet never runs it as a formula. Numbers are written as they are (a negative amount stays a
 * number).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') return value.decimal;
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record with its CRLF line end (RFC 4180). */
export function csvRecord(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** One formatter per time zone: an export formats every row's time in the same zone. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as "YYYY-MM-DD HH:MM:SS" in the time zone (for export files). */
export function formatInZone(instant: Date, timeZone: string): string {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    zoneFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

// --- access log -------------------------------------------------------------------------------

export const ACCESS_LOG_ID_METHODS = ACCESS_CONTROL_ID_METHODS;

export const accessLogQuerySchema = z
  .object({
    orgUuid: z.string().uuid().toLowerCase(),
    ouUuids: listParam.describe('Hotels (units) whose entries are read; default every hotel the caller may see'),
    limit: z.coerce.number().int().min(1).max(ACCESS_LOG_LIMIT_MAX).default(ACCESS_LOG_LIMIT_DEFAULT),
    offset: z.coerce.number().int().min(0).max(TRANSACTION_OFFSET_MAX).default(0),
    before: instantParam.optional(),
    after: instantParam.optional(),
    room: z.string().trim().min(1).max(ROOM_NUMBER_MAX).optional(),
    identificationMethods: listParam.describe(`Any of ${ACCESS_LOG_ID_METHODS.join(', ')}`),
    serviceUuids: listParam,
    includeDescendants: booleanParam,
  })
  .superRefine((query, context) => {
    if (query.after && query.before && Date.parse(query.after) >= Date.parse(query.before)) {
      context.addIssue({ code: 'custom', path: ['after'], message: TRANSACTION_MESSAGES.invertedRange });
    }
    const methods = query.identificationMethods;
    if (methods && methods.some((value) => !(ACCESS_LOG_ID_METHODS as readonly string[]).includes(value))) {
      context.addIssue({ code: 'custom', path: ['identificationMethods'], message: TRANSACTION_MESSAGES.unknownValue('identificationMethods', ACCESS_LOG_ID_METHODS) });
    }
    for (const field of ['ouUuids', 'serviceUuids'] as const) {
      const list = query[field];
      if (list && (list.length > SEARCH_UNITS_MAX || list.some((uuid) => !z.string().uuid().safeParse(uuid).success))) {
        context.addIssue({ code: 'custom', path: [field], message: `${field} must be at most ${SEARCH_UNITS_MAX} uuids` });
      }
    }
  });
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

export const accessLogEntrySchema = z.object({
  uuid: z.string().uuid(),
  occurredAt: z.string(),
  hotelUuid: z.string().uuid(),
  hotelName: z.string(),
  serviceUuid: z.string().uuid().nullable(),
  serviceName: z.string(),
  room: z.string(),
  identificationMethod: z.enum(ACCESS_LOG_ID_METHODS),
  granted: z.boolean(),
  deviceAlias: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogResponseSchema = z.object({
  data: z.array(accessLogEntrySchema),
  totalCount: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AccessLogResponse = z.infer<typeof accessLogResponseSchema>;
