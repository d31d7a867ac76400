/**
 * Serves the built app (dist/) from the same origin as /api. Any GET outside /api that is not a file
 * answers dist/index.html (client-side routes); an unknown /api path answers a 404 error body, and so
 * does a missing well-known file (favicon.ico, sitemap.xml, /.well-known/…): tools asking for one must
 * not get the app's HTML. /robots.txt turns every crawler away: a back office is not for search engines.
 * Hashed files under assets/ are immutable; everything else (index.html, sw.js, config.js) revalidates.
 * Text files come precompressed from the build (scripts/compress-dist.ts): the .br or .gz copy is
 * sent when the browser accepts it (Content-Encoding, Vary: Accept-Encoding), the file itself when not.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundBody } from './errors';

export interface SpaOptions {
  /** directory of the built app; null or missing: the API runs alone */
  distDir: string | null;
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
/** A missing build file is a 404, not the app shell (a stale service worker must not cache HTML as JS). */
const isAsset = (url: string) => url.startsWith('/assets/');
/** A file at the root (`/favicon.ico`; no client route has a dot there) or under /.well-known/. */
const isWellKnownFile = (url: string) => /^\/[^/?#]+\.[A-Za-z0-9]+(?:[?#]|$)/.test(url) || url.startsWith('/.well-known/');

const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

async function spa(app: FastifyInstance, options: SpaOptions) {
  const root = options.distDir === null ? null : resolve(options.distDir);
  const served = root !== null && existsSync(resolve(root, 'index.html'));
  if (served) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders(response, path) {
        // Hashed build output never changes; everything else (index.html, sw.js, config.js, manifest) revalidates.
        response.setHeader('Cache-Control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // the same URL answers Brotli, gzip or plain bytes: caches must keep them apart
        response.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.decorate('spaServed', served);
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(ROBOTS_TXT),
  );
  app.setNotFoundHandler((request, reply) => {
    if (served && !isApi(request.url) && !isAsset(request.url) && !isWellKnownFile(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', root ?? undefined);
    }
    return reply.code(404).send(notFoundBody());
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** true when dist/index.html was found and the app is served */
    spaServed: boolean;
  }
}

export default fp(spa, { name: 'lobby-spa' });
