import { Alert } from '@mantine/core';
import { cachedReads, useCachedAt } from '../api';
import { getLanguage, t } from '../i18n';

/** The fetch time as the operator reads it, e.g. "3/1/25, 8:30 AM" (short date and time). */
export function formatCachedAt(iso: string, language: string = getLanguage()): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * Says that the data on screen came from the read cache, and when it was fetched, while the answer
 * for `path` (the gateway path the screen reads) is served from the cache. Renders nothing otherwise.
 */
export function OfflineNotice({ path, store = cachedReads }: { path: string; store?: typeof cachedReads }) {
  const cachedAt = useCachedAt(path, store);
  if (cachedAt === null) return null;
  return (
    <Alert color="yellow" variant="light" role="status" py="xs">
      {t('offline.cachedData', { time: formatCachedAt(cachedAt) })}
    </Alert>
  );
}
