import type { Session } from '../src/domain';

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
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function createFakeFetch(handler: Handler, baseUrl = '/api') {
  const calls: RecordedCall[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: RecordedCall = {
      url,
      path: url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url,
      method: init.method ?? 'GET',
      headers,
      body: text === undefined ? undefined : JSON.parse(text),
    };
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
