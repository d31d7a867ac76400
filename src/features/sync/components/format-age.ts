import { t } from '../../../i18n';

/** How long ago `created` was, in the largest whole unit: '12 s', '3 min', '2 h', '1 d'. */
export function formatAge(created: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - created) / 1000));
  if (seconds < 60) return t('sync.age.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('sync.age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('sync.age.hours', { count: hours });
  return t('sync.age.days', { count: Math.floor(hours / 24) });
}
