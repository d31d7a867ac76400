import { z } from 'zod/mini';

declare global {
  interface Window {
    /** Set by /config.js (public/config.js, editable after a build) before the app starts. */
    __LOBBY_CONFIG__?: unknown;
  }
}

const runtimeConfigSchema = z.object({ apiBaseUrl: z.optional(z.string().check(z.minLength(1))) });

export const DEFAULT_API_BASE_URL = '/api';

/**
 * The gateway base URL from runtime config (window.__LOBBY_CONFIG__.apiBaseUrl), default '/api'
 * on the same origin. Read on every call so a test or a late config script can change it.
 */
export function apiBaseUrl(): string {
  const raw = typeof window === 'undefined' ? undefined : window.__LOBBY_CONFIG__;
  const parsed = runtimeConfigSchema.safeParse(raw ?? {});
  const base = (parsed.success ? parsed.data.apiBaseUrl : undefined) ?? DEFAULT_API_BASE_URL;
  return base.replace(/\/+$/, '');
}
