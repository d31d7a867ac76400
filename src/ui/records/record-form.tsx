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
  /** Save is also held back while this is true (it is while the draft is read); problems of the fields never hold it: Save shows them */
  saveHeld?: boolean;
  children: ReactNode;
}

/** The shell of a record form: its draft's notices, the fields, the record's History (an edit), Cancel (asking first) and Save, always offered once the draft is read. */
export function RecordForm<Value, Checked extends RecordCheck<unknown>>({ form, errorTitle, cancelLabel, saveLabel, saveHeld = false, children }: RecordFormProps<Value, Checked>) {
  return (
    <DraftForm formRef={form.formRef} draft={form.draft} errorTitle={errorTitle} onSave={form.save}>
      {children}
      {form.history && <HistoryPanel {...form.history} canRestore={form.canRestore} onRestore={form.restore} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={form.requestClose}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={form.saving} disabled={!form.draft.ready || saveHeld}>
          {saveLabel}
        </Button>
      </Group>
    </DraftForm>
  );
}
