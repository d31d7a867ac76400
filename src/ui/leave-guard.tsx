import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { Button, Group, Text } from '@mantine/core';
import { t } from '../i18n';
import { AppModal } from './app-modal';
import { useUnsavedWork } from './unsaved-work';

/**
 * Leaving a page form with changes asks first (spec sections 2 and 4): a route change is held
 * (react-router's blocker, whose state the page turns into its question) and closing or reloading
 * the tab gets the browser's own question (beforeunload). The draft keeps what was typed either
 * way. `allowLeave` before a navigation the form makes itself (after a save, or a choice made).
 * While dirty, the form counts as unsaved work on screen (the header's badge says so).
 */
export function useLeaveGuard(dirty: boolean) {
  const dirtyNow = useRef(dirty);
  const allowed = useRef(false);
  useUnsavedWork(dirty);
  // as soon as the screen shows it: a navigation right after a save (a click that took the focus
  // from a field saved on blur) is judged on the form as saved, not as it was a render before
  useLayoutEffect(() => {
    dirtyNow.current = dirty;
  });
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current && !allowed.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // older browsers ask only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const allowLeave = useCallback(() => {
    allowed.current = true;
  }, []);
  return { blocker, allowLeave };
}

interface ExitConfirmModalProps {
  opened: boolean;
  onStay: () => void;
  onExit: () => void;
}

/**
 * The exit confirmation of a create form (spec section 2): 'Are you sure you want to exit?' with
 * 'EXIT WITHOUT SAVING'. It opens on the safe button, which keeps the operator in the form.
 */
export function ExitConfirmModal({ opened, onStay, onExit }: ExitConfirmModalProps) {
  return (
    <AppModal opened={opened} onClose={onStay} title={t('venue.exit.title')} size={450}>
      <Text size="sm">{t('venue.exit.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" data-autofocus onClick={onStay}>
          {t('venue.exit.stay')}
        </Button>
        <Button color="red" onClick={onExit}>
          {t('venue.exit.confirm')}
        </Button>
      </Group>
    </AppModal>
  );
}
