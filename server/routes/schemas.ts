import { z } from 'zod';
import { apiErrorBodySchema } from '../../src/domain/index';

/** Documented error answers of a route, all with the `{ errors: [...] }` body. */
export function errorResponses<const S extends readonly number[]>(...statuses: S): Record<S[number], typeof apiErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorBodySchema])) as Record<S[number], typeof apiErrorBodySchema>;
}

export const noContent = z.undefined().describe('No content');

/** Bulk writes (a hotel save, package and rate-code PATCHes) carry up to 100,000 items: far more than the gateway's default 1 MB body. */
export const BULK_BODY_LIMIT = 64 * 1024 * 1024;
