/**
 * Bearer authentication: `Authorization: Bearer <token>` is looked up by its SHA-256 among live
 * access tokens of unrevoked families of active users, on every request (so a logout or a password
 * change takes effect at once, on every gateway). Routes opt in with `onRequest: app.authenticate`.
 * Every answer of such a route is `Cache-Control: no-store`: it is one user's data, which no
 * browser or proxy cache may keep (the app's own offline copy lives in the service worker).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authenticateAccessToken } from '../auth/tokens';
import { unauthenticated } from '../http-error';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9_\-.~+/]+=*)\s*$/i.exec(header);
  const token = match?.[1];
  return token !== undefined && token.length <= 512 ? token : null;
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    // set first, so a 401/403/404 of an authenticated route is not stored either
    void reply.header('Cache-Control', 'no-store');
    const token = bearerToken(request);
    if (token === null) throw unauthenticated();
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
