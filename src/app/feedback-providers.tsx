import type { ReactNode } from 'react';
import { getDefaultZIndex } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/** Header height of the signed-in frame: notifications open below it, never over the sync badge. */
export const HEADER_HEIGHT = 56;

/**
 * How long a notice that needs nothing of the operator stays (a refusal or a conflict stays until
 * closed): long enough to read two lines, short enough not to pile up over the screen.
 */
export const NOTICE_AUTO_CLOSE_MS = 5_000;

/**
 * Confirmation modals and notifications, for the signed-in screens only: the sign-in and other
 * public pages never show either, so their code stays out of the first load (the cold /login budget).
 *
 * Notifications never cover the primary action: they open at the top right, below the header (a
 * form's and a dialog's Save sit at the bottom), and under any open modal and its overlay (one
 * once sat for a minute over a dialog's Save): what a notice says waits beneath until the dialog
 * closes, and the dialog stays operable.
 */
export function FeedbackProviders({ children }: { children: ReactNode }) {
  return (
    <ModalsProvider>
      <Notifications
        position="top-right"
        limit={4}
        autoClose={NOTICE_AUTO_CLOSE_MS}
        zIndex={getDefaultZIndex('modal') - 1}
        // below the header (global.css: .lobby-notices)
        classNames={{ root: 'lobby-notices' }}
      />
      {children}
    </ModalsProvider>
  );
}
