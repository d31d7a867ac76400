/**
 * Shapes of everything Lobby keeps in IndexedDB. Whatever is read back passes through these
 * schemas first (Excalidraw's `restore` step): a corrupt or old-shape record is dropped with a
 * warning instead of crashing a screen.
 */
import { z } from 'zod';
import { changeSummarySchema } from '../domain/change-summary';

export const MUTATION_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type MutationMethod = (typeof MUTATION_METHODS)[number];

/**
 * pending: waiting to be sent (or being retried); sending: handed to the network, the answer not
 * yet recorded (after a crash it is sent again with the same Idempotency-Key, so it applies once);
 * failed: refused by the gateway (4xx), its data returned to its draft; conflict: 409/412, the
 * operator chooses.
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'failed', 'conflict'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** unreachable: no answer (network, timeout, cut off); session: no valid token to send it with. */
export const OUTBOX_PROBLEMS = ['unreachable', 'session'] as const;
export type OutboxProblem = (typeof OUTBOX_PROBLEMS)[number];

/** Where a form keeps its unsaved work: per user, organization, kind of record and record. */
export const draftScopeSchema = z.object({
  userUuid: z.string().min(1),
  orgUuid: z.string().nullable(),
  kind: z.string().min(1),
  recordId: z.string().min(1),
});
export type DraftScope = z.infer<typeof draftScopeSchema>;

/** Bytes as IndexedDB gives them back (a typed array of this realm or another: the tag is checked, not the class). */
const isBytes = (value: unknown): value is Uint8Array => Object.prototype.toString.call(value) === '[object Uint8Array]';

/** The file of an upload kept in the outbox: its name (the gateway checks the .csv), type and bytes. */
export const outboxFileSchema = z.object({
  name: z.string().min(1),
  type: z.string(),
  bytes: z.custom<Uint8Array>(isBytes, 'bytes of a file'),
});
export type OutboxFile = z.infer<typeof outboxFileSchema>;

export const outboxEntrySchema = z.object({
  /** position in the queue (auto-increment): strict replay order */
  seq: z.number().int().positive(),
  id: z.string().min(1),
  idempotencyKey: z.string().min(1).max(255),
  method: z.enum(MUTATION_METHODS),
  /** gateway path below the base URL, e.g. /organization/{org}/pms-connection */
  path: z.string().startsWith('/'),
  body: z.unknown(),
  /** sent as If-Match: "<version>"; null sends none */
  ifMatch: z.number().int().nullable(),
  userUuid: z.string().min(1),
  orgUuid: z.string().nullable(),
  created: z.number(),
  /**
   * The gateway could not be reached when the change was made, or when it was first sent: the
   * drainer tells the gateway so (X-Made-Offline), for the change history. Absent in older entries.
   */
  offline: z.boolean().optional(),
  attempts: z.number().int().nonnegative(),
  status: z.enum(OUTBOX_STATUSES),
  /** the gateway's own words about the last attempt (its messages joined with a comma), or null */
  lastError: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  /**
   * Lobby's own reason when the last attempt got no usable answer: rendered through the message
   * catalogue (describeOutboxError), never stored as text. Absent in entries of older versions.
   */
  problem: z.enum(OUTBOX_PROBLEMS).nullable().default(null),
  /** each message of the gateway's last refusal, in order (lastError joins them) */
  errorMessages: z.array(z.string()),
  /** the machine-readable code of each of those errors, in order (absent in entries of older versions) */
  errorCodes: z.array(z.string()).optional(),
  /** what the operator reads on the Sync page, e.g. 'Edit PMS connection "Opera Main"' */
  label: z.string(),
  /** the record the change is about: later changes of it wait behind a failed one and follow its version */
  recordUuid: z.string().nullable(),
  /** the kind of record (e.g. 'pms-connection'), for optimistic views of pending changes */
  collection: z.string().nullable(),
  /** the record as the operator saw it before this change ("Original" in the conflict view) */
  original: z.unknown().nullable(),
  /** the gateway's current record after a 412 ("Theirs") */
  theirs: z.unknown().nullable(),
  /** the form this change came from: a refused change is returned there */
  draft: draftScopeSchema.nullable(),
  /**
   * attempts in a row the gateway did not answer, and when the next automatic one may go
   * (./retry-rule.ts); null once answered or never tried. Absent in entries of older versions.
   */
  backoff: z.object({ failures: z.number().int().positive(), until: z.number() }).nullable().default(null),
  /** what the change carries, in words the Sync page renders (../domain/change-summary.ts); absent in older entries */
  summary: changeSummarySchema.nullable().default(null),
  /**
   * A file the change uploads (a CSV import): sent alone as multipart/form-data, field `file`, never
   * inside a batch; its bytes are kept (a Uint8Array: IndexedDB and fake-indexeddb clone it, a Blob
   * may not survive). Null or absent for every other change (and in entries of older versions).
   */
  file: outboxFileSchema.nullish(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
/** An entry before the database gives it its place in the queue. */
export type NewOutboxEntry = Omit<OutboxEntry, 'seq'>;

/**
 * What the drainer settled without leaving anything in the queue, for the operator to read on the
 * Sync page: alreadyRemoved, a delete the gateway answered 404 (the record was already gone).
 */
export const OUTCOME_KINDS = ['alreadyRemoved'] as const;
/** How many outcomes are kept per user (the oldest go first). */
export const MAX_OUTCOMES = 20;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];

export const outcomeRecordSchema = z.object({
  id: z.number().int().positive(),
  userUuid: z.string().min(1),
  kind: z.enum(OUTCOME_KINDS),
  /** the change's label, as on the Sync page */
  label: z.string(),
  at: z.number(),
});
export type OutcomeRecord = z.infer<typeof outcomeRecordSchema>;

export const draftRecordSchema = draftScopeSchema.extend({
  id: z.string().min(1),
  value: z.unknown(),
  /** the server version the edit started from (null for a new record) */
  baseVersion: z.number().int().nullable(),
  updatedAt: z.number(),
  /** the gateway's words when it refused the change that came from this draft */
  error: z.string().nullable(),
  /** the status of that refusal (its message is rendered from it when the gateway gave no words) */
  errorStatus: z.number().int().nullable().default(null),
  /**
   * whether it holds a change of the record (false: only the form's own state, such as the hotel
   * wizard's open step): only such a draft is announced as unsaved changes and counted at logout.
   * Drafts of older versions, without it, count as changed.
   */
  changed: z.boolean().default(true),
});
export type DraftRecord = z.infer<typeof draftRecordSchema>;

/** What the service worker needs to replay the outbox without a page: who, and a live token. */
export const sessionMirrorSchema = z.object({
  key: z.literal('session'),
  userUuid: z.string().min(1),
  token: z.string().min(1),
  expirationTime: z.string(),
  /** the gateway the page talks to (runtime config): the worker replays to the same one */
  baseUrl: z.string().min(1).default('/api'),
});
export type SessionMirror = z.infer<typeof sessionMirrorSchema>;

/** Parses a stored record; logs and returns null for one that does not fit (it is then deleted). */
export function parseStored<T>(schema: z.ZodType<T>, raw: unknown, what: string): T | null {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  console.warn(`Lobby dropped an unreadable ${what} from browser storage`, parsed.error.issues[0]?.message);
  return null;
}
