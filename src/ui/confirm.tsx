import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { t } from '../i18n';
import { currentFocus, focusSoon, focusTargetAfterRemoval } from './focus';

export interface ConfirmOptions {
  title: string;
  /** the question; a string is shown as a paragraph */
  message: ReactNode;
  confirmLabel: string;
  /** 'Cancel' unless given */
  cancelLabel?: string;
  /** the confirmed action destroys something: its button is red */
  destructive?: boolean;
  onConfirm: () => void;
  /**
   * Where focus goes once confirmed, given the element that opened the question (read before
   * onConfirm runs); the opener when absent. Cancelling always returns focus to the opener.
   */
  focusAfterConfirm?: (opener: HTMLElement | null) => HTMLElement | null;
}

/**
 * A confirmation modal (the modals of the signed-in frame). It opens on Cancel, the safe button,
 * so Enter never confirms by surprise; its close button is named; closing it returns focus to the
 * element that opened it, or after confirming to where `focusAfterConfirm` says.
 */
export function openConfirm({ title, message, confirmLabel, cancelLabel = t('modal.cancel'), destructive = false, onConfirm, focusAfterConfirm }: ConfirmOptions): void {
  const opener = currentFocus();
  let target: HTMLElement | null = opener;
  modals.openConfirmModal({
    title,
    children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: destructive ? { color: 'red' } : {},
    cancelProps: { 'data-autofocus': true },
    closeButtonProps: { 'aria-label': t('modal.close') },
    // focus is returned below, to the opener or, once confirmed, where the caller says
    returnFocus: false,
    onConfirm: () => {
      target = focusAfterConfirm ? focusAfterConfirm(opener) : opener;
      onConfirm();
    },
    onClose: () => focusSoon(target),
  });
}

export interface ConfirmRemovalOptions extends Omit<ConfirmOptions, 'destructive' | 'focusAfterConfirm'> {
  /** where focus goes when no row is left to go to: the list's heading (tabIndex -1) */
  fallbackFocus: () => HTMLElement | null;
}

/**
 * Asks before removing the item of a list (a table row) whose Remove button opened it. Once
 * confirmed, focus moves to the next row's first control (else the previous row's, else the list
 * heading), so it never drops to the page when the row goes.
 */
export function confirmRemoval({ fallbackFocus, ...options }: ConfirmRemovalOptions): void {
  openConfirm({ ...options, destructive: true, focusAfterConfirm: (opener) => focusTargetAfterRemoval(opener, fallbackFocus()) });
}
