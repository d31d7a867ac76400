import { useNavigate } from 'react-router-dom';
import { whenSettled, type OutboxEntry } from '../../offline';
import { openConfirm, type ConfirmOptions } from '../confirm';
import { SAVE_VERDICT_WAIT_MS, showRemovalOutcome, type RemovalTexts } from '../save-outcome';

/** The words of an action on a row (a catalogue reset): asked, then what became of it. */
export interface QueuedActionWords {
  confirm: Omit<ConfirmOptions, 'onConfirm' | 'focusAfterConfirm'>;
  /** `removed` is said once the gateway applied it; the rest as a removal's outcome */
  outcome: RemovalTexts;
}

/**
 * An action on a listed record other than Edit and Remove, asked first, then queued through the
 * outbox; what the gateway made of it is told as soon as it is known (as a removal's outcome).
 */
export function useQueuedAction() {
  const navigate = useNavigate();
  return (words: QueuedActionWords, queue: () => Promise<OutboxEntry> | null) =>
    openConfirm({
      ...words.confirm,
      onConfirm: () => {
        const queued = queue();
        if (!queued) return;
        void queued.then((entry) => whenSettled(entry.seq, SAVE_VERDICT_WAIT_MS)).then((outcome) => showRemovalOutcome(outcome, words.outcome, () => void navigate('/sync')));
      },
    });
}
