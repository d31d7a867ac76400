/**
 * Multipart uploads of one file (images, the rate-code CSV): the file in its field is handed over
 * as it arrives, then the rest of the request is read, so a second file is refused rather than
 * silently dropped. The routes register @fastify/multipart with `files: 1`, so a second file part
 * stops the parser with FST_FILES_LIMIT instead of being read.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { HttpError } from '../http-error';

export interface OneFileRefusals {
  /** no file, or a first file in another field */
  noFile: () => HttpError;
  /** more than one file */
  tooMany: () => HttpError;
}

/** The multipart error code of a second file part, with `files: 1`. */
export const FILES_LIMIT = 'FST_FILES_LIMIT';

/**
 * Hands the one file of the request, in `field`, to `consume` (which reads it to its end), then
 * makes sure no other file follows: another one answers `tooMany`. Errors of the parser itself
 * (a file too large, a body that is not multipart) are the caller's to translate.
 */
export async function withOneFile<T>(request: FastifyRequest, field: string, refusals: OneFileRefusals, consume: (part: MultipartFile) => Promise<T>): Promise<T> {
  const files = request.files();
  const first = await files.next();
  if (first.done === true || first.value.fieldname !== field) {
    if (first.done !== true) first.value.file.resume();
    throw refusals.noFile();
  }
  const result = await consume(first.value);
  let next: IteratorResult<MultipartFile>;
  try {
    next = await files.next();
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === FILES_LIMIT) throw refusals.tooMany();
    throw error;
  }
  if (next.done !== true) {
    next.value.file.resume();
    throw refusals.tooMany();
  }
  return result;
}
