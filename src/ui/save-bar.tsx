import { Button, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { t } from '../i18n';
import { useRootCssVar } from './root-css-var';
import { useUnsavedWork } from './unsaved-work';

/** The stuck bar's height and the space below it, while it holds changes. */
export const SAVE_BAR_HEIGHT_VAR = '--lobby-save-bar-height';

export interface SaveBarProps {
  /** the form holds changes: Save and Discard stay in view, and the screen counts them as unsaved */
  dirty: boolean;
  /** the Save button's words (the form's own, e.g. 'Save changes') */
  saveLabel: string;
  saving?: boolean;
  /** Save cannot be pressed yet even with changes (the form's draft is still being read) */
  disabled?: boolean;
  /** why Save cannot be pressed yet, said in the bar beside it while there are changes */
  disabledReason?: string | null;
  /** what Save does; without it, Save submits the form the bar is in */
  onSave?: () => void;
  onDiscard: () => void;
}

/**
 * A long form's Save, last in the form. While the form holds changes it is a bar stuck to the
 * bottom of the viewport with Discard beside it, so neither scrolls out of view: a named region
 * that says the changes are not saved yet, reached by the keyboard after the fields, and resting
 * below them once scrolled to the end (it covers none). Without changes, Save alone, disabled.
 * The Save button stays the same element either way. While it is stuck to the bottom, its height
 * (with the space below it) is on the document's root element, so notices at the bottom open above
 * it, never over Save or Discard (global.css: .lobby-notices).
 */
export function SaveBar({ dirty, saveLabel, saving = false, disabled = false, disabledReason = null, onSave, onDiscard }: SaveBarProps) {
  useUnsavedWork(dirty);
  const bar = useElementSize();
  useRootCssVar(SAVE_BAR_HEIGHT_VAR, dirty && bar.height > 0 ? `calc(${Math.ceil(bar.height)}px + var(--mantine-spacing-xs))` : null);
  return (
    <Paper
      ref={bar.ref}
      role={dirty ? 'region' : undefined}
      aria-label={dirty ? t('saveBar.label') : undefined}
      withBorder={dirty}
      shadow={dirty ? 'md' : undefined}
      p={dirty ? 'sm' : 0}
      data-save-bar={dirty ? 'changes' : 'none'}
      style={dirty ? { position: 'sticky', bottom: 'var(--mantine-spacing-xs)', zIndex: 20 } : undefined}
    >
      <Group justify={dirty ? 'space-between' : 'flex-end'} gap="sm" wrap="wrap">
        {dirty && (
          <div>
            <Text size="sm" fw={600}>
              {t('saveBar.text')}
            </Text>
            {disabled && disabledReason !== null && (
              <Text size="sm" role="status">
                {disabledReason}
              </Text>
            )}
          </div>
        )}
        <Group gap="sm" wrap="wrap" justify="flex-end">
          {dirty && (
            <Button variant="default" onClick={onDiscard} disabled={saving}>
              {t('unsaved.discard')}
            </Button>
          )}
          <Button type={onSave ? 'button' : 'submit'} onClick={onSave} loading={saving} disabled={disabled || !dirty}>
            {saveLabel}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
