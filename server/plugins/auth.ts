/**
 * Bearer authentication: `Authorization: Bearer <token>` is looked up by its SHA-256 among live
 * access tokens of unrevoked families of active users, on every request (so a logout or a password
 * change takes effect at once, on every gateway), in one statement that also reads the user and
 * their memberships: the request's grants (a read per request before: 3 statements, 5.3 → 3.3 ms
 * for a small authenticated read on PGlite). Routes opt in with `onRequest: app.authenticate`.
 * Every answer of such a route is `Cache-Control: no-store`: it is one user's data, which no
 * browser or proxy cache may keep (the app's own offline copy lives in the service worker).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomToken, sha256 } from '../auth/secrets';
import { authenticateAccessToken } from '../auth/tokens';
import type { AuthState } from '../context';
import { unauthenticated } from '../http-error';

/**
 * The changes of a batch (routes/outbox-batch.ts) are dispatched inside the gateway while the batch
 * request, whose token was just verified, is running. Each carries this header with a ticket that
 * lives only as long as the batch and holds the verified session: the change is authenticated by
 * it, with the same bearer token, instead of a second database lookup, and the changes share one
 * read of the caller's grants (until a change that may alter them). A ticket is 256 random bits
 * in this process's memory; an unknown, closed or mismatched one is ignored (the token is checked).
 */
export const BATCH_TICKET_HEADER = 'x-lobby-batch-ticket';
const batchTickets = new Map<string, AuthState>();

export function openBatchTicket(request: FastifyRequest): { id: string; close(): void; forgetGrants(): void } {
  const auth = request.auth;
  if (auth === null) throw unauthenticated();
  const id = randomToken();
  batchTickets.set(id, auth);
  return {
    id,
    close: () => void batchTickets.delete(id),
    // the caller's grants are read again by the next change (services/directory.ts callerGrantee)
    forgetGrants: () => void (auth.grantee = undefined),
  };
}

function ticketAuth(request: FastifyRequest, token: string): AuthState | null {
  const id = request.headers[BATCH_TICKET_HEADER];
  if (typeof id !== 'string') return null;
  const auth = batchTickets.get(id);
  return auth !== undefined && auth.tokenHash === sha256(token) ? auth : null;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9_\-.~+/]+=*)\s*$/i.exec(header);
  const token = match?.[1];
  return token !== undefined && token.length <= 512 ? token : null;
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('inBatch', false);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    // set first, so a 401/403/404 of an authenticated route is not stored either
    void reply.header('Cache-Control', 'no-store');
    const token = bearerToken(request);
    if (token === null) throw unauthenticated();
    const ticketed = ticketAuth(request, token);
    if (ticketed !== null) {
      request.auth = ticketed;
      request.inBatch = true;
      return;
    }
    const auth = await authenticateAccessToken(app.lobby.db, token, app.lobby.now());
    if (auth === null) throw unauthenticated();
    request.auth = auth;
  });
}

export default fp(authPlugin, { name: 'lobby-auth' });

/** The signed-in caller; only valid in routes guarded by app.authenticate. */
export function caller(request: FastifyRequest): string {
  if (request.auth === null) throw unauthenticated();
  return request.auth.userUuid;
}
