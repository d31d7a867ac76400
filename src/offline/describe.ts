/**
 * The offline core's words for the operator, all from the message catalogue. Stored records keep
 * the gateway's own words and codes only (an entry's problem and status, a draft's refusal
 * status), so what the screens say follows the interface language, also for records the service
 * worker wrote.
 */
import { t } from '../i18n';
import type { SendOutcome } from './outbox';
import type { OutboxEntry, OutcomeKind } from './records';

/** Why an entry is still here, or null when nothing went wrong: the gateway's words when it gave any. */
export function describeOutboxError(entry: Pick<OutboxEntry, 'lastError' | 'lastStatus' | 'problem'>): string | null {
  if (entry.lastError !== null && entry.lastError !== '') return entry.lastError;
  if (entry.problem === 'unreachable') return t('outbox.error.unreachable');
  if (entry.problem === 'session') return t('outbox.error.session');
  if (entry.lastStatus !== null) return t('errors.requestFailed', { status: entry.lastStatus });
  return null;
}

/** Why the gateway refused the change that came from a draft: its words, else its status. */
export function describeRefusal(error: string | null, errorStatus: number | null): string | null {
  if (error !== null && error !== '') return error;
  return errorStatus === null ? null : t('errors.requestFailed', { status: errorStatus });
}

export function describeOutcome(kind: OutcomeKind): string {
  switch (kind) {
    case 'alreadyRemoved':
      return t('sync.outcome.alreadyRemoved');
  }
}

export type SaveTone = 'applied' | 'queued' | 'refused' | 'conflict';

/** What a form says after Save, by what became of the change (whenSettled). */
export function describeSaveOutcome(outcome: SendOutcome): { tone: SaveTone; text: string } {
  switch (outcome.kind) {
    case 'applied':
      return { tone: 'applied', text: t('sync.saved') };
    case 'unreachable':
      return { tone: 'queued', text: t('sync.savedOffline') };
    case 'waiting':
      return { tone: 'queued', text: t('save.waiting') };
    case 'refused':
      return { tone: 'refused', text: t('save.refused', { message: describeOutboxError(outcome.entry) ?? t('errors.requestFailed', { status: 500 }) }) };
    case 'conflict':
      return { tone: 'conflict', text: t('save.conflict') };
  }
}
