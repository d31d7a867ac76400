import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { t } from '../i18n';

/** done: it happened; waiting: it is kept and happens later; problem: it did not happen; attention: the operator must choose. */
export type NoticeTone = 'done' | 'waiting' | 'problem' | 'attention';

const COLOR: Record<NoticeTone, string> = { done: 'green', waiting: 'blue', problem: 'red', attention: 'yellow' };

export interface NoticeOptions {
  /** stays until closed: the operator has to act on it (a refusal, a conflict) */
  stays?: boolean;
  /** a notice with this id replaces the one before */
  id?: string;
}

/**
 * Says what became of an action in a notification (at the bottom, left from a tablet's width,
 * above a stuck Save bar and the cookie banner, under any open dialog; from the signed-in frame's
 * FeedbackProviders): a removal, a sync, a resolved conflict. Its close button is named. Returns
 * its id, to hide it from a link inside it.
 */
export function notify(message: ReactNode, tone: NoticeTone = 'done', { stays = tone === 'problem' || tone === 'attention', id }: NoticeOptions = {}): string {
  const noticeId = id ?? `notice-${crypto.randomUUID()}`;
  notifications.show({
    id: noticeId,
    color: COLOR[tone],
    message,
    autoClose: stays ? false : undefined,
    closeButtonProps: { 'aria-label': t('modal.close') },
  });
  return noticeId;
}

export function hideNotice(id: string): void {
  notifications.hide(id);
}
