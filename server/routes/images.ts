/**
 * Images of an organization (spec section 7 "POST /organization/{uuid}/images/tmp/upload"): logos,
 * terminal backgrounds and receipt images, uploaded by members who may set up the organization or
 * its units, stored in the `images` table and served by an unguessable key.
 *
 * Uploads follow the security baseline (docs/architecture.md): the type is judged from the bytes
 * (PNG, JPEG, GIF or WebP signatures), never from the name or the declared type; a file whose name
 * or declared type names another image type than its content is refused; at most 5 MB, one file (a
 * request with a second file is refused, never cut to its first).
 * Multipart parsing is registered in this plugin only, so no other route accepts multipart bodies.
 *
 * GET /images/{key} needs no authentication: the key (32 random bytes) is the capability, so
 * terminals and `<img>` tags can load it. It answers the bytes with their type, immutable caching
 * and a CSP that forbids everything, so an image opened directly can never run as a document.
 */
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canSetupOrganization, ERROR_CODES, uploadedImageUrl, visibilityFor } from '../../src/domain/index';
import type { Executor } from '../db/client';
import { images, organizations } from '../db/schema';
import { HttpError, notFound, unauthenticated } from '../http-error';
import { BEARER } from '../plugins/swagger';
import type { Grantee } from '../services/directory';
import { callerGrantee, loadTree } from '../services/directory';
import { IMAGE_KEY } from '../services/images';
import { withOneFile } from '../services/uploads';
import { UUID } from '../resources/define-resource';
import { errorResponses } from './schemas';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The multipart field that carries the image. */
export const IMAGE_FIELD = 'file';
/** The stored name of an image sent without one (spec). */
export const DEFAULT_IMAGE_NAME = 'jpg';
const MAX_FILE_NAME = 255;

export const IMAGE_MESSAGES = {
  forbidden: "You don't have permissions",
  organizationNotFound: 'Organization not found',
  imageNotFound: 'Image not found',
  noFile: `Send the image in a multipart field named ${IMAGE_FIELD}`,
  oneFile: `Send one image only, in a multipart field named ${IMAGE_FIELD}`,
  unsupported: 'Only PNG, JPEG, WebP or GIF images can be uploaded',
  mismatch: "The file's content does not match its type",
  tooLarge: 'An image can be at most 5 MB',
  /** the app's own words for a failed upload */
  failed: 'Image upload failed. Please try again.',
} as const;

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];


const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type of the bytes by their signature ("magic bytes"), or null for anything else. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Declared types and extensions that name an image type; what they name must match the content. */
const DECLARED_TYPES: Record<string, string> = {
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'image/x-png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
};
const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  apng: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  pjpeg: 'image/jpeg',
  pjp: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  svgz: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
};

/**
 * Whether the part's declared type or its name's extension names another image type than `actual`.
 * A declaration naming no image (application/octet-stream, a name without an extension) says
 * nothing and is not held against the file.
 */
export function liesAboutType(actual: ImageType, declaredType: string | undefined, fileName: string | undefined): boolean {
  const declared = (declaredType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared.startsWith('image/') && (DECLARED_TYPES[declared] ?? declared) !== actual) return true;
  const dot = (fileName ?? '').lastIndexOf('.');
  if (dot < 0) return false;
  const named = EXTENSION_TYPES[(fileName ?? '').slice(dot + 1).trim().toLowerCase()];
  return named !== undefined && named !== actual;
}

/** The name to store: no path, no control characters, trimmed, at most 255 characters; 'jpg' when none is left. */
export function sanitizeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '').trim();
  const cut = [...clean].slice(0, MAX_FILE_NAME).join('').trim();
  return cut === '' ? DEFAULT_IMAGE_NAME : cut;
}

/** Organization setup, or unit setup (SETUP_OU) with a MANAGEMENT membership reaching the organization. */
async function mayUploadTo(db: Executor, me: Grantee, orgUuid: string): Promise<boolean> {
  if (canSetupOrganization(me, orgUuid)) return true;
  if (!me.permissions.includes('SETUP_OU')) return false;
  return visibilityFor(me.memberships, 'MANAGEMENT', await loadTree(db, orgUuid)).orgUuids.has(orgUuid);
}

const tooLarge = () => HttpError.of(413, ERROR_CODES.validation, IMAGE_MESSAGES.tooLarge, IMAGE_FIELD);
const refusal = (message: string) => HttpError.of(400, ERROR_CODES.validation, message, IMAGE_FIELD);

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/** A multipart failure as the gateway's answer: too large 413, not multipart 400, too many parts 400, anything else 400 'failed'. */
function multipartRefusal(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  switch (errorCode(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return refusal(IMAGE_MESSAGES.noFile);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return refusal(IMAGE_MESSAGES.oneFile);
    default:
      return refusal(IMAGE_MESSAGES.failed);
  }
}

/** The uploaded file's bytes, read to the end; one file only. Throws the gateway's refusals. */
export async function readImage(request: FastifyRequest): Promise<{ part: MultipartFile; bytes: Buffer }> {
  try {
    return await withOneFile(request, IMAGE_FIELD, { noFile: () => refusal(IMAGE_MESSAGES.noFile), tooMany: () => refusal(IMAGE_MESSAGES.oneFile) }, async (part) => {
      const bytes = await part.toBuffer();
      // toBuffer throws on a truncated stream; checked again so a cut file can never be stored
      if (part.file.truncated || bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
      return { part, bytes };
    });
  } catch (error) {
    throw multipartRefusal(error);
  }
}

const orgParams = z.object({ org: z.string().max(64).describe('Organization uuid') });
const keyParams = z.object({ key: z.string().max(128).describe('Image key, as answered by the upload') });
const uploadAnswer = z.object({
  url: z.string().describe('Absolute URL the image is served at (GET /api/images/{key}, no authentication)'),
  key: z.string().describe('The image key: unguessable, to store in image attributes of this organization'),
});

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 5, headerPairs: 20 },
    throwFileSizeLimit: true,
    // a part named `file` is the image even when the client sent it without a file name
    isPartAFile: (fieldName, contentType, fileName) => fieldName === IMAGE_FIELD || contentType === 'application/octet-stream' || fileName !== undefined,
  });
  const { db, config } = app.lobby;

  app.post(
    '/organization/:org/images/tmp/upload',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['images'],
        security: BEARER,
        summary: 'Upload an image of an organization',
        description:
          `A \`multipart/form-data\` body with one file in the field \`${IMAGE_FIELD}\` (its file name defaults to \`${DEFAULT_IMAGE_NAME}\`; a second file answers 400). ` +
          'The type is judged from the content: PNG, JPEG, GIF or WebP, anything else answers 415; a file whose declared type or ' +
          "extension names another image type than its content answers 400; more than 5 MB answers 413. Needs organization setup, or unit setup " +
          '(SETUP_OU with a MANAGEMENT membership reaching the organization). Answers 201 with the image URL and its key.',
        consumes: ['multipart/form-data'],
        params: orgParams,
        response: { 201: uploadAnswer, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const me = await callerGrantee(request);
      if (!me) throw unauthenticated();
      const org = request.params.org.toLowerCase();
      // 403 before 404, so nothing is learnt about organizations the caller may not set up
      if (!(await mayUploadTo(db, me, org))) throw HttpError.of(403, ERROR_CODES.forbidden, IMAGE_MESSAGES.forbidden);
      if (!UUID.test(org)) throw notFound(IMAGE_MESSAGES.organizationNotFound);
      const [found] = await db.select({ uuid: organizations.uuid }).from(organizations).where(eq(organizations.uuid, org));
      if (!found) throw notFound(IMAGE_MESSAGES.organizationNotFound);

      const { part, bytes } = await readImage(request);
      const contentType = imageTypeOf(bytes);
      if (contentType === null) throw HttpError.of(415, ERROR_CODES.validation, IMAGE_MESSAGES.unsupported, IMAGE_FIELD);
      if (liesAboutType(contentType, part.mimetype, part.filename)) throw refusal(IMAGE_MESSAGES.mismatch);

      const key = randomBytes(32).toString('base64url');
      await db.insert(images).values({
        key,
        orgUuid: found.uuid,
        contentType,
        fileName: sanitizeFileName(part.filename),
        size: bytes.length,
        bytes,
        uploadedBy: me.user.uuid,
        createdAt: app.lobby.now(),
      });
      const origin = config.publicUrl || `${request.protocol}://${request.host}`;
      return reply.code(201).send({ url: uploadedImageUrl(origin, key), key });
    },
  );

  app.get(
    '/images/:key',
    {
      schema: {
        tags: ['images'],
        summary: 'An uploaded image',
        description:
          'Needs no authentication: the key is 32 random bytes, an unguessable capability handed out by the upload, so terminals and ' +
          '`<img>` tags can load the image. Answers the bytes with their Content-Type, `Cache-Control: public, max-age=31536000, immutable` ' +
          '(an image never changes under its key), ETag = the key (If-None-Match answers 304), nosniff and a CSP that forbids everything.',
        params: keyParams,
        produces: [...IMAGE_TYPES],
        response: errorResponses(404),
      },
    },
    async (request, typedReply) => {
      // a plain reply: the 200 answers bytes (and 304 nothing), which the zod response schemas don't describe
      const reply: FastifyReply = typedReply;
      const { key } = request.params;
      if (!IMAGE_KEY.test(key)) throw notFound(IMAGE_MESSAGES.imageNotFound);
      const etag = `"${key}"`;
      const ifNoneMatch = request.headers['if-none-match'];
      const cached = typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
      const row: { contentType: string; bytes?: Uint8Array } | undefined = (
        cached
          ? await db.select({ contentType: images.contentType }).from(images).where(eq(images.key, key))
          : await db.select({ contentType: images.contentType, bytes: images.bytes }).from(images).where(eq(images.key, key))
      )[0];
      if (!row) throw notFound(IMAGE_MESSAGES.imageNotFound);
      // no app.authenticate here, so no no-store: the bytes under a key never change
      void reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('ETag', etag);
      if (row.bytes === undefined) return reply.code(304).send();
      const body = Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      return reply.type(row.contentType).header('Content-Length', String(body.length)).send(body);
    },
  );
};
