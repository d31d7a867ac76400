import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { t } from '../../../i18n';
import { describeSaveOutcome, type SaveTone, type SendOutcome } from '../../../offline';

/** How long after Save a form waits for the gateway's verdict before saying it is still on its way. */
export const SAVE_VERDICT_WAIT_MS = 1_500;

const COLOR: Record<SaveTone, string> = { applied: 'green', queued: 'blue', refused: 'red', conflict: 'yellow' };

/**
 * The notice after Save: saved (the gateway applied it), kept in this browser (unreachable, or no
 * answer yet), refused with the gateway's words, or in conflict with the way to the Sync page.
 * A refusal or a conflict stays until closed: it needs the operator.
 */
export function showSaveOutcome(outcome: SendOutcome, openSync: () => void): void {
  const { tone, text } = describeSaveOutcome(outcome);
  const stays = tone === 'refused' || tone === 'conflict';
  const id = `save-outcome-${crypto.randomUUID()}`;
  notifications.show({
    id,
    color: COLOR[tone],
    autoClose: stays ? false : undefined,
    message:
      tone === 'conflict' ? (
        <Stack gap={4}>
          <Text size="sm">{text}</Text>
          <Anchor
            href="/sync"
            size="sm"
            onClick={(event) => {
              event.preventDefault();
              notifications.hide(id);
              openSync();
            }}
          >
            {t('save.openSync')}
          </Anchor>
        </Stack>
      ) : (
        text
      ),
  });
}
