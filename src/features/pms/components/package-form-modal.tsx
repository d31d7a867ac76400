import { useMemo, useState } from 'react';
import { Alert, Select, TextInput } from '@mantine/core';
import { z } from 'zod';
import { CALCULATION_RULE_LABELS, CALCULATION_RULES, externalIdKey, HOTEL_MESSAGES, PMS_PACKAGE_KIND, pmsPackageInputSchema, type CalculationRule } from '../../../domain';
import { describeError } from '../../../api';
import { t, type MessageKey } from '../../../i18n';
import { type DraftScope } from '../../../offline';
import { FormModal, RecordForm, useRecordForm } from '../../../ui';
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
 * submit button ('UPDATE' for an existing package, else 'ADD PACKAGE') is always offered, as in
 * every form (issue 22: one way to show problems): pressed, it says what is wrong at the fields and
 * saves nothing, or closes when nothing changed. With a draft scope every change is kept until it
 * is saved or discarded.
 */
function PackageForm({ item, items, onClose, onSave, draftScope = null }: PackageFormProps) {
  const initial = useMemo<FormValue>(() => (item ? { externalId: item.externalId, calculationRule: item.calculationRule } : { externalId: '', calculationRule: 'ADULT' }), [item]);
  const [failure, setFailure] = useState<string | null>(null);

  /** the package IDs taken by the other packages (removed ones free theirs): one pass when the form opens */
  const taken = useMemo(() => {
    const keys = new Set<string>();
    for (const other of items) if (!other.deleted && other.localId !== item?.localId) keys.add(externalIdKey(other.externalId));
    return keys;
  }, [items, item?.localId]);

  const form = useRecordForm({
    scope: draftScope,
    initial,
    baseVersion: null,
    schema: formValueSchema,
    check: (value) => {
      const parsed = pmsPackageInputSchema.safeParse({ externalId: value.externalId, calculationRule: value.calculationRule ?? undefined });
      const issues = parsed.success ? [] : parsed.error.issues;
      const externalId = issues.find((issue) => issue.path[0] === 'externalId')?.message ?? (taken.has(externalIdKey(value.externalId)) ? HOTEL_MESSAGES.packageIdTaken : undefined);
      const calculationRule = value.calculationRule === null ? HOTEL_MESSAGES.calculationRuleRequired : undefined;
      return { problems: { externalId, calculationRule }, input: parsed.success ? parsed.data : null };
    },
    // in the outbox now (or in the caller's list): the form's draft is cleared
    commit: async (input) => {
      setFailure(null);
      await onSave(item?.localId ?? null, { externalId: input.externalId, calculationRule: input.calculationRule });
    },
    onClose,
    onFailure: (error) => setFailure(describeError(error)),
    // a package at the gateway, on the Room packages page: its History (the wizard's form shows none)
    history: draftScope?.orgUuid && item?.uuid ? { orgUuid: draftScope.orgUuid, kind: PMS_PACKAGE_KIND, recordUuid: item.uuid } : null,
  });
  const { value, draft, attempted } = form;
  const setValue = draft.setValue;
  const { externalId: idProblem, calculationRule: ruleProblem } = form.checked.problems;
  // as every form: the problems show from the first Save on (src/ui/checked-form.tsx)
  const idError = attempted ? inCatalogue(idProblem) : undefined;
  const ruleError = attempted ? inCatalogue(ruleProblem) : undefined;

  return (
    <RecordForm
      form={form}
      errorTitle={t('packages.errorMessage')}
      cancelLabel={t('packages.form.cancel')}
      saveLabel={item ? t('packages.form.update') : t('packages.form.add')}
    >
      {failure !== null && (
        <Alert color="red" role="alert">
          {t('packages.form.failed', { message: failure })}
        </Alert>
      )}
      <TextInput
        ref={form.firstField}
        data-autofocus
        label={t('packages.form.id')}
        required
        value={value.externalId}
        error={idError}
        disabled={!draft.ready}
        onChange={(event) => setValue({ ...value, externalId: event.currentTarget.value })}
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
    </RecordForm>
  );
}
