import { useMemo, useState } from 'react';
import { Alert, Button, Group, Select, TextInput } from '@mantine/core';
import { z } from 'zod';
import { CALCULATION_RULE_LABELS, CALCULATION_RULES, externalIdKey, HOTEL_MESSAGES, pmsPackageInputSchema, type CalculationRule } from '../../../domain';
import { describeError } from '../../../api';
import { t, type MessageKey } from '../../../i18n';
import { useDraft, type DraftScope } from '../../../offline';
import { DraftForm, FormModal, useFocusWhenReady, useFormModalGuard, useInvalidFocus } from '../../../ui';
import type { PackageFormValues, PackageItem } from './packages-section';

/** Spec section 9: the package form's modal is at most 600 wide. */
const PACKAGE_MODAL_SIZE = 600;

/** The catalogue's words for each rule the domain checks. */
const RULE_MESSAGE: Record<string, MessageKey> = {
  [HOTEL_MESSAGES.packageIdRequired]: 'packages.error.idRequired',
  [HOTEL_MESSAGES.packageIdTooLong]: 'packages.error.idTooLong',
  [HOTEL_MESSAGES.packageIdTaken]: 'packages.error.idTaken',
  [HOTEL_MESSAGES.calculationRuleRequired]: 'packages.error.ruleRequired',
};
const inCatalogue = (message: string | undefined) => {
  if (message === undefined) return undefined;
  const key = RULE_MESSAGE[message];
  return key ? t(key) : message;
};

const RULE_OPTIONS = CALCULATION_RULES.map((rule) => ({ value: rule, label: CALCULATION_RULE_LABELS[rule] }));
const isRule = (value: string | null): value is CalculationRule => value !== null && (CALCULATION_RULES as readonly string[]).includes(value);

interface FormValue {
  externalId: string;
  calculationRule: CalculationRule | null;
}

/** A stored draft must still fit this (one that does not is dropped); a change the gateway refused comes back in this shape too. */
const formValueSchema = z.object({ externalId: z.string(), calculationRule: z.enum(CALCULATION_RULES).nullable() }) satisfies z.ZodType<FormValue>;

interface PackageFormModalProps {
  /** the modal is shown */
  opened: boolean;
  /** the package to edit, or null to add one */
  item: PackageItem | null;
  /** the hotel's packages: a package ID is unique among those not removed */
  items: readonly PackageItem[];
  onClose: () => void;
  onSave: (localId: string | null, values: PackageFormValues) => void | Promise<void>;
  /**
   * where what is typed is kept as a draft, so a reload loses nothing (the Room packages page);
   * none (the hotel wizard, whose whole state is a draft already): nothing is stored
   */
  draftScope?: DraftScope | null;
}

/**
 * The package form of spec section 4 in its modal ('Add PMS Package' or 'Edit Pms Package
 * Connection', 600 wide). Opening for add starts from an empty ID and the rule ADULT; editing starts
 * from the package. A new form each time it opens, so closing resets it; with a draft scope, what
 * was typed and not saved comes back when it opens again (after a reload too), saying so.
 */
export function PackageFormModal({ opened, item, items, onClose, onSave, draftScope = null }: PackageFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={item ? t('packages.form.editTitle') : t('packages.form.addTitle')} size={PACKAGE_MODAL_SIZE}>
      {opened && <PackageForm key={item?.localId ?? 'new'} item={item} items={items} onClose={onClose} onSave={onSave} draftScope={draftScope} />}
    </FormModal>
  );
}

type PackageFormProps = Omit<PackageFormModalProps, 'opened'>;

/**
 * The fields: Package ID (required, unique in the hotel, free text) and the calculation rule. The
 * submit button ('UPDATE' for an existing package, else 'ADD PACKAGE') is offered once a field
 * differs from where the form started and a rule is set; bad input is said at the field and
 * nothing is saved. With a draft scope every change is kept until it is saved or discarded.
 */
function PackageForm({ item, items, onClose, onSave, draftScope = null }: PackageFormProps) {
  const initial = useMemo<FormValue>(() => (item ? { externalId: item.externalId, calculationRule: item.calculationRule } : { externalId: '', calculationRule: 'ADULT' }), [item]);
  const draft = useDraft<FormValue>({ scope: draftScope, initial, baseVersion: null, schema: formValueSchema });
  const value = draft.value;
  const setValue = draft.setValue;
  const firstField = useFocusWhenReady<HTMLInputElement>(draft.ready);
  const [attempted, setAttempted] = useState(false);
  const [touched, setTouched] = useState(false);
  const [typed, setTyped] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { formRef, focusFirstInvalid } = useInvalidFocus();

  /** the package IDs taken by the other packages (removed ones free theirs): one pass when the form opens */
  const taken = useMemo(() => {
    const keys = new Set<string>();
    for (const other of items) if (!other.deleted && other.localId !== item?.localId) keys.add(externalIdKey(other.externalId));
    return keys;
  }, [items, item?.localId]);

  const changed = draft.changed;
  const parsed = pmsPackageInputSchema.safeParse({ externalId: value.externalId, calculationRule: value.calculationRule ?? undefined });
  const issues = parsed.success ? [] : parsed.error.issues;
  const idProblem = issues.find((issue) => issue.path[0] === 'externalId')?.message ?? (taken.has(externalIdKey(value.externalId)) ? HOTEL_MESSAGES.packageIdTaken : undefined);
  const ruleProblem = value.calculationRule === null ? HOTEL_MESSAGES.calculationRuleRequired : undefined;
  // a taken or too long ID is said as it is typed; a missing one once the field was left or Save tried
  const idError = idProblem === HOTEL_MESSAGES.packageIdRequired && !attempted && !touched ? undefined : inCatalogue(idProblem);
  const ruleError = attempted ? inCatalogue(ruleProblem) : undefined;

  async function save() {
    if (!changed || saving) return;
    setAttempted(true);
    if (!parsed.success || idProblem !== undefined || ruleProblem !== undefined) {
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await onSave(item?.localId ?? null, { externalId: parsed.data.externalId, calculationRule: parsed.data.calculationRule });
      // in the outbox now (or in the caller's list): the draft is no longer needed
      await draft.clear();
      onClose();
    } catch (error) {
      setFailure(describeError(error));
    } finally {
      setSaving(false);
    }
  }

  const { requestClose } = useFormModalGuard({ dirty: changed, discard: () => draft.discard(), save }, onClose);

  return (
    <DraftForm formRef={formRef} draft={draft} errorTitle={t('packages.errorMessage')} onSave={save}>
      {failure !== null && (
        <Alert color="red" role="alert">
          {t('packages.form.failed', { message: failure })}
        </Alert>
      )}
      <TextInput
        ref={firstField}
        data-autofocus
        label={t('packages.form.id')}
        required
        value={value.externalId}
        error={idError}
        disabled={!draft.ready}
        // an untouched field is not flagged on leaving it: the message would move the buttons under the pointer on its way to Cancel
        onBlur={() => setTouched(typed)}
        onChange={(event) => {
          setTyped(true);
          setValue({ ...value, externalId: event.currentTarget.value });
        }}
      />
      <Select
        label={t('packages.form.rule')}
        required
        data={RULE_OPTIONS}
        value={value.calculationRule}
        error={ruleError}
        disabled={!draft.ready}
        allowDeselect={false}
        onChange={(rule) => setValue({ ...value, calculationRule: isRule(rule) ? rule : null })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={requestClose}>
          {t('packages.form.cancel')}
        </Button>
        <Button type="submit" loading={saving} disabled={!draft.ready || !changed || value.calculationRule === null}>
          {item ? t('packages.form.update') : t('packages.form.add')}
        </Button>
      </Group>
    </DraftForm>
  );
}
