import { t } from '../i18n';
import { FailureAlert } from './checked-form';
import { DraftRestoredNotice } from './draft-notice';

/** Above a form that keeps a draft: 'Restored unsaved changes' with Discard, and why the gateway refused the draft's last save (titled `errorTitle`). */
export function DraftNotices({ draft, errorTitle }: { draft: { restoredAt: number | null; error: string | null; discard(): Promise<void> }; errorTitle?: string }) {
  return (
    <>
      <DraftRestoredNotice restoredAt={draft.restoredAt} onDiscard={() => void draft.discard()} />
      <FailureAlert title={errorTitle}>{draft.error !== null && t('draft.refused', { message: draft.error })}</FailureAlert>
    </>
  );
}
