import type { ReactNode } from 'react';
import { getDefaultZIndex, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/** Header height of the signed-in frame. */
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
 * Notifications never cover the primary action, and open under any open modal and its overlay (one
 * once sat for a minute over a dialog's Save): what a notice says waits beneath until the dialog
 * closes, and the dialog stays operable. They open at the bottom, from a tablet's width at the
 * left: a page's own actions sit at its top (Add, Sync now: a notice sliding over them took the
 * click meant for them, and a stack of them hid Sync now for half a minute; on a phone, notices at
 * the top below the header covered them too) and a form's Save at its bottom right. Across a
 * phone's width, above the Save bar while it is stuck to the bottom, and above the cookie banner.
 */
export function FeedbackProviders({ children }: { children: ReactNode }) {
  // from the theme's sm breakpoint, where the cookie banner stops being a phone's
  const { breakpoints } = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${breakpoints.sm})`, true);
  return (
    <ModalsProvider>
      <Notifications
        position={wide ? 'bottom-left' : 'bottom-center'}
        limit={4}
        autoClose={NOTICE_AUTO_CLOSE_MS}
        zIndex={getDefaultZIndex('modal') - 1}
        // above the cookie banner and a stuck Save bar (global.css: .lobby-notices)
        classNames={{ root: 'lobby-notices' }}
      />
      {children}
    </ModalsProvider>
  );
}
