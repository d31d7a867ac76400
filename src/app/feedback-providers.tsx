import type { ReactNode } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/** Header height of the signed-in frame: notifications open below it, never over the sync badge. */
export const HEADER_HEIGHT = 56;

/**
 * Confirmation modals and notifications, for the signed-in screens only: the sign-in and other
 * public pages never show either, so their code stays out of the first load (the cold /login budget).
 */
export function FeedbackProviders({ children }: { children: ReactNode }) {
  return (
    <ModalsProvider>
      <Notifications position="bottom-right" limit={4} />
      {children}
    </ModalsProvider>
  );
}
