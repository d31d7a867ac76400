/** The address bar as a search's state: lists, flags and the page, read back after a reload or from a shared link. */

/** A comma-separated list in the address, limited to `allowed` when given; empty when absent. */
export function listParam<T extends string>(params: URLSearchParams, key: string, allowed?: readonly T[]): T[] {
  const raw = params.get(key);
  if (raw === null || raw.trim() === '') return [];
  const values = raw.split(',').map((value) => value.trim()).filter((value) => value !== '');
  return (allowed ? values.filter((value) => (allowed as readonly string[]).includes(value)) : values) as T[];
}

/** TRUE unless the address says FALSE (the spec's includeDescendants default). */
export function flagParam(params: URLSearchParams, key: string): boolean {
  return params.get(key)?.toUpperCase() !== 'FALSE';
}

/** The page the address names, from 1 (what the pager shows); 1 when absent or not a page. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Address parameters from a search's values: empty lists and texts are left out. */
export function toParams(values: Record<string, string | readonly string[] | boolean | number | null | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else if (typeof value === 'boolean') params.set(key, value ? 'TRUE' : 'FALSE');
    else if (String(value) !== '') params.set(key, String(value));
  }
  return params;
}
