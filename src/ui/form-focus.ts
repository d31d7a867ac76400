import { useCallback, useEffect, useRef, useState } from 'react';

/*
 * Focus in forms, kept apart from the modals: the sign-in page uses it and loads no modal code.
 */

/**
 * A ref for the first field of a form whose fields wait for something (its draft) before they can
 * be used: the field gets focus when `ready` turns true. Give it `data-autofocus` as well, so a
 * modal opens on it when it is ready at once.
 */
export function useFocusWhenReady<T extends HTMLElement>(ready: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (ready) ref.current?.focus();
  }, [ready]);
  return ref;
}

/**
 * After a submit that found problems, focus goes to the first field marked invalid, whose error
 * a screen reader then reads. `formRef` goes on the form; call `focusFirstInvalid` when refusing.
 */
export function useInvalidFocus() {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const focusFirstInvalid = useCallback(() => setRefusals((count) => count + 1), []);
  return { formRef, focusFirstInvalid };
}
