import { useMemo } from 'react';
import { useSession } from '../../api';
import { useOutboxEntries } from '../../offline';

export interface QueuedSet {
  /** the latest queued set (uuids in order) not yet applied by the gateway, else null */
  queued: string[] | null;
  /** a queued set waits to be sent or confirmed */
  waiting: boolean;
}

/**
 * A set replaced whole by a PUT of a list (a unit's favourites, the discounts it offers): what the
 * operator queued last shows until the gateway has applied it, so a screen shows its own change
 * offline and after a reload, marked as waiting. A refused set is not shown (the gateway's stands).
 */
export function useQueuedSet(path: string): QueuedSet {
  const session = useSession();
  const entries = useOutboxEntries(session?.uuid ?? null);
  return useMemo(() => {
    const latest = entries.filter((entry) => entry.method === 'PUT' && entry.path === path && (entry.status === 'pending' || entry.status === 'sending')).at(-1);
    const body = latest?.body;
    return { queued: Array.isArray(body) ? body.filter((uuid): uuid is string => typeof uuid === 'string') : null, waiting: latest !== undefined };
  }, [entries, path]);
}
