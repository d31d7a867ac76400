/**
 * POST /outbox/v1/batch (issue 20, src/domain/outbox-batch.ts): the outbox's queued changes in one
 * request. Each change is dispatched through this same gateway with Fastify's inject, exactly as if
 * it had been sent alone: the same route, its validation, the caller's authorization checked by that
 * route, the same Idempotency-Key store (so a batch resent after a lost reply applies nothing twice,
 * and a change already sent alone is answered from the store), and its own X-Made-At/X-Made-Offline
 * for the history. Changes run one after another, in order; each answer goes back in the reply.
 *
 * The caller's token is verified once per batch, by this route; its changes carry the verified
 * session through an in-memory ticket (plugins/auth.ts), not a second lookup each.
 *
 * A change that meets a 5xx or 429 ends the batch: the rest is not tried and has no result (the
 * client sends them again later). A change naming `after` runs only if that change got a 2xx.
 *
 * A change asking for `Prefer: return=minimal` that succeeds is answered its uuid and version
 * (replyResult), not its whole record.
 *
 * A run of creates and updates of resources with batch rules is applied as a set instead, in one
 * transaction (../resources/batch-set.ts, docs/adr/0037), with the answers the changes would get
 * one at a time; a run its rules cannot vouch for goes one at a time as above.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchRequestSchema,
  batchResponseSchema,
  ERROR_CODES,
  OUTBOX_BATCH_MAX_BYTES,
  OUTBOX_BATCH_MAX_CHANGES,
  OUTBOX_BATCH_MESSAGES,
  OUTBOX_BATCH_PATH,
  prefersMinimal,
  type BatchChange,
  type BatchResult,
} from '../../src/domain/index';
import { HttpError } from '../http-error';
import { BATCH_TICKET_HEADER, caller, openBatchTicket } from '../plugins/auth';
import { flushCommits } from '../plugins/idempotency';
import { BEARER } from '../plugins/swagger';
import { applyRunAsSet, dependencyFailed, isSuccess, matchSetChange, versionOf } from '../resources/batch-set';
import { errorResponses } from './schemas';

/** Runs shorter than this go one change at a time: a set's fixed statements would cost more than they save. */
const SET_RUN_MIN = 4;


/**
 * Changes that may alter the caller's own grants (users and their memberships and permissions, an
 * organization created with its creator's membership, one removed): after one, the batch's later
 * changes read the grants again instead of sharing the read of the changes before it.
 */
const ALTERS_GRANTS = /^\/(?:user-profile|authentication)(?:\/|$)|^\/organization\/v1(?:\/|$)|^\/organization\/[^/]+\/?$/;

/**
 * A change's answer as the reply carries it. A change that asked for `Prefer: return=minimal` (the
 * outbox asks it of every change: it reads nothing of a success but the version) and succeeded is
 * answered its record's uuid and version only, where it would be answered the whole record: on a
 * hotel network a batch's answers are most of what comes back. Refusals keep their whole body.
 */
export function replyResult(change: BatchChange, result: BatchResult): BatchResult {
  if (!isSuccess(result.status) || result.body === null || typeof result.body !== 'object' || Array.isArray(result.body)) return result;
  if (!prefersMinimal(change.headers.Prefer)) return result;
  const { uuid, version } = result.body as { uuid?: unknown; version?: unknown };
  return { status: result.status, body: { ...(uuid === undefined ? {} : { uuid }), ...(version === undefined ? {} : { version }) } };
}

function parseAnswer(payload: string): unknown {
  if (payload === '') return undefined;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return payload;
  }
}

export const outboxBatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    OUTBOX_BATCH_PATH,
    {
      onRequest: app.authenticate,
      bodyLimit: OUTBOX_BATCH_MAX_BYTES,
      // each change is logged as its own request; the batch itself only when something goes wrong
      logLevel: 'warn',
      errorHandler: (error) => {
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw HttpError.of(413, ERROR_CODES.validation, OUTBOX_BATCH_MESSAGES.tooLarge);
        throw error;
      },
      schema: {
        tags: ['outbox'],
        summary: 'Apply queued changes in one request, in order, each as if sent alone',
        description:
          `At most ${OUTBOX_BATCH_MAX_BYTES / (1024 * 1024)} MB and ${OUTBOX_BATCH_MAX_CHANGES} changes, each a write (POST, PUT, PATCH, DELETE) to a path of this gateway. ` +
          'Each change is authorized with the caller’s token and keeps its Idempotency-Key: a change already applied (alone or in an earlier batch) ' +
          'is answered from the store and not applied again. Results come in the order of the changes. A 5xx or 429 of one change ends the batch: ' +
          'the results stop there and the rest was not tried. A change with `after` runs only if that change got a 2xx; otherwise it is answered 424 and not stored. ' +
          'A change carrying `Prefer: return=minimal` that succeeds is answered its record’s uuid and version, not the whole record.',
        security: BEARER,
        body: batchRequestSchema,
        response: { 200: batchResponseSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => {
      caller(request);
      const authorization = request.headers.authorization ?? '';
      const ticket = openBatchTicket(request);
      const results: BatchResult[] = [];
      const changes = request.body.changes;
      /** one change through the gateway's own route, as if sent alone: false when the batch ends there */
      const applyAlone = async (change: BatchChange): Promise<boolean> => {
        const dependency = change.after === undefined ? undefined : results[change.after];
        if (dependency !== undefined && !isSuccess(dependency.status)) {
          results.push(dependencyFailed());
          return true;
        }
        const headers: Record<string, string> = { authorization, accept: 'application/json', [BATCH_TICKET_HEADER]: ticket.id };
        for (const [name, value] of Object.entries(change.headers)) if (value !== undefined) headers[name.toLowerCase()] = value;
        const followed = change.rebase === true && dependency !== undefined ? versionOf(dependency.body) : null;
        if (followed !== null) headers['if-match'] = `"${followed}"`;
        const hasBody = change.body !== undefined && change.method !== 'DELETE';
        if (hasBody) headers['content-type'] = 'application/json';
        const answer = await app.inject({
          method: change.method,
          url: `/api${change.path}`,
          headers,
          remoteAddress: request.ip,
          ...(hasBody ? { payload: JSON.stringify(change.body) } : {}),
        });
        if (ALTERS_GRANTS.test(change.path)) ticket.forgetGrants();
        const body = parseAnswer(answer.payload);
        results.push(body === undefined ? { status: answer.statusCode } : { status: answer.statusCode, body });
        // the gateway is failing or asks to slow down: the rest waits for the client's next attempt
        return !(answer.statusCode >= 500 || answer.statusCode === 429);
      };
      try {
        let index = 0;
        batch: while (index < changes.length) {
          // a run of creates and updates of resources with batch rules is applied as a set when its rules vouch for it
          let end = index;
          while (end < changes.length && matchSetChange(changes[end]?.method ?? '', changes[end]?.path ?? '') !== null) end += 1;
          if (end - index >= SET_RUN_MIN) {
            const run = changes.slice(index, end).map((change, offset) => ({ ...change, index: index + offset }));
            const answers = await applyRunAsSet(request, run, results);
            if (answers !== null) {
              for (const change of run) results.push(answers.get(change.index) as BatchResult);
              index = end;
              continue;
            }
          }
          for (const change of changes.slice(index, Math.max(end, index + 1))) {
            if (!(await applyAlone(change))) break batch;
          }
          index = Math.max(end, index + 1);
        }
      } finally {
        ticket.close();
      }
      // on PostgreSQL the changes committed without waiting for the disk: one wait for all, before any answer leaves
      if (app.lobby.groupCommit && results.length > 0) await flushCommits(app.lobby.db);
      return { results: results.map((result, index) => replyResult(changes[index] as BatchChange, result)) };
    },
  );
};
