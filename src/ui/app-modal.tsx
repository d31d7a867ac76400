import { useEffect, useRef } from 'react';
import { Modal, type ModalProps } from '@mantine/core';
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

/**
 * Every modal of the app: its close button is named ('Close'), and closing it returns focus to
 * the element that opened it (or where `focusOnClose` says). What it opens on: the element
 * marked `data-autofocus` inside it; forms mark their first field, confirmations a safe button.
 */
export function AppModal({ opened, focusOnClose, closeButtonProps, ...props }: AppModalProps) {
  useReturnFocus(opened, focusOnClose);
  return <Modal opened={opened} returnFocus={false} closeButtonProps={{ 'aria-label': t('modal.close'), ...closeButtonProps }} {...props} />;
}
