import { Alert } from '@mantine/core';
import { cachedReads, useCachedAt } from '../api';
import { formatDateTime, t } from '../i18n';

/**
 * Says that the data on screen came from the read cache, and when it was fetched ('Offline —
 * showing data from 23 Nov 2026, 07:21'), while the answer for `path` (the gateway path the screen
 * reads) is served from the cache. Renders nothing otherwise.
 */
export function OfflineNotice({ path, store = cachedReads }: { path: string; store?: typeof cachedReads }) {
  const cachedAt = useCachedAt(path, store);
  if (cachedAt === null) return null;
  return (
    <Alert color="yellow" variant="light" role="status" py="xs">
      {t('offline.cachedData', { time: formatDateTime(cachedAt) })}
    </Alert>
  );
}
