import { useState } from 'react';
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import type { HistoryChange } from '../../domain';
import { t } from '../../i18n';
import { useRecordHistory } from './history-api';
import { HistoryTimeline } from './history-timeline';

const FIRST_PAGE = 20;

export interface HistoryPanelProps {
  orgUuid: string;
  /** the kind as the resource names it, e.g. 'pms-package' */
  kind: string;
  recordUuid: string;
  canRestore?: (change: HistoryChange) => boolean;
  /** puts a field's earlier value back in the form: saving it then queues a new change (and so its own entry) */
  onRestore?: (change: HistoryChange) => void;
}

/**
 * A record's History (docs/adr/0029-change-history.md), closed until asked for: a form opens
 * without reading it. Shown on every record form, the unit and the hotel screens.
 */
export function HistoryPanel({ orgUuid, kind, recordUuid, canRestore, onRestore }: HistoryPanelProps) {
  const [open, setOpen] = useState(false);
  const [limit, setLimit] = useState(FIRST_PAGE);
  const history = useRecordHistory(orgUuid, kind, recordUuid, limit, open);
  const page = history.data;
  const [restored, setRestored] = useState(false);
  return (
    <Stack gap="xs">
      <div>
        <Button variant="subtle" size="compact-sm" aria-expanded={open} onClick={() => setOpen((was) => !was)}>
          {open ? t('history.hide') : t('history.show')}
        </Button>
      </div>
      {open && (
        <section aria-label={t('history.title')}>
          {history.isPending && <Loader size="sm" aria-label={t('history.loading')} />}
          {history.isError && <Alert color="red" title={t('history.loadFailed')}>{history.error.message}</Alert>}
          {page && page.data.length === 0 && <Text size="sm">{t('history.empty')}</Text>}
          {page && page.data.length > 0 && (
            <HistoryTimeline
              entries={page.data}
              canRestore={canRestore}
              onRestore={
                onRestore &&
                ((change) => {
                  onRestore(change);
                  setRestored(true);
                })
              }
            />
          )}
          {restored && (
            <Text size="sm" role="status">
              {t('history.restored')}
            </Text>
          )}
          {page && page.totalCount > page.data.length && (
            <Button variant="subtle" size="compact-sm" onClick={() => setLimit((was) => Math.min(was * 2, 200))}>
              {t('history.more')}
            </Button>
          )}
        </section>
      )}
    </Stack>
  );
}
