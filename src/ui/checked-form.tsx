import { useCallback, useState, type ReactNode, type Ref } from 'react';
import { Alert, TextInput } from '@mantine/core';
import { useInvalidFocus } from './form-focus';

/**
 * A form that checks its own fields, the one way every form of the app shows problems: its submit
 * button is always offered (never disabled for what is wrong); a submit with problems shows them
 * all at their fields and moves focus to the first invalid one, whose error a screen reader reads;
 * from then on (`attempted`) each field says what is wrong as it is changed or left. Nothing is
 * flagged before the first submit. `submit(invalid, send)`: focus goes to the first invalid field,
 * or `send` runs. (useRecordForm behaves the same for the forms that keep a draft.)
 */
export function useCheckedForm() {
  const [attempted, setAttempted] = useState(false);
  const { formRef, focusFirstInvalid } = useInvalidFocus();
  const submit = useCallback(
    (invalid: boolean, send: () => void) => {
      setAttempted(true);
      if (invalid) focusFirstInvalid();
      else send();
    },
    [focusFirstInvalid],
  );
  return { attempted, setAttempted, formRef, focusFirstInvalid, submit };
}

/** The form element of a checked form: no browser checks (the form says its own), and no page reload on submit. */
export function CheckedForm({ formRef, onSubmit, children }: { formRef: Ref<HTMLFormElement>; onSubmit(): void; children: ReactNode }) {
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** Why a request failed, as an alert above the form that sent it (nothing while it has not failed). */
export function FailureAlert({ title, children }: { title?: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false) return null;
  return (
    <Alert color="red" title={title} role="alert">
      {children}
    </Alert>
  );
}

/** A field's change that also clears what the last send's failure said (the operator is mending it). */
export function clearsFailure<T>(request: { isError: boolean; reset(): void }, set: (value: T) => void): (value: T) => void {
  return (value) => {
    set(value);
    if (request.isError) request.reset();
  };
}

/** The account's email address on the public pages: an email keyboard, offered the browser's saved username; required. */
export function AccountEmailInput({ label, value, error, onChange }: { label: string; value: string; error: string | undefined; onChange(value: string): void }) {
  return <TextInput label={label} type="email" autoComplete="username" required value={value} error={error} onChange={(event) => onChange(event.currentTarget.value)} />;
}
