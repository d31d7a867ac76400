/**
 * Change history (issue 21, docs/adr/0029-change-history.md): every write leaves one entry saying
 * which record, who, which fields went from what to what, when the operator made it (the outbox
 * entry's time) and when the gateway applied it, and whether it came from a replay after being
 * offline. The gateway writes entries in the transaction of the change; the app reads them.
 */
import { z } from 'zod';
import { instantParam, TRANSACTION_MESSAGES, TRANSACTION_OFFSET_MAX } from './transactions';

/** Sent by the outbox with every queued change: the ISO time the operator made it. */
export const MADE_AT_HEADER = 'x-made-at';
/** Sent by the outbox as '1' when the change was made while the app was offline. */
export const MADE_OFFLINE_HEADER = 'x-made-offline';

/**
 * Fields whose values never enter the history: an entry says they changed, never what to. Matched
 * on the field's last name part, case ignored, so `contactlessCardPassword` and a nested `token` both are.
 */
export const HISTORY_SECRET_FIELDS = ['contactlessCardPassword', 'password', 'passwordHash', 'token', 'tokenHash', 'refreshToken', 'secret', 'code', 'codeHash'] as const;
const SECRET_NAMES = new Set(HISTORY_SECRET_FIELDS.map((name) => name.toLowerCase()));

export function isSecretField(field: string): boolean {
  const last = field.split('.').pop() ?? field;
  return SECRET_NAMES.has(last.toLowerCase());
}

export const HISTORY_ACTIONS = ['created', 'changed', 'removed', 'imported', 'replaced'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** One field's change; a secret's values are left out (`secret: true`). */
export const historyChangeSchema = z.object({
  field: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  secret: z.boolean().optional(),
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

/** A bulk change (a CSV import): counts and the first records, never one entry per record. */
export const HISTORY_SAMPLE_MAX = 20;
/** A save touching more records of one kind than this writes one bulk entry for them (a hotel save of 10,000 rate codes). */
export const HISTORY_ITEMS_PER_SAVE_MAX = 100;
export const historyBulkSchema = z.object({
  counts: z.record(z.string(), z.number().int()),
  sample: z.array(z.record(z.string(), z.unknown())),
});
export type HistoryBulk = z.infer<typeof historyBulkSchema>;

export const historyEntrySchema = z.object({
  uuid: z.string().uuid(),
  kind: z.string(),
  recordUuid: z.string().uuid(),
  orgUuid: z.string().uuid(),
  unitUuid: z.string().uuid().nullable(),
  userUuid: z.string().uuid(),
  /** who made it, as users are named in Lobby: their email (empty when the user is gone) */
  userEmail: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  changes: z.array(historyChangeSchema),
  bulk: historyBulkSchema.nullable(),
  madeAt: z.string(),
  appliedAt: z.string(),
  offline: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const HISTORY_LIMIT_DEFAULT = 50;
export const HISTORY_LIMIT_MAX = 200;
export const HISTORY_KIND_PATTERN = /^[a-z][a-z0-9-]{0,63}$/;

const paging = {
  limit: z.coerce.number().int().min(1).max(HISTORY_LIMIT_MAX).default(HISTORY_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(TRANSACTION_OFFSET_MAX).default(0),
};

/** GET …/history/{kind}/{uuid}: newest first, a page at a time. */
export const recordHistoryQuerySchema = z.object(paging);
export type RecordHistoryQuery = z.infer<typeof recordHistoryQuerySchema>;

/** GET …/activity: the organization's entries newest first, filtered. */
export const activityQuerySchema = z
  .object({
    ...paging,
    unitUuid: z.string().uuid().toLowerCase().optional().describe('Only changes of records of this unit'),
    userUuid: z.string().uuid().toLowerCase().optional().describe('Only changes made by this user'),
    kind: z.string().regex(HISTORY_KIND_PATTERN).optional().describe('Only records of this kind, e.g. pms-package'),
    after: instantParam.optional().describe('Applied at or after this instant (ISO 8601 with offset)'),
    before: instantParam.optional().describe('Applied before this instant (ISO 8601 with offset)'),
  })
  .superRefine((query, context) => {
    if (query.after && query.before && Date.parse(query.after) >= Date.parse(query.before)) {
      context.addIssue({ code: 'custom', path: ['after'], message: TRANSACTION_MESSAGES.invertedRange });
    }
  });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const historyPageSchema = z.object({
  data: z.array(historyEntrySchema),
  totalCount: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep equality of JSON values (key order ignored). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => sameValue(a[key], b[key]));
  }
  return false;
}

/** Fields never worth a line: the record's identity, its organization (the entry's) and bookkeeping. */
const BOOKKEEPING = new Set(['uuid', 'version', 'createdAt', 'updatedAt', 'orgUuid']);

/**
 * The fields that differ between two states of a record (null: it did not exist), top-level keys
 * in order; a secret field that differs is marked, its values left out.
 */
export function historyChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): HistoryChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((key) => !BOOKKEEPING.has(key));
  const changes: HistoryChange[] = [];
  for (const field of keys) {
    const was = before?.[field];
    const now = after?.[field];
    if (sameValue(was ?? null, now ?? null)) continue;
    if (isSecretField(field)) {
      changes.push({ field, secret: true });
      continue;
    }
    changes.push({ field, ...(before ? { before: was ?? null } : {}), ...(after ? { after: now ?? null } : {}) });
  }
  return changes;
}

/** A sample's records without their secrets (an import's first rows). */
export function withoutSecrets(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !isSecretField(key)));
}

/** The operator's time of a change from its header: a valid instant, never after `now` (a skewed clock), else `now`. */
export function madeAtOf(header: string | undefined, now: Date): Date {
  if (header === undefined || header.length > 64) return now;
  const parsed = Date.parse(header);
  if (!Number.isFinite(parsed)) return now;
  return parsed > now.getTime() ? now : new Date(parsed);
}
