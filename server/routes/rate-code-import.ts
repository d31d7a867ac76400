/**
 * POST /organization/{org}/hotel/{hotel}/pms-rate-code/import (spec section 7): a CSV of rate code
 * and package pairs (src/domain/rate-code-csv.ts, documented in the README) becomes the hotel's
 * rate codes, all or nothing, matched by ID (services/rate-code-import.ts publishStaged: a code the
 * file holds as it is keeps its version). Every package must already exist in the hotel. Answers
 * { succeed, message }: a file with problems changes nothing and says what the first ones are.
 *
 * The upload is read as it arrives (src/domain/csv.ts, the one CSV reader; rate-code-csv.ts is its
 * rate-code sink): a file of a million rows is never held whole, only the rate codes it names. It is read before the transaction, so a slow
 * upload holds no lock; the packages it was checked against are checked again under the lock.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, RATE_CODE_KIND, RATE_CODE_CSV_MAX_BYTES, RATE_CODE_CSV_MESSAGES, rateCodeImportResultSchema, type RateCodeCsvResult } from '../../src/domain/index';
import { RateCodeCsvStream } from '../../src/domain/rate-code-csv';
import { HttpError, unauthenticated } from '../http-error';
import { readKey, withMutation } from '../plugins/idempotency';
import { BEARER } from '../plugins/swagger';
import { callerGrantee } from '../services/directory';
import { recordHistory } from '../services/history';
import { findHotel, lockHotel } from '../services/hotel-scope';
import { livePackages } from '../services/hotels';
import { collectEvery } from '../services/heap';
import { beginImport, checkStaged, clearStaged, type ImportOutcome, keepClaim, publishStaged, releaseImport, STAGE_BATCH_RUNS, STAGE_BATCHES_PER_COLLECTION, stageRuns, writeAhead } from '../services/rate-code-import';
import { FILES_LIMIT, withOneFile } from '../services/uploads';
import { errorResponses } from './schemas';

export const RATE_CODE_IMPORT_FIELD = 'file';
export const RATE_CODE_IMPORT_MESSAGES = {
  noFile: `Send the CSV file in a multipart field named ${RATE_CODE_IMPORT_FIELD}`,
  oneFile: `Send one CSV file only, in a multipart field named ${RATE_CODE_IMPORT_FIELD}`,
  notCsv: 'Only .csv files can be imported',
  tooLarge: RATE_CODE_CSV_MESSAGES.tooLarge,
  imported: (codes: number, pairs: number, outcome: ImportOutcome) =>
    `${codes} rate codes imported with ${pairs} packages: ${outcome.added} added, ${outcome.changed} changed, ${outcome.removed} removed, ${outcome.kept} kept.`,
  packageRemoved: (packageId: string) => `Package ${packageId} was removed from the hotel while the file was being read.`,
  refused: (first: string, more: number) => (more > 0 ? `${first} (${more} more problems; nothing was imported)` : `${first} (nothing was imported)`),
} as const;

const params = z.object({ org: z.string().max(64).describe('Organization uuid'), hotel: z.string().max(64).describe('Hotel (unit) uuid') });
const refusal = (message: string, status = 400) => HttpError.of(status, ERROR_CODES.validation, message, RATE_CODE_IMPORT_FIELD);

export const rateCodeImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: RATE_CODE_CSV_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 5, headerPairs: 20 },
    throwFileSizeLimit: true,
    isPartAFile: (fieldName, contentType, fileName) => fieldName === RATE_CODE_IMPORT_FIELD || contentType === 'application/octet-stream' || fileName !== undefined,
  });
  const { db } = app.lobby;

  app.post(
    '/organization/:org/hotel/:hotel/pms-rate-code/import',
    {
      onRequest: app.authenticate,
      // bulk work: it takes its turn between its batches (services/bulk-gate.ts) instead of counting as a request in flight
      config: { bulk: true },
      schema: {
        tags: ['pms'],
        security: BEARER,
        summary: "Replace a hotel's rate codes from a CSV file",
        description:
          `A \`multipart/form-data\` body with one .csv file in the field \`${RATE_CODE_IMPORT_FIELD}\` (a second file answers 400): a header naming the columns Rate Code and Package ID, then one row per pair. ` +
          'Every package must already exist in the hotel. The file becomes the hotel\'s rate codes in one transaction, matched by ID: codes it leaves out are removed, codes whose packages differ are updated, new ones created, and the others left untouched (same version). A file with any problem changes nothing and answers succeed false with the first problems. Cells neutralised by the export (a single quote before = + - @, tab or CR) are read back as they were.',
        consumes: ['multipart/form-data'],
        params,
        response: { 200: rateCodeImportResultSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      const me = await callerGrantee(request);
      if (!me) throw unauthenticated();
      const { orgUuid, hotelUuid } = await findHotel(db, me, request.params.org, request.params.hotel);
      const gate = request.server.lobby.bulk;
      // the same request sent again (its key) takes the place of one its client gave up on (docs/adr/0033)
      const idempotencyKey = readKey(request);
      const { limits, now } = request.server.lobby;
      const begun = await beginImport(db, hotelUuid, me.user.uuid, now(), idempotencyKey, limits.importLeaseMs);
      for (const replaced of begun.replaced) request.server.lobby.background(() => clearStaged(db, gate, replaced));
      const importUuid = begun.uuid;
      // the claim's lease: a heartbeat on a timer while the file is read, staged and goes live
      const claim = keepClaim(db, importUuid, now, limits.importHeartbeatMs);
      let published = false;
      // the answer may leave before this handler ends (withMutation sends it): the staged rows' clearing
      // is registered now, so settling the gateway waits for it, and runs once the handler has ended
      let ended!: () => void;
      const handlerEnded = new Promise<void>((resolve) => (ended = resolve));
      request.server.lobby.background(async () => {
        await handlerEnded;
        await clearStaged(db, gate, importUuid);
      });
      try {
        // the file is read as it arrives (a million rows is some 25 MB) and staged a batch of rate codes at a time
        let result: RateCodeCsvResult;
        let uuidOf = new Map<string, string>();
        /** the packages the file names, in the order it first names them (checked again when going live) */
        const used = new Set<string>();
        try {
          result = await withOneFile(request, RATE_CODE_IMPORT_FIELD, { noFile: () => refusal(RATE_CODE_IMPORT_MESSAGES.noFile), tooMany: () => refusal(RATE_CODE_IMPORT_MESSAGES.oneFile) }, async (part) => {
            if (!/\.csv$/i.test(part.filename ?? '')) {
              part.file.resume();
              throw refusal(RATE_CODE_IMPORT_MESSAGES.notCsv);
            }
            const packages = await livePackages(db, hotelUuid);
            uuidOf = new Map(packages.map((row) => [row.externalId, row.uuid]));
            const stream = new RateCodeCsvStream(uuidOf.keys(), { runs: true });
            let seq = 0;
            // what a batch made is garbage once it is staged: V8 is asked to collect it every few batches (docs/adr/0048)
            const staged = collectEvery(STAGE_BATCHES_PER_COLLECTION);
            const stage = async () => {
              const runs = stream.takeRuns();
              for (const run of runs) for (const id of run.packageExternalIds) used.add(id);
              await gate.turn();
              await stageRuns(db, importUuid, seq, runs, uuidOf);
              seq += runs.length;
              staged();
            };
            for await (const chunk of part.file as AsyncIterable<Buffer>) {
              stream.push(chunk);
              if (stream.pendingRuns >= STAGE_BATCH_RUNS) await stage();
            }
            if (part.file.truncated) throw refusal(RATE_CODE_IMPORT_MESSAGES.tooLarge, 413);
            const read = stream.finish();
            await stage();
            return read;
          });
        } catch (error) {
          if (error instanceof HttpError) throw error;
          const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusal(RATE_CODE_IMPORT_MESSAGES.tooLarge, 413);
          throw refusal(code === FILES_LIMIT || code === 'FST_PARTS_LIMIT' ? RATE_CODE_IMPORT_MESSAGES.oneFile : RATE_CODE_IMPORT_MESSAGES.noFile);
        }
        // the rules of every rate code, and a rate code's rows that are not together, over the staged rows
        const staged = result.ok || result.counts.problems > 0 ? await checkStaged(db, gate, importUuid) : { rateCodes: 0, pairs: 0, problems: 0, first: null };
        // on PGlite, whose one connection every other request waits for, the new rate codes are written
        // ahead out of sight in short statements, and the last transaction makes them live at once
        // (docs/adr/0042); on PostgreSQL readers never wait for a transaction, and it writes them
        const { embedded } = request.server.lobby;
        const ahead = embedded && result.ok && staged.problems === 0 ? await writeAhead(db, gate, importUuid, orgUuid, hotelUuid, now(), embedded) : null;

        await gate.turn();
        let publishedInTransaction = false;
        const answer = await withMutation(request, reply, async (tx) => {
          const problems = result.counts.problems + staged.problems;
          if (!result.ok || problems > 0) {
            const first = result.problems[0]?.message ?? staged.first ?? RATE_CODE_CSV_MESSAGES.noRateCodes;
            // the hotel is free when the refusal arrives, not a moment later
            await releaseImport(tx, importUuid);
            return { statusCode: 200, body: { succeed: false, message: RATE_CODE_IMPORT_MESSAGES.refused(first, Math.max(0, problems - 1)) } };
          }
          await lockHotel(tx, hotelUuid);
          // the file was checked against the packages as they were when it arrived: one removed since is refused
          const wanted = [...used].map((externalId) => uuidOf.get(externalId) as string);
          const live = new Set((await livePackages(tx, hotelUuid)).map((row) => row.uuid));
          const removed = [...used].find((_, index) => !live.has(wanted[index] as string));
          if (removed !== undefined) {
            await releaseImport(tx, importUuid);
            return { statusCode: 200, body: { succeed: false, message: RATE_CODE_IMPORT_MESSAGES.refused(RATE_CODE_IMPORT_MESSAGES.packageRemoved(removed), 0) } };
          }
          const resentAs = idempotencyKey === null ? null : { userUuid: me.user.uuid, idempotencyKey };
          const { sample, ...outcome } = await publishStaged(tx, importUuid, orgUuid, hotelUuid, now(), resentAs, embedded, ahead);
          // the hotel is free once this transaction commits (not before: a failed commit keeps the claim, released below)
          publishedInTransaction = true;
          // one entry for the whole file: counts and its first rate codes, never one per code
          const externalIdOf = new Map([...uuidOf].map(([externalId, uuid]) => [uuid, externalId]));
          await recordHistory(tx, request, {
            kind: RATE_CODE_KIND,
            recordUuid: hotelUuid,
            orgUuid,
            unitUuid: hotelUuid,
            action: 'imported',
            changes: [],
            bulk: {
              counts: { ...outcome, created: outcome.added, pairs: staged.pairs },
              sample: sample.map((code) => ({ name: code.name, packages: code.packages.map((uuid) => externalIdOf.get(uuid) ?? uuid) })),
            },
          });
          return { statusCode: 200, body: { succeed: true, message: RATE_CODE_IMPORT_MESSAGES.imported(staged.rateCodes, staged.pairs, outcome), imported: staged.rateCodes } };
        });
        published = publishedInTransaction;
        return answer;
      } finally {
        await claim.stop();
        // a failed import frees the hotel (a published or refused one did, in its transaction); its rows are cleared apart
        try {
          if (!published) await releaseImport(db, importUuid);
        } finally {
          ended();
        }
      }
    },
  );
};
