import { Alert, Button, Group } from '@mantine/core';
import { formatDateTime, t } from '../i18n';

interface DraftRestoredNoticeProps {
  /** when the restored draft was last written; nothing is shown for null (useDraft gives null while the form holds no change) */
  restoredAt: number | null;
  /** forget the draft and go back to the record as saved */
  onDiscard: () => void;
}

/** 'Restored unsaved changes from <time>' with Discard, above every form that keeps a draft. */
export function DraftRestoredNotice({ restoredAt, onDiscard }: DraftRestoredNoticeProps) {
  if (restoredAt === null) return null;
  return (
    <Alert color="blue" variant="light" role="status" py="xs">
      <Group justify="space-between" wrap="nowrap">
        <span>{t('draft.restored', { time: formatDateTime(restoredAt) })}</span>
        <Button size="xs" variant="subtle" flex="none" onClick={onDiscard}>
          {t('draft.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
