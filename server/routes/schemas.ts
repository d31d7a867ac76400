import { z } from 'zod';
import { apiErrorBodySchema } from '../../src/domain/index';

/** Documented error answers of a route, all with the `{ errors: [...] }` body. */
export function errorResponses<const S extends readonly number[]>(...statuses: S): Record<S[number], typeof apiErrorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorBodySchema])) as Record<S[number], typeof apiErrorBodySchema>;
}

export const noContent = z.undefined().describe('No content');
