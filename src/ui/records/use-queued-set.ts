import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../api';
import { useOutboxEntries } from '../../offline';

export interface QueuedSet {
  /** what the screen shows and edits: the set as served, or as queued last, or as changed here */
  value: string[];
  /** the operator changed the set here (Save is offered) */
  dirty: boolean;
  /** a queued set waits to be sent or confirmed */
  waiting: boolean;
  change(next: string[]): void;
  /** queue the set as it is now (a PUT of the list through the outbox) */
  save(queue: (uuids: readonly string[]) => Promise<unknown>): Promise<void>;
}

/**
 * A set replaced whole by a PUT of a list (a unit's favourites in order, the discounts it offers):
 * what the operator queued last shows, marked as waiting, until the gateway has applied it — so a
 * screen shows its own change offline and after a reload; a refused set is not shown (the
 * gateway's stands). Until the operator changes it here, the set follows what is served or queued.
 */
export function useQueuedSet(path: string, served: readonly string[] | null): QueuedSet {
  const session = useSession();
  const entries = useOutboxEntries(session?.uuid ?? null);
  const queued = useMemo(() => {
    const latest = entries.filter((entry) => entry.method === 'PUT' && entry.path === path && (entry.status === 'pending' || entry.status === 'sending')).at(-1);
    return latest === undefined ? null : Array.isArray(latest.body) ? latest.body.filter((uuid): uuid is string => typeof uuid === 'string') : [];
  }, [entries, path]);
  const shownKey = (queued ?? served ?? []).join();
  const [value, setValue] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (!dirty) setValue(shownKey === '' ? [] : shownKey.split(','));
  }, [shownKey, dirty]);
  return {
    value,
    dirty,
    waiting: queued !== null,
    change(next) {
      setValue(next);
      setDirty(true);
    },
    async save(queue) {
      await queue(value);
      setDirty(false);
    },
  };
}
