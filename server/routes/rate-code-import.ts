/**
 * POST /organization/{org}/hotel/{hotel}/pms-rate-code/import (spec section 7): a CSV of rate code
 * and package pairs (src/domain/rate-code-csv.ts, documented in the README) replaces every rate code
 * of the hotel, all or nothing. Every package must already exist in the hotel. Answers
 * { succeed, message }: a file with problems changes nothing and says what the first ones are.
 *
 * The upload is read as it arrives (src/domain/rate-code-csv-stream.ts): a file of a million rows
 * is never held whole, only the rate codes it names. It is read before the transaction, so a slow
 * upload holds no lock; the packages it was checked against are checked again under the lock.
 */
import multipart from '@fastify/multipart';
import { count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, HISTORY_SAMPLE_MAX, RATE_CODE_KIND, RATE_CODE_CSV_MAX_BYTES, RATE_CODE_CSV_MESSAGES, rateCodeImportResultSchema, type ImportedRateCode, type RateCodeCsvResult } from '../../src/domain/index';
import { RateCodeCsvStream } from '../../src/domain/rate-code-csv-stream';
import { rateCodes } from '../db/schema';
import { HttpError, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { BEARER } from '../plugins/swagger';
import { loadGrantee } from '../services/directory';
import { recordHistory } from '../services/history';
import { findHotel, lockHotel } from '../services/hotel-scope';
import { chunks, livePackages } from '../services/hotels';
import { FILES_LIMIT, withOneFile } from '../services/uploads';
import { errorResponses } from './schemas';

export const RATE_CODE_IMPORT_FIELD = 'file';
export const RATE_CODE_IMPORT_MESSAGES = {
  noFile: `Send the CSV file in a multipart field named ${RATE_CODE_IMPORT_FIELD}`,
  oneFile: `Send one CSV file only, in a multipart field named ${RATE_CODE_IMPORT_FIELD}`,
  notCsv: 'Only .csv files can be imported',
  tooLarge: RATE_CODE_CSV_MESSAGES.tooLarge,
  imported: (codes: number, pairs: number) => `${codes} rate codes imported with ${pairs} packages. Every previous rate code of the hotel was replaced.`,
  packageRemoved: (packageId: string) => `Package ${packageId} was removed from the hotel while the file was being read.`,
  refused: (first: string, more: number) => (more > 0 ? `${first} (${more} more problems; nothing was imported)` : `${first} (nothing was imported)`),
} as const;

const params = z.object({ org: z.string().max(64).describe('Organization uuid'), hotel: z.string().max(64).describe('Hotel (unit) uuid') });
const refusal = (message: string, status = 400) => HttpError.of(status, ERROR_CODES.validation, message, RATE_CODE_IMPORT_FIELD);

function firstMissing(codes: readonly ImportedRateCode[], live: ReadonlySet<string>): string | undefined {
  for (const code of codes) for (const id of code.packageExternalIds) if (!live.has(id)) return id;
  return undefined;
}

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
      schema: {
        tags: ['pms'],
        security: BEARER,
        summary: "Replace a hotel's rate codes from a CSV file",
        description:
          `A \`multipart/form-data\` body with one .csv file in the field \`${RATE_CODE_IMPORT_FIELD}\` (a second file answers 400): a header naming the columns Rate Code and Package ID, then one row per pair. ` +
          'Every package must already exist in the hotel. All rate codes of the hotel are replaced in one transaction; a file with any problem changes nothing and answers succeed false with the first problems.',
        consumes: ['multipart/form-data'],
        params,
        response: { 200: rateCodeImportResultSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const me = await loadGrantee(db, caller(request));
      if (!me) throw unauthenticated();
      const { orgUuid, hotelUuid } = await findHotel(db, me, request.params.org, request.params.hotel);

      // the file is read as it arrives (a million rows is some 25 MB): only the rate codes are kept
      let result: RateCodeCsvResult;
      try {
        result = await withOneFile(request, RATE_CODE_IMPORT_FIELD, { noFile: () => refusal(RATE_CODE_IMPORT_MESSAGES.noFile), tooMany: () => refusal(RATE_CODE_IMPORT_MESSAGES.oneFile) }, async (part) => {
          if (!/\.csv$/i.test(part.filename ?? '')) {
            part.file.resume();
            throw refusal(RATE_CODE_IMPORT_MESSAGES.notCsv);
          }
          const stream = new RateCodeCsvStream((await livePackages(db, hotelUuid)).map((row) => row.externalId));
          for await (const chunk of part.file as AsyncIterable<Buffer>) stream.push(chunk);
          if (part.file.truncated) throw refusal(RATE_CODE_IMPORT_MESSAGES.tooLarge, 413);
          return stream.finish();
        });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusal(RATE_CODE_IMPORT_MESSAGES.tooLarge, 413);
        throw refusal(code === FILES_LIMIT || code === 'FST_PARTS_LIMIT' ? RATE_CODE_IMPORT_MESSAGES.oneFile : RATE_CODE_IMPORT_MESSAGES.noFile);
      }

      return withMutation(request, reply, async (tx) => {
        if (!result.ok) {
          const first = result.problems[0]?.message ?? RATE_CODE_CSV_MESSAGES.noRateCodes;
          return { statusCode: 200, body: { succeed: false, message: RATE_CODE_IMPORT_MESSAGES.refused(first, Math.max(0, result.counts.problems - 1)) } };
        }
        await lockHotel(tx, hotelUuid);
        const packages = await livePackages(tx, hotelUuid);
        // the file was checked against the packages as they were when it arrived: one removed since is refused
        const live = new Set(packages.map((row) => row.externalId));
        const removed = firstMissing(result.rateCodes, live);
        if (removed !== undefined) {
          return { statusCode: 200, body: { succeed: false, message: RATE_CODE_IMPORT_MESSAGES.refused(RATE_CODE_IMPORT_MESSAGES.packageRemoved(removed), 0) } };
        }
        const uuidOf = new Map(packages.map((row) => [row.externalId, row.uuid]));
        const now = request.server.lobby.now();
        const [replaced] = await tx.select({ n: count() }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotelUuid));
        await tx.delete(rateCodes).where(eq(rateCodes.hotelUuid, hotelUuid));
        for (const codes of chunks(result.rateCodes, 1_000)) {
          const batch = codes.map((code) => ({
            orgUuid,
            hotelUuid,
            name: code.name,
            externalId: code.name,
            packages: code.packageExternalIds.map((externalId) => uuidOf.get(externalId) as string),
            createdAt: now,
            updatedAt: now,
          }));
          await tx.insert(rateCodes).values(batch);
        }
        // one entry for the whole file: counts and its first rate codes, never one per code
        await recordHistory(tx, request, {
          kind: RATE_CODE_KIND,
          recordUuid: hotelUuid,
          orgUuid,
          unitUuid: hotelUuid,
          action: 'imported',
          changes: [],
          bulk: {
            counts: { removed: replaced?.n ?? 0, created: result.counts.rateCodes, pairs: result.counts.pairs },
            sample: result.rateCodes.slice(0, HISTORY_SAMPLE_MAX).map((code) => ({ name: code.name, packages: code.packageExternalIds })),
          },
        });
        return { statusCode: 200, body: { succeed: true, message: RATE_CODE_IMPORT_MESSAGES.imported(result.counts.rateCodes, result.counts.pairs), imported: result.counts.rateCodes } };
      });
    },
  );
};
