/**
 * A hotel's packages and rate codes as CSV files (the formats of src/domain/package-csv.ts and
 * rate-code-csv.ts, read by src/domain/csv.ts):
 * - GET …/pms-rate-code/export and …/pms-package/export: the lists as files the imports read back
 *   unchanged (text/csv, a file name with the hotel and the day), formula cells neutralised;
 *   authorized like the reads of those lists (setup of the organization or of the hotel);
 * - POST …/pms-package/import: a package file becomes the hotel's packages, all or nothing, matched
 *   by package ID. A package the file leaves out is removed (flagged, as a removal is), unless a
 *   rate code uses it: then the file is refused, one line per such package naming its codes. A
 *   hotel has a handful of packages, so the file is read whole (at most PACKAGE_CSV_MAX_PACKAGES,
 *   and 4 MB) and written in one transaction; one history entry counts what it did.
 */
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  externalIdKey,
  hotelCsvFileName,
  PACKAGE_CSV_MESSAGES,
  PACKAGE_CSV_HEADER,
  packageCsvText,
  PackageCsvStream,
  PMS_PACKAGE_KIND,
  RATE_CODE_CSV_HEADER,
  rateCodeCsvText,
  rateCodeImportResultSchema,
  type PackageCsvResult,
} from '../../src/domain/index';
import { organizationalUnits, rateCodes } from '../db/schema';
import { HttpError, unauthenticated } from '../http-error';
import { caller } from '../plugins/auth';
import { withMutation } from '../plugins/idempotency';
import { BEARER } from '../plugins/swagger';
import { callerGrantee } from '../services/directory';
import { recordHistory } from '../services/history';
import { findHotel, lockHotel } from '../services/hotel-scope';
import { applyPackages, livePackages } from '../services/hotels';
import { FILES_LIMIT, withOneFile } from '../services/uploads';
import { errorResponses } from './schemas';
import { compareText } from '../../src/domain/text-order';

export const PACKAGE_IMPORT_FIELD = 'file';
/** A package file is small: a hotel has a handful of packages. */
export const PACKAGE_CSV_UPLOAD_MAX_BYTES = 4 * 1024 * 1024;

export const PACKAGE_IMPORT_MESSAGES = {
  noFile: `Send the CSV file in a multipart field named ${PACKAGE_IMPORT_FIELD}`,
  oneFile: `Send one CSV file only, in a multipart field named ${PACKAGE_IMPORT_FIELD}`,
  notCsv: 'Only .csv files can be imported',
  tooLarge: `The file is larger than ${PACKAGE_CSV_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  imported: (packages: number, outcome: { added: number; changed: number; removed: number; kept: number }) =>
    `${packages} packages imported: ${outcome.added} added, ${outcome.changed} changed, ${outcome.removed} removed, ${outcome.kept} kept.`,
  refused: (lines: readonly string[], more: number) => `${lines.join('\n')}${more > 0 ? `\n(${more} more problems; nothing was imported)` : '\n(nothing was imported)'}`,
} as const;

/** How many problems a refusal names, one per line. */
const REFUSAL_LINES = 20;

const params = z.object({ org: z.string().max(64).describe('Organization uuid'), hotel: z.string().max(64).describe('Hotel (unit) uuid') });
const refusal = (message: string, status = 400) => HttpError.of(status, ERROR_CODES.validation, message, PACKAGE_IMPORT_FIELD);

export const hotelCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: PACKAGE_CSV_UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 5, headerPairs: 20 },
    throwFileSizeLimit: true,
    isPartAFile: (fieldName, contentType, fileName) => fieldName === PACKAGE_IMPORT_FIELD || contentType === 'application/octet-stream' || fileName !== undefined,
  });
  const { db } = app.lobby;
  const common = { tags: ['pms'], security: BEARER };

  async function hotelOf(request: { params: { org: string; hotel: string } } & Parameters<typeof caller>[0]) {
    const me = await callerGrantee(request);
    if (!me) throw unauthenticated();
    const found = await findHotel(db, me, request.params.org, request.params.hotel);
    const [unit] = await db.select({ name: organizationalUnits.name }).from(organizationalUnits).where(eq(organizationalUnits.uuid, found.hotelUuid));
    return { ...found, name: unit?.name ?? '' };
  }

  function sendCsv(reply: FastifyReply, fileName: string, text: string) {
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .header('cache-control', 'no-store')
      .send(text);
  }

  app.get(
    '/organization/:org/hotel/:hotel/pms-rate-code/export',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "A hotel's rate codes as a CSV file",
        description:
          `text/csv (UTF-8, RFC 4180, CRLF): the header ${RATE_CODE_CSV_HEADER.join(',')}, then one row per rate code and package, codes by ID, packages in their order. ` +
          'A cell beginning with = + - @, a tab or a carriage return is written with a single quote in front so a spreadsheet never runs it; the import reads it back as it was, so the file imported unchanged changes nothing. ' +
          'The file name holds the hotel and the day (rate-codes-<hotel>-<YYYY-MM-DD>.csv). Needs organization setup or setup of the hotel.',
        params,
        produces: ['text/csv'],
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, typedReply) => {
      const reply: FastifyReply = typedReply;
      const hotel = await hotelOf(request);
      const names = new Map((await livePackages(db, hotel.hotelUuid)).map((row) => [row.uuid, row.externalId]));
      const rows = await db.select({ name: rateCodes.name, packages: rateCodes.packages }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotel.hotelUuid));
      rows.sort((a, b) => compareText(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      // a package removed since shows missing in the app: it is left out of the file, as the import would refuse it
      const codes = rows.map((row) => ({ name: row.name, packageExternalIds: row.packages.flatMap((uuid) => names.get(uuid) ?? []) }));
      return sendCsv(reply, hotelCsvFileName('rate-codes', hotel.name, request.server.lobby.now()), rateCodeCsvText(codes));
    },
  );

  app.get(
    '/organization/:org/hotel/:hotel/pms-package/export',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "A hotel's packages as a CSV file",
        description:
          `text/csv (UTF-8, RFC 4180, CRLF): the header ${PACKAGE_CSV_HEADER.join(',')}, then one row per live package by package ID (ADULT, CHILDREN or PERSON). ` +
          'Formula cells are neutralised as in the rate-code export. The file name holds the hotel and the day (packages-<hotel>-<YYYY-MM-DD>.csv). Needs organization setup or setup of the hotel.',
        params,
        produces: ['text/csv'],
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, typedReply) => {
      const reply: FastifyReply = typedReply;
      const hotel = await hotelOf(request);
      const rows = (await livePackages(db, hotel.hotelUuid)).sort((a, b) => a.externalId.localeCompare(b.externalId) || a.uuid.localeCompare(b.uuid));
      return sendCsv(reply, hotelCsvFileName('packages', hotel.name, request.server.lobby.now()), packageCsvText(rows));
    },
  );

  app.post(
    '/organization/:org/hotel/:hotel/pms-package/import',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: "Make a hotel's packages those of a CSV file",
        description:
          `A \`multipart/form-data\` body with one .csv file in the field \`${PACKAGE_IMPORT_FIELD}\` (at most ${PACKAGE_CSV_UPLOAD_MAX_BYTES / 1024 / 1024} MB): the header ${PACKAGE_CSV_HEADER.join(',')}, then one row per package. ` +
          'Matched by package ID in one transaction: new packages are created, a changed calculation rule updated, packages the file leaves out removed (flagged), the rest untouched. ' +
          'All or nothing: a file with any problem, or leaving out a package a rate code uses (one line per package, naming the codes), changes nothing and answers succeed false.',
        consumes: ['multipart/form-data'],
        params,
        response: { 200: rateCodeImportResultSchema, ...errorResponses(400, 401, 403, 404, 409, 412, 413, 422) },
      },
    },
    async (request, reply) => {
      const me = await callerGrantee(request);
      if (!me) throw unauthenticated();
      const { orgUuid, hotelUuid } = await findHotel(db, me, request.params.org, request.params.hotel);
      let read: PackageCsvResult;
      try {
        read = await withOneFile(request, PACKAGE_IMPORT_FIELD, { noFile: () => refusal(PACKAGE_IMPORT_MESSAGES.noFile), tooMany: () => refusal(PACKAGE_IMPORT_MESSAGES.oneFile) }, async (part) => {
          if (!/\.csv$/i.test(part.filename ?? '')) {
            part.file.resume();
            throw refusal(PACKAGE_IMPORT_MESSAGES.notCsv);
          }
          const stream = new PackageCsvStream();
          for await (const chunk of part.file as AsyncIterable<Buffer>) stream.push(chunk);
          if (part.file.truncated) throw refusal(PACKAGE_IMPORT_MESSAGES.tooLarge, 413);
          return stream.finish();
        });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw refusal(PACKAGE_IMPORT_MESSAGES.tooLarge, 413);
        throw refusal(code === FILES_LIMIT || code === 'FST_PARTS_LIMIT' ? PACKAGE_IMPORT_MESSAGES.oneFile : PACKAGE_IMPORT_MESSAGES.noFile);
      }
      return withMutation(request, reply, async (tx) => {
        if (!read.ok) {
          const lines = read.problems.slice(0, REFUSAL_LINES).map((problem) => problem.message);
          return { statusCode: 200, body: { succeed: false, message: PACKAGE_IMPORT_MESSAGES.refused(lines.length > 0 ? lines : [PACKAGE_CSV_MESSAGES.noPackages], Math.max(0, read.counts.problems - lines.length)) } };
        }
        await lockHotel(tx, hotelUuid);
        const live = await livePackages(tx, hotelUuid);
        const byKey = new Map(live.map((row) => [externalIdKey(row.externalId), row]));
        const inFile = new Set(read.packages.map((item) => externalIdKey(item.externalId)));
        const leftOut = live.filter((row) => !inFile.has(externalIdKey(row.externalId))).sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
        // a package left out that a rate code uses: refused, one line per package with its codes
        const codes = leftOut.length === 0 ? [] : await tx.select({ name: rateCodes.name, packages: rateCodes.packages }).from(rateCodes).where(eq(rateCodes.hotelUuid, hotelUuid));
        const inUse: string[] = [];
        for (const row of leftOut) {
          const users = codes.filter((code) => code.packages.includes(row.uuid)).map((code) => code.name).sort();
          if (users.length > 0) inUse.push(PACKAGE_CSV_MESSAGES.inUse(row.externalId, users.slice(0, 10), Math.max(0, users.length - 10)));
        }
        if (inUse.length > 0) {
          const lines = inUse.slice(0, REFUSAL_LINES);
          return { statusCode: 200, body: { succeed: false, message: PACKAGE_IMPORT_MESSAGES.refused(lines, inUse.length - lines.length) } };
        }
        const newPackages = read.packages.filter((item) => !byKey.has(externalIdKey(item.externalId))).map(({ externalId, calculationRule }) => ({ externalId, calculationRule }));
        const updatedPackages = read.packages.flatMap((item) => {
          const before = byKey.get(externalIdKey(item.externalId));
          return before && before.calculationRule !== item.calculationRule ? [{ uuid: before.uuid, externalId: before.externalId, calculationRule: item.calculationRule }] : [];
        });
        const now = request.server.lobby.now();
        await applyPackages({ tx, orgUuid, hotelUuid, now, grants: me, embedded: request.server.lobby.embedded }, { newPackages, updatedPackages, deletedPackages: leftOut.map((row) => row.uuid) });
        const outcome = { added: newPackages.length, changed: updatedPackages.length, removed: leftOut.length, kept: read.packages.length - newPackages.length - updatedPackages.length };
        await recordHistory(tx, request, {
          kind: PMS_PACKAGE_KIND,
          recordUuid: hotelUuid,
          orgUuid,
          unitUuid: hotelUuid,
          action: 'imported',
          changes: [],
          bulk: { counts: { ...outcome, created: outcome.added }, sample: read.packages.slice(0, 20).map(({ externalId, calculationRule }) => ({ externalId, calculationRule })) },
        });
        return { statusCode: 200, body: { succeed: true, message: PACKAGE_IMPORT_MESSAGES.imported(read.packages.length, outcome), imported: read.packages.length } };
      });
    },
  );
};

