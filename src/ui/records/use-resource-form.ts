import type { ZodType } from 'zod';
import type { ClientResource, ResourceRecord, ResourceScope } from '../../offline/resource';
import { newRecordIdOf, orgOfScope } from '../../offline/resource';
import { useRecordForm, type RecordCheck, type RecordFormState } from './use-record-form';

/** What a screen gives the form of one of its records. */
export interface ResourceFormProps<TRecord> {
  userUuid: string;
  /** the record to edit (as shown, queued changes included); null adds one */
  record: TRecord | null;
  onClose(): void;
}

/** What a form holds while typing: where it starts for a new record and for a listed one, and the shape a kept draft must have. */
export interface FormValueDeclaration<TRecord, Value> {
  blank: Value;
  fromRecord(record: TRecord): Value;
  schema: ZodType<Value>;
}

/**
 * A record form over a client resource (src/offline/resource.ts): the draft is kept per record of
 * the resource's kind, and Save queues a create, or an update from the version the edit started
 * from. `check` holds the form's rules.
 */
export function useResourceForm<TRecord extends ResourceRecord, TInput extends object, TScope extends ResourceScope, Value extends object, Checked extends RecordCheck<TInput>>(
  resource: ClientResource<TRecord, TInput, TScope>,
  scope: TScope,
  { userUuid, record, onClose }: ResourceFormProps<TRecord>,
  { blank, fromRecord, schema }: FormValueDeclaration<TRecord, Value>,
  check: (value: Value) => Checked,
): RecordFormState<Value, Checked> {
  const draftScope = { userUuid, orgUuid: orgOfScope(scope), kind: resource.declaration.kind, recordId: record?.uuid ?? newRecordIdOf(scope) };
  return useRecordForm({
    scope: draftScope,
    initial: record ? fromRecord(record) : blank,
    baseVersion: record?.version ?? null,
    schema,
    check,
    commit: (input, base) =>
      record ? resource.queueUpdate(scope, userUuid, record, base ?? record.version, input as TInput, draftScope) : resource.queueCreate(scope, userUuid, input as TInput, draftScope),
    onClose,
  });
}
