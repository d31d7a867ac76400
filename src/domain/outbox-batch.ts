/**
 * Batch replay (issue 20): many queued changes travel in one request, each keeping its own method,
 * path, body, Idempotency-Key, If-Match and made-at/offline headers, and each gets its own answer.
 * The gateway applies them in order, each exactly as if it had been sent alone (same route, same
 * authorization, same idempotency store). Replicache's push is the model.
 *
 * Two fields keep a record's changes in order inside one batch, as the outbox does between requests:
 *   after   the index of an earlier change of the same record in this batch: this change is applied
 *           only if that one was (2xx); otherwise it is answered 424 and neither applied nor stored,
 *           so it can be sent again once the operator has dealt with the earlier one.
 *   rebase  this change was queued over the same version as `after`: its If-Match becomes the
 *           version that change's answer carries (what the outbox does between two requests).
 */
import { z } from 'zod';

/** The path of the batch route below the API base. */
export const OUTBOX_BATCH_PATH = '/outbox/v1/batch';
/** Most changes one batch may hold. */
export const OUTBOX_BATCH_MAX_CHANGES = 1000;
/** Most bytes one batch request may hold (its JSON, uncompressed). */
export const OUTBOX_BATCH_MAX_BYTES = 5 * 1024 * 1024;
/** The status of a change that was not applied because the earlier change it follows was not. */
export const DEPENDENCY_FAILED_STATUS = 424;

export const BATCH_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const OUTBOX_BATCH_MESSAGES = {
  tooMany: `A batch holds at most ${OUTBOX_BATCH_MAX_CHANGES} changes`,
  tooLarge: `A batch may be at most ${OUTBOX_BATCH_MAX_BYTES / (1024 * 1024)} MB`,
  badPath: 'A change goes to a path of the gateway, such as /organization/{uuid}/pms-connection',
  nested: 'A batch cannot hold another batch',
  badAfter: 'after names an earlier change of this batch',
  dependencyFailed: 'Not applied: an earlier change of the same record was not applied',
} as const;

/** A path below the API base: no scheme, no host, no dot segments, no fragment. */
const PATH_PATTERN = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/;

export function isBatchablePath(path: string): boolean {
  if (!PATH_PATTERN.test(path)) return false;
  const pathname = path.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return !decoded.split('/').some((segment) => segment === '.' || segment === '..') && !decoded.includes('\\');
}

const isBatchRoute = (path: string) => (path.split('?')[0] ?? '').replace(/\/+$/, '').toLowerCase() === OUTBOX_BATCH_PATH;

export const batchChangeSchema = z.object({
  method: z.enum(BATCH_METHODS).describe('a write method; reads are not batched'),
  path: z
    .string()
    .max(2048)
    .refine(isBatchablePath, OUTBOX_BATCH_MESSAGES.badPath)
    .refine((path) => !isBatchRoute(path), OUTBOX_BATCH_MESSAGES.nested)
    .describe('the path below the API base, as the change would be sent alone, e.g. /organization/{uuid}/pms-connection'),
  body: z.unknown().optional().describe('the JSON body, as it would be sent alone; absent for a DELETE'),
  headers: z
    .object({
      'Idempotency-Key': z.string().optional(),
      'If-Match': z.string().optional(),
      'X-Made-At': z.string().optional(),
      'X-Made-Offline': z.string().optional(),
      Prefer: z.string().max(256).optional(),
    })
    .strict()
    .default({})
    .describe('the headers the change carries alone; the Authorization is the batch request’s'),
  after: z.number().int().nonnegative().optional().describe('index of an earlier change of the same record in this batch: applied only if that one was, else 424'),
  rebase: z.boolean().optional().describe('If-Match becomes the version in the answer of the change named by after'),
});
export type BatchChange = z.infer<typeof batchChangeSchema>;

export const batchRequestSchema = z
  .object({
    changes: z.array(batchChangeSchema).min(1, 'A batch holds at least one change').max(OUTBOX_BATCH_MAX_CHANGES, OUTBOX_BATCH_MESSAGES.tooMany),
  })
  .superRefine((batch, context) => {
    batch.changes.forEach((change, index) => {
      if (change.after !== undefined && change.after >= index) context.addIssue({ code: 'custom', message: OUTBOX_BATCH_MESSAGES.badAfter, path: ['changes', index, 'after'] });
    });
  });
export type BatchRequest = z.infer<typeof batchRequestSchema>;

export const batchResultSchema = z.object({
  status: z.number().int().describe('the status the change got, as if sent alone; 424: not applied because the change it follows was not'),
  body: z.unknown().optional().describe('the JSON answer the change got; absent for 204; for a success of a change carrying Prefer: return=minimal, the record’s uuid and version only'),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

export const batchResponseSchema = z.object({
  results: z
    .array(batchResultSchema)
    .describe('one per change, in order; shorter than the batch when the gateway stopped at a 5xx or 429 (the rest were not tried: send them again)'),
});
export type BatchResponse = z.infer<typeof batchResponseSchema>;
