import type { ReactNode, Ref } from 'react';
import { Stack } from '@mantine/core';
import { CheckedForm } from './checked-form';
import { DraftNotices } from './draft-notices';

/** What the shell needs of a form's draft (src/offline useDraft). */
export interface DraftFormState {
  restoredAt: number | null;
  /** why a change of this form was refused (it came back to its draft), or null */
  error: string | null;
  discard(): Promise<void>;
}

interface DraftFormProps {
  formRef: Ref<HTMLFormElement>;
  draft: DraftFormState;
  /** title of the alert saying a queued change came back refused */
  errorTitle: string;
  onSave(): void | Promise<void>;
  children: ReactNode;
}

/**
 * The shell of a record form that keeps a draft: a form the browser does not validate (the form's
 * rules say what is wrong), submitted by Enter or its submit button, with the "Restored unsaved
 * changes" notice and the alert of a change the gateway refused above its fields.
 */
export function DraftForm({ formRef, draft, errorTitle, onSave, children }: DraftFormProps) {
  return (
    <CheckedForm formRef={formRef} onSubmit={() => void onSave()}>
      <Stack gap="md">
        <DraftNotices draft={draft} errorTitle={errorTitle} />
        {children}
      </Stack>
    </CheckedForm>
  );
}
