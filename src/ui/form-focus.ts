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

/** How long a refusal waits for an invalid field still to be made (a section opening to show it). */
const INVALID_FIELD_WAIT_MS = 2_000;

/**
 * After a submit that found problems, focus goes to the first field marked invalid, whose error
 * a screen reader then reads. `formRef` goes on the form; call `focusFirstInvalid` when refusing.
 * A field not made yet (in a section the refusal opens, made once the section opens) gets focus
 * when it appears, within INVALID_FIELD_WAIT_MS.
 */
export function useInvalidFocus() {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const form = formRef.current;
    if (refusals === 0 || form === null) return;
    const focusInvalid = () => {
      const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      field?.focus();
      return field !== null;
    };
    if (focusInvalid()) return;
    const observer = new MutationObserver(() => {
      if (focusInvalid()) stop();
    });
    const timer = setTimeout(() => stop(), INVALID_FIELD_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-invalid'] });
    return stop;
  }, [refusals]);
  const focusFirstInvalid = useCallback(() => setRefusals((count) => count + 1), []);
  return { formRef, focusFirstInvalid };
}
