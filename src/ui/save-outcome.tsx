import { Anchor, Stack, Text } from '@mantine/core';
import { t } from '../i18n';
// by path, not the offline index: this module stays free of IndexedDB (src/ui is on the sign-in path)
import { describeOutboxError, describeSaveOutcome, type SaveTone } from '../offline/describe';
import type { SendOutcome } from '../offline/outbox';
import { hideNotice, notify, type NoticeTone } from './notify';

/** How long after Save (or a removal) a form waits for the gateway's verdict before saying it is still on its way. */
export const SAVE_VERDICT_WAIT_MS = 1_500;

const TONE: Record<SaveTone, NoticeTone> = { applied: 'done', queued: 'waiting', refused: 'problem', conflict: 'attention' };

/** A notice with the way to the Sync page under its text, for a change that waits for the operator's choice. */
function showWithSyncLink(text: string, openSync: () => void): void {
  const id = `save-outcome-${crypto.randomUUID()}`;
  notify(
    <Stack gap={4}>
      <Text size="sm">{text}</Text>
      <Anchor
        href="/sync"
        size="sm"
        onClick={(event) => {
          event.preventDefault();
          hideNotice(id);
          openSync();
        }}
      >
        {t('save.openSync')}
      </Anchor>
    </Stack>,
    'attention',
    { id },
  );
}

/**
 * The notice after Save: saved (the gateway applied it), kept in this browser (unreachable, or no
 * answer yet), refused with the gateway's words, or in conflict with the way to the Sync page.
 * A refusal or a conflict stays until closed: it needs the operator. `what`, when given, names the
 * change ("Package KIDS_SPA added"): said instead of 'Saved', and before 'Saved in this browser'.
 */
export function showSaveOutcome(outcome: SendOutcome, openSync: () => void, what?: string): void {
  const { tone, text } = describeSaveOutcome(outcome);
  if (tone === 'conflict') showWithSyncLink(text, openSync);
  else if (what !== undefined && tone === 'applied') notify(what, TONE[tone]);
  else if (what !== undefined && tone === 'queued') notify(`${what}. ${text}`, TONE[tone]);
  else notify(text, TONE[tone]);
}

/** The words of a removal's outcomes, in the resource's own terms ('Opera Main was removed'). */
export interface RemovalTexts {
  removed: string;
  queued: string;
  waiting: string;
  /** the gateway's reason, or `fallback` when it gave none */
  refused(message: string): string;
  fallback: string;
  conflict: string;
}

/**
 * The notice after a confirmed removal: removed, removed once the gateway is reachable (the row
 * waits, struck through, with Undo), refused with the gateway's words, or in conflict with the
 * way to the Sync page.
 */
export function showRemovalOutcome(outcome: SendOutcome, texts: RemovalTexts, openSync: () => void): void {
  switch (outcome.kind) {
    case 'applied':
      notify(texts.removed);
      return;
    case 'unreachable':
      notify(texts.queued, 'waiting');
      return;
    case 'waiting':
      notify(texts.waiting, 'waiting');
      return;
    case 'refused':
      notify(texts.refused(describeOutboxError(outcome.entry) ?? texts.fallback), 'problem');
      return;
    case 'conflict':
      showWithSyncLink(texts.conflict, openSync);
      return;
  }
}
