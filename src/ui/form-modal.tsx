import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, getDefaultZIndex, Group, Text, type ModalProps } from '@mantine/core';
import { t } from '../i18n';
import { AppModal } from './app-modal';
import { currentFocus, focusSoon } from './focus';
import { useUnsavedWork } from './unsaved-work';

interface UnsavedChangesModalProps {
  opened: boolean;
  /** closed without a choice (its close button, Escape): the operator goes on editing */
  onStay: () => void;
  onDiscard: () => void;
  onSave: () => void;
  /** where focus goes when it closes (see AppModal); by default the element that opened it */
  focusOnClose?: (opener: HTMLElement | null) => HTMLElement | null;
}

/**
 * The unsaved-changes modal of spec section 8 ('You have unsaved changes' / 'Are you sure you want
 * to leave and discard changes?'), offering discard or save. It opens on Save changes: the safe
 * choice, which loses nothing. Forms in a FormModal get it by themselves; a page form (venue,
 * hotel wizard) opens it when the operator leaves with changes.
 */
export function UnsavedChangesModal({ opened, onStay, onDiscard, onSave, focusOnClose }: UnsavedChangesModalProps) {
  // opened over a form modal, Mantine's own autofocus can lose to the form's focus trap: focus it here
  const saveButton = useRef<HTMLButtonElement>(null);
  // The Escape that asked the question (on the form) must not also answer it: Mantine's Escape
  // listener of this modal is added while that keydown is still being dispatched, so it listens
  // to Escape only from the next task on.
  const [escapeArmed, setEscapeArmed] = useState(false);
  useEffect(() => {
    if (!opened) return undefined;
    focusSoon(() => saveButton.current);
    const arm = setTimeout(() => setEscapeArmed(true), 0);
    return () => {
      clearTimeout(arm);
      setEscapeArmed(false);
    };
  }, [opened]);
  return (
    <AppModal opened={opened} onClose={onStay} title={t('unsaved.title')} size={450} zIndex={getDefaultZIndex('modal') + 2} focusOnClose={focusOnClose} closeOnEscape={escapeArmed}>
      <Text size="sm">{t('unsaved.text')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="light" color="red" onClick={onDiscard}>
          {t('unsaved.discard')}
        </Button>
        <Button ref={saveButton} data-autofocus onClick={onSave}>
          {t('unsaved.save')}
        </Button>
      </Group>
    </AppModal>
  );
}

/** What a form in a FormModal tells it, so that closing with changes asks first. */
export interface FormGuard {
  /** something differs from what the form started from */
  dirty: boolean;
  /** forget the changes (the form's draft) */
  discard: () => void | Promise<void>;
  /** what the form's Save does: it closes the form when the save succeeds, shows why when not */
  save: () => void | Promise<void>;
}

interface FormModalContextValue {
  setGuard: (guard: FormGuard | null) => void;
  requestClose: () => void;
}

const FormModalContext = createContext<FormModalContextValue | null>(null);

export interface FormModalProps {
  opened: boolean;
  /** close now: called directly without changes, after Discard with changes */
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  children: ReactNode;
}

/**
 * A modal holding a form. Closing it (its named close button, Escape, a click outside, or the
 * form's Cancel through useFormModalGuard) closes at once when nothing changed; with changes it
 * opens the unsaved-changes modal: Discard forgets them and closes, Save saves as the form's Save
 * does, closing it (or leaving it open on what is wrong). The form marks its first field
 * `data-autofocus`, so the modal opens there, and focus returns to what opened the modal.
 */
export function FormModal({ opened, onClose, title, size, children }: FormModalProps) {
  const guard = useRef<FormGuard | null>(null);
  const closeNow = useRef(onClose);
  useEffect(() => {
    closeNow.current = onClose;
  });
  const [asking, setAsking] = useState(false);
  // closed by its page meanwhile: the question does not come back when it opens again
  if (!opened && asking) setAsking(false);
  /** what held focus when the question opened, and whether the operator chose to stay */
  const askedFrom = useRef<HTMLElement | null>(null);
  const stayed = useRef(false);

  const requestClose = useCallback(() => {
    if (guard.current?.dirty) {
      askedFrom.current = currentFocus();
      stayed.current = false;
      setAsking(true);
    } else closeNow.current();
  }, []);
  const context = useMemo<FormModalContextValue>(() => ({ setGuard: (next) => (guard.current = next), requestClose }), [requestClose]);

  const stay = () => {
    stayed.current = true;
    setAsking(false);
  };
  const discard = async () => {
    setAsking(false);
    await guard.current?.discard();
    closeNow.current();
  };
  const save = async () => {
    setAsking(false);
    await guard.current?.save();
  };

  return (
    <>
      {/* while the question is open, its own modal holds focus: the form lets go of Tab */}
      <AppModal opened={opened} onClose={requestClose} title={title} size={size} closeOnEscape={!asking} trapFocus={!asking}>
        <FormModalContext value={context}>{children}</FormModalContext>
      </AppModal>
      <UnsavedChangesModal
        opened={opened && asking}
        onStay={stay}
        onDiscard={() => void discard()}
        onSave={() => void save()}
        // back where the operator was when staying; after Discard or Save the form decides
        focusOnClose={() => (stayed.current ? askedFrom.current : null)}
      />
    </>
  );
}

/**
 * Tells the FormModal around the form whether it has changes and how to discard or save them;
 * returns `requestClose` for the form's Cancel: it asks first when there are changes. Outside a
 * FormModal, requestClose is `onClose`. While dirty, the form counts as unsaved work on screen.
 */
export function useFormModalGuard(guard: FormGuard, onClose: () => void): { requestClose: () => void } {
  const context = use(FormModalContext);
  useUnsavedWork(guard.dirty);
  const latest = useRef(guard);
  useEffect(() => {
    latest.current = guard;
  });
  useEffect(() => {
    if (!context) return undefined;
    context.setGuard({
      get dirty() {
        return latest.current.dirty;
      },
      discard: () => latest.current.discard(),
      save: () => latest.current.save(),
    });
    return () => context.setGuard(null);
  }, [context]);
  return { requestClose: context ? context.requestClose : onClose };
}
