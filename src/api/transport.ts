import { ApiError, errorFromBody, networkError } from './api-error';
import { t } from '../i18n';
import { FRESH_HEADER } from '../offline/read-cache';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RequestOptions {
  method?: string;
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  /** Attach the session's bearer token and apply the session rules; default true. */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Let the request outlive the page (used for the logout revoke). */
  keepalive?: boolean;
  /** A 2xx answer comes back as its Response, its body unread (a big list parsed in the worker); errors are read as usual. */
  raw?: boolean;
  /**
   * A read that must come from the gateway (one right after a write): sent with `cache: 'no-cache'` and
   * FRESH_HEADER, which tell the service worker not to answer from its read cache when the gateway is
   * slow, only when it cannot be reached.
   */
  fresh?: boolean;
}

/** One HTTP exchange with the gateway. A rejected fetch becomes a network ApiError (status 0). */
export async function send(fetchFn: FetchLike, url: string, options: RequestOptions, token?: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, ...(options.fresh ? { [FRESH_HEADER]: '1' } : {}) };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    // a caller's own JSON type (application/merge-patch+json) stays
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetchFn(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      keepalive: options.keepalive,
      ...(options.fresh ? { cache: 'no-cache' as const } : {}),
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause; // a cancelled query is not a failure to report
    throw networkError(cause);
  }
}

/** Spec section 7: 204 and 205 give an empty result, otherwise JSON; any non-2xx is an ApiError. */
export async function readAnswer(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text().catch(() => '');
  let body: unknown = undefined;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      if (response.ok) throw new ApiError(t('errors.unexpectedAnswer'), { status: response.status, body: text });
      body = text;
    }
  }
  if (!response.ok) throw errorFromBody(response.status, body);
  return body;
}
