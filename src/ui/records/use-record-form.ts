import { useState, type ChangeEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ZodType } from 'zod';
import type { HistoryChange } from '../../domain';
import { useDraft, whenSettled, type DraftScope, type DraftState, type OutboxEntry } from '../../offline';
import { useFocusWhenReady, useInvalidFocus } from '../form-focus';
import { useFormModalGuard } from '../form-modal';
import { SAVE_VERDICT_WAIT_MS, showSaveOutcome } from '../save-outcome';

/** Every problem of a form, per field, in the catalogue's words (undefined: none). */
export type FieldProblems<Field extends string = string> = Partial<Record<Field, string | undefined>>;

/** What a form's rules find: the problems per field, and the input to queue (null while something is wrong). */
export interface RecordCheck<Input> {
  problems: FieldProblems;
  input: Input | null;
}

export interface RecordFormDeclaration<Value, Checked extends RecordCheck<unknown>> {
  /** where what is typed is kept (null: nothing is kept, the caller holds the state) */
  scope: DraftScope | null;
  initial: Value;
  /** the version of the record edited; null for a new one */
  baseVersion: number | null;
  /** a stored draft must still fit this, or it is dropped */
  schema: ZodType<Value>;
  /** the form's rules over what is typed */
  check(value: Value): Checked;
  /**
   * queue the input (`base`: the version the edit started from, a restored draft's own). An
   * outbox entry returned: what the gateway made of it is told once known.
   */
  commit(input: NonNullable<Checked['input']>, base: number | null): Promise<OutboxEntry | void>;
  onClose(): void;
  /** a commit that throws is said in the form, which stays open; without this it is thrown */
  onFailure?(error: unknown): void;
  /** the record whose History the form shows; default: the draft scope's record when editing one (baseVersion set) */
  history?: RecordHistoryTarget | null;
}

/** A record as the change history names it. */
export interface RecordHistoryTarget {
  orgUuid: string;
  kind: string;
  recordUuid: string;
}

export interface RecordFormState<Value, Checked extends RecordCheck<unknown>> {
  draft: DraftState<Value>;
  value: Value;
  set(patch: Partial<Value>): void;
  checked: Checked;
  /** Save was tried: the fields say what is wrong from now on */
  attempted: boolean;
  saving: boolean;
  /** the first field's ref: focused once the draft is read */
  firstField: RefObject<HTMLInputElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
  save(): Promise<void>;
  /** the form's Cancel: asks first when there are changes */
  requestClose(): void;
  /** a text field's value, error, and change; disabled until the draft is read */
  text<K extends TextField<Value>>(field: K, error: string | undefined): TextFieldProps;
  /** a required choice kept as text ('' for none yet): a Select's value, error and change */
  choice<K extends TextField<Value>>(field: K, error: string | undefined): ChoiceFieldProps;
  /** the record whose History the form shows (an edit of a record of an organization), else null */
  history: RecordHistoryTarget | null;
  /** whether a field change of its history can be put back in this form (the form has that field) */
  canRestore(change: HistoryChange): boolean;
  /** puts a field's earlier value back in the form; Save then queues it as a new change */
  restore(change: HistoryChange): void;
}

export interface ChoiceFieldProps {
  value: string | null;
  error: string | undefined;
  disabled: boolean;
  allowDeselect: false;
  onChange(choice: string | null): void;
}

type TextField<Value> = { [K in keyof Value]: Value[K] extends string ? K : never }[keyof Value] & string;

export interface TextFieldProps {
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
}

export const hasProblems = (problems: FieldProblems): boolean => Object.values(problems).some((problem) => problem !== undefined);

/**
 * The behaviour every record form shares (docs/adr/0025): the draft, the first field focused once
 * it is read, Save always offered and refused with the problems shown and focus on the first
 * invalid field (the fields say what is wrong from the first Save on), the close guard of the
 * FormModal, and the tail of a save: queue, clear the draft, close, then tell the verdict. A form
 * declares its value, its rules and how to queue; its fields are its own.
 */
export function useRecordForm<Value extends object, Checked extends RecordCheck<unknown>>(declaration: RecordFormDeclaration<Value, Checked>): RecordFormState<Value, Checked> {
  const { scope, initial, baseVersion, schema, check, commit, onClose, onFailure } = declaration;
  const draft = useDraft<Value>({ scope, initial, baseVersion, schema });
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const firstField = useFocusWhenReady<HTMLInputElement>(draft.ready);
  const { formRef, focusFirstInvalid } = useInvalidFocus();
  const value = draft.value;
  const checked = check(value);

  async function save() {
    if (saving) return;
    // one way for every form (src/ui/checked-form.tsx): Save is always offered; its first press shows the problems
    setAttempted(true);
    const input = checked.input;
    if (input === null || hasProblems(checked.problems)) {
      focusFirstInvalid();
      return;
    }
    // nothing changed, nothing to send: the form closes as Cancel would
    if (!draft.changed) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      const queued = await draft.handOver(value, () => commit(input as NonNullable<Checked['input']>, draft.restoredBaseVersion ?? baseVersion));
      onClose();
      // The change is safe in the outbox now; say what the gateway made of it, as far as known soon.
      if (queued) void whenSettled(queued.seq, SAVE_VERDICT_WAIT_MS).then((outcome) => showSaveOutcome(outcome, () => void navigate('/sync')));
    } catch (error) {
      if (!onFailure) throw error;
      onFailure(error);
    } finally {
      setSaving(false);
    }
  }

  const { requestClose } = useFormModalGuard({ dirty: draft.changed, discard: () => draft.discard(), save }, onClose);
  const set = (patch: Partial<Value>) => draft.setValue((current) => ({ ...current, ...patch }));
  const text = (field: TextField<Value>, error: string | undefined): TextFieldProps => ({
    value: value[field] as string,
    error,
    disabled: !draft.ready,
    onChange: (event) => set({ [field]: event.currentTarget.value } as Partial<Value>),
  });
  const choice = (field: TextField<Value>, error: string | undefined): ChoiceFieldProps => ({
    value: value[field] === '' ? null : (value[field] as string),
    error,
    disabled: !draft.ready,
    allowDeselect: false,
    onChange: (chosen) => set({ [field]: chosen ?? '' } as Partial<Value>),
  });
  const history =
    declaration.history !== undefined ? declaration.history : baseVersion !== null && scope !== null && scope.orgUuid !== null ? { orgUuid: scope.orgUuid, kind: scope.kind, recordUuid: scope.recordId } : null;
  const restoredValue = (change: HistoryChange): { ok: boolean; value?: unknown } => {
    if (change.secret || !('before' in change) || !Object.hasOwn(value, change.field)) return { ok: false };
    const held = (value as Record<string, unknown>)[change.field];
    const before = change.before;
    if (typeof held === 'string' && (typeof before === 'number' || typeof before === 'string')) return { ok: true, value: String(before) };
    if (before === null || typeof held === typeof before) return { ok: true, value: before };
    return { ok: false };
  };
  const canRestore = (change: HistoryChange) => draft.ready && restoredValue(change).ok;
  const restore = (change: HistoryChange) => {
    const restored = restoredValue(change);
    if (restored.ok) set({ [change.field]: restored.value } as Partial<Value>);
  };
  return { draft, value, set, checked, attempted, saving, firstField, formRef, save, requestClose, text, choice, history, canRestore, restore };
}
