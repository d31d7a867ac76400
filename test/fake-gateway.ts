import { DEPENDENCY_FAILED_STATUS, OUTBOX_BATCH_PATH, type Session } from '../src/domain';

/*
 * A fake fetch for tests: it records every call and answers from a handler, so the real request
 * layer (headers, refresh, retry, parsing) runs unchanged. Used by unit and component tests.
 */

export interface RecordedCall {
  url: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  /** the request's cache mode when it set one ('no-cache': a read sent fresh) */
  cache?: RequestCache;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function createFakeFetch(handler: Handler, baseUrl = '/api') {
  const calls: RecordedCall[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    // a string body is read at once (the call is recorded before fetch yields, as callers of a fire-and-forget request expect)
    const text = typeof init.body === 'string' ? init.body : await bodyText(init.body, headers['content-encoding']);
    const call: RecordedCall = {
      url,
      path: url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url,
      method: init.method ?? 'GET',
      headers,
      body: text === undefined ? undefined : JSON.parse(text),
      ...(init.cache === undefined ? {} : { cache: init.cache }),
    };
    // the outbox's batch route, as the gateway takes it: each change through the handler, in order
    if (call.method === 'POST' && call.path.split('?')[0] === OUTBOX_BATCH_PATH) return batch(call, baseUrl, calls, handler);
    calls.push(call);
    return handler(call);
  };
  const callsTo = (path: string) => calls.filter((call) => call.path.split('?')[0] === path);
  return { fetch, calls, callsTo };
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const empty = (status: number) => new Response(null, { status });

export const gatewayError = (status: number, code: string, message: string, field?: string) =>
  json(status, { errors: [{ code, message, ...(field ? { field } : {}) }] });

let counter = 0;
/** A valid session; expired when `expiresInMs` is negative. */
export function makeSession(expiresInMs = 15 * 60_000, overrides: Partial<Session> = {}): Session {
  counter += 1;
  return {
    token: `access-${counter}`,
    refreshToken: `refresh-${counter}`,
    expirationTime: new Date(Date.now() + expiresInMs).toISOString(),
    lastLoginTime: null,
    uuid: '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11',
    ...overrides,
  };
}

/** A request body as text (a gzip-compressed one unpacked, as the gateway does); undefined without one. */
async function bodyText(body: RequestInit['body'], encoding: string | undefined): Promise<string | undefined> {
  if (typeof body === 'string') return body;
  if (!(body instanceof Uint8Array)) return undefined;
  if (encoding !== 'gzip') return new TextDecoder().decode(body);
  const stream = new Blob([body as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

interface BatchChange {
  method: string;
  path: string;
  body?: unknown;
  headers: Record<string, string | undefined>;
  after?: number;
  rebase?: boolean;
}

/**
 * POST /outbox/v1/batch as the gateway answers it (server/routes/outbox-batch.ts): each change is
 * one call of the handler, recorded like a change sent alone; `after` and `rebase` as there; a 5xx
 * or 429 ends the batch. A handler that fails to answer (a network error) fails the whole batch.
 */
async function batch(outer: RecordedCall, baseUrl: string, calls: RecordedCall[], handler: Handler): Promise<Response> {
  const { changes } = outer.body as { changes: BatchChange[] };
  const results: { status: number; body?: unknown }[] = [];
  for (const change of changes) {
    const dependency = change.after === undefined ? undefined : results[change.after];
    if (dependency !== undefined && (dependency.status < 200 || dependency.status > 299)) {
      results.push({ status: DEPENDENCY_FAILED_STATUS, body: { errors: [{ code: 'batch.dependency_failed', message: 'Not applied: an earlier change of the same record was not applied' }] } });
      continue;
    }
    const headers: Record<string, string> = { authorization: outer.headers.authorization ?? '', accept: 'application/json' };
    for (const [name, value] of Object.entries(change.headers)) if (value !== undefined) headers[name.toLowerCase()] = value;
    const version = (dependency?.body as { version?: unknown } | undefined)?.version;
    if (change.rebase === true && typeof version === 'number') headers['if-match'] = `"${version}"`;
    if (change.body !== undefined && change.method !== 'DELETE') headers['content-type'] = 'application/json';
    const call: RecordedCall = { url: `${baseUrl}${change.path}`, path: change.path, method: change.method, headers, body: change.method === 'DELETE' ? undefined : change.body };
    calls.push(call);
    const answer = await handler(call);
    const text = await answer.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    results.push(body === undefined ? { status: answer.status } : { status: answer.status, body });
    if (answer.status >= 500 || answer.status === 429) break;
  }
  return json(200, { results });
}
