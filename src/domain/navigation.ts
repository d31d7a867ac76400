/**
 * Where the app may send someone after signing in or out: only a path of this origin. A value
 * from the address bar ('redirect' query) is untrusted, so anything that could leave the origin
 * ('//host', '/\host', 'https://…') or carries control characters falls back.
 */
export function safeRedirectPath(value: string | null | undefined, fallback: string, avoid: readonly string[] = []): string {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (avoid.includes(pathname)) return fallback;
  return value;
}
