import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { DraftForm } from '../draft-form';
import { HistoryPanel } from '../history/history-panel';
import type { RecordCheck, RecordFormState } from './use-record-form';

interface RecordFormProps<Value, Checked extends RecordCheck<unknown>> {
  form: RecordFormState<Value, Checked>;
  /** title of the alert saying a queued change came back refused */
  errorTitle: string;
  cancelLabel: string;
  saveLabel: string;
  /** Save is also held back while this is true (it is while nothing changed or the draft is read) */
  saveHeld?: boolean;
  children: ReactNode;
}

/** The shell of a record form: its draft's notices, the fields, the record's History (an edit), Cancel (asking first) and Save. */
export function RecordForm<Value, Checked extends RecordCheck<unknown>>({ form, errorTitle, cancelLabel, saveLabel, saveHeld = false, children }: RecordFormProps<Value, Checked>) {
  return (
    <DraftForm formRef={form.formRef} draft={form.draft} errorTitle={errorTitle} onSave={form.save}>
      {children}
      {form.history && <HistoryPanel {...form.history} canRestore={form.canRestore} onRestore={form.restore} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={form.requestClose}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={form.saving} disabled={!form.draft.ready || !form.draft.changed || saveHeld}>
          {saveLabel}
        </Button>
      </Group>
    </DraftForm>
  );
}
