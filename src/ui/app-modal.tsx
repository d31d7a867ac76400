import { useEffect, useRef } from 'react';
import { Modal, useMantineTheme, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { t } from '../i18n';
import { currentFocus, focusSoon } from './focus';

/**
 * Where focus goes when a modal closes: `focusOnClose(opener)` when given (null: leave focus
 * alone), else the element that opened it. The opener is whatever held focus when it opened.
 */
export function useReturnFocus(opened: boolean, focusOnClose?: (opener: HTMLElement | null) => HTMLElement | null): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpened = useRef(false);
  const latest = useRef(focusOnClose);
  useEffect(() => {
    latest.current = focusOnClose;
  });
  useEffect(() => {
    if (opened && !wasOpened.current) opener.current = currentFocus();
    if (!opened && wasOpened.current) {
      const from = opener.current;
      const resolve = latest.current;
      focusSoon(() => (resolve ? resolve(from) : from));
    }
    wasOpened.current = opened;
  }, [opened]);
}

export interface AppModalProps extends Omit<ModalProps, 'returnFocus'> {
  /**
   * Where focus goes when the modal closes, given the element that opened it: by default that
   * element. Return another (the next row, when the opener's row is gone) or null to leave it.
   */
  focusOnClose?: (opener: HTMLElement | null) => HTMLElement | null;
}

/** The widest modal that stays a card on a phone (a question, a code); a wider one (a form) fills the phone's screen. */
const PHONE_CARD_MAX_WIDTH = 450;

/** Whether a modal of `size` fills the screen on a phone: any form-sized one, not a question-sized one. */
function fillsPhone(size: ModalProps['size']): boolean {
  if (typeof size === 'number') return size > PHONE_CARD_MAX_WIDTH;
  // Mantine's default is md (440 px)
  return size !== undefined && !['xs', 'sm', 'md'].includes(size);
}

/**
 * Every modal of the app: its close button is named ('Close'), and closing it returns focus to
 * the element that opened it (or where `focusOnClose` says). What it opens on: the element
 * marked `data-autofocus` inside it; forms mark their first field, confirmations a safe button.
 * On a phone (below the theme's `xs`) a form-sized modal fills the screen; a question stays a card.
 */
export function AppModal({ opened, focusOnClose, closeButtonProps, size, fullScreen, ...props }: AppModalProps) {
  useReturnFocus(opened, focusOnClose);
  const { breakpoints } = useMantineTheme();
  // read at once, not after a first render: the modal never opens as a card and then jumps to full screen
  const phone = useMediaQuery(`(max-width: ${breakpoints.xs})`, undefined, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      returnFocus={false}
      closeButtonProps={{ 'aria-label': t('modal.close'), ...closeButtonProps }}
      size={size}
      fullScreen={fullScreen ?? (phone && fillsPhone(size))}
      {...props}
    />
  );
}
