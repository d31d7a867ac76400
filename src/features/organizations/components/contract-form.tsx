import { Group, Select, Textarea, TextInput } from '@mantine/core';
import { z } from 'zod';
import {
  CONTRACT_MESSAGES,
  CONTRACT_STATUSES,
  contractInputSchema,
  contractReferenceKey,
  isIsoDay,
  parseMaskedDate,
  type Contract,
  type ContractStatus,
} from '../../../domain';
import { t, type MessageKey } from '../../../i18n';
import { catalogued, wordsOfMessages, DateMaskInput, RecordForm, useResourceForm, type FormValueDeclaration, type ResourceFormProps } from '../../../ui';
import { contracts } from '../api/units';

/** A contract status as the catalogue names it ('Active'). */
export const CONTRACT_STATUS_MESSAGE: Record<ContractStatus, MessageKey> = {
  DRAFT: 'contract.status.DRAFT',
  ACTIVE: 'contract.status.ACTIVE',
  SUSPENDED: 'contract.status.SUSPENDED',
  ENDED: 'contract.status.ENDED',
};
export const contractStatusLabel = (status: ContractStatus): string => t(CONTRACT_STATUS_MESSAGE[status]);

/** What the form holds while typing: the dates as typed through the DD/MM/YYYY mask, converted on Save. */
const formValueSchema = z.object({
  reference: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  plan: z.string(),
  status: z.string(),
  notes: z.string(),
});
type FormValue = z.output<typeof formValueSchema>;
type Field = keyof FormValue;
const FIELDS: readonly Field[] = ['reference', 'startDate', 'endDate', 'plan', 'status', 'notes'];

const EMPTY: FormValue = { reference: '', startDate: '', endDate: '', plan: '', status: 'DRAFT', notes: '' };

/** An ISO day (YYYY-MM-DD) as the mask shows it (DD/MM/YYYY); anything else as it is. */
export function isoToMasked(iso: string | null): string {
  if (iso === null) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** A masked date (DD/MM/YYYY) as an ISO day; an incomplete or impossible one stays as typed, for the rule to refuse. */
export function maskedToIso(masked: string): string {
  const date = parseMaskedDate(masked);
  if (!date) return masked;
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

const fromRecord = (record: Contract): FormValue => ({
  reference: record.reference,
  startDate: isoToMasked(record.startDate),
  endDate: isoToMasked(record.endDate),
  plan: record.plan,
  status: record.status,
  notes: record.notes,
});

/** What the rules check: the dates as ISO days, an empty end date as none. */
const candidateOf = (value: FormValue) => ({
  reference: value.reference,
  startDate: maskedToIso(value.startDate.trim()),
  endDate: value.endDate.trim() === '' ? null : maskedToIso(value.endDate.trim()),
  plan: value.plan,
  status: value.status,
  notes: value.notes,
});

/** The catalogue's words for each rule the domain checks. */
const RULE_MESSAGE = wordsOfMessages(CONTRACT_MESSAGES, ['referenceRequired', 'referenceTooLong', 'referenceTaken', 'startDate', 'endDate', 'endBeforeStart', 'plan', 'status', 'notes'], (name) => `contract.error.${name}` as const);
const inCatalogue = catalogued(RULE_MESSAGE);

type Problems = Partial<Record<Field, string>>;

/**
 * Every problem of the form, per field, in the catalogue's words: contractInputSchema's rules, the
 * end date not before the start date (also said while another field is wrong), and the reference
 * unique among the organization's other contracts.
 */
function problemsOf(candidate: ReturnType<typeof candidateOf>, others: readonly { uuid: string; reference: string }[], self: string | null): Problems {
  const found: Problems = {};
  const parsed = contractInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field) && found[field as Field] === undefined) found[field as Field] = issue.message;
    }
  }
  const { startDate, endDate } = candidate;
  if (found.endDate === undefined && endDate !== null && isIsoDay(startDate) && isIsoDay(endDate) && endDate < startDate) found.endDate = CONTRACT_MESSAGES.endBeforeStart;
  if (found.reference === undefined) {
    const key = contractReferenceKey(candidate.reference);
    if (others.some((other) => other.uuid !== self && contractReferenceKey(other.reference) === key)) found.reference = CONTRACT_MESSAGES.referenceTaken;
  }
  return Object.fromEntries(FIELDS.map((field) => [field, inCatalogue(found[field])]));
}

/** `others`: the organization's contracts (those waiting to be removed left out), a reference is unique among them. */
type ContractFormProps = ResourceFormProps<Contract> & { org: string; others: readonly Pick<Contract, 'uuid' | 'reference'>[] };

const CONTRACT_VALUE: FormValueDeclaration<Contract, FormValue> = { blank: EMPTY, fromRecord, schema: formValueSchema };

/**
 * Add or edit a contract in a FormModal, opening on the Reference field (draft, close guard and
 * queued save: useRecordForm). Dates are typed DD/MM/YYYY and sent as ISO days, the end date
 * optional and not before the start; the reference is unique in the organization.
 */
export function ContractForm({ org, others, ...props }: ContractFormProps) {
  const { record } = props;
  const form = useResourceForm(contracts, org, props, CONTRACT_VALUE, (value) => {
    const candidate = candidateOf(value);
    const parsed = contractInputSchema.safeParse(candidate);
    return { problems: problemsOf(candidate, others, record?.uuid ?? null), input: parsed.success ? parsed.data : null };
  });
  const { value, set, draft } = form;
  // the fields say what is wrong once Save was tried (the date fields also when left incomplete or impossible)
  const errors: Problems = form.attempted ? form.checked.problems : {};

  return (
    <RecordForm form={form} errorTitle={t('contract.errorMessage')} cancelLabel={t('contract.form.cancel')} saveLabel={t('contract.form.save')}>
      <TextInput ref={form.firstField} data-autofocus label={t('contract.form.reference')} required {...form.text('reference', errors.reference)} />
      <Group grow align="flex-start">
        <DateMaskInput label={t('contract.form.startDate')} required value={value.startDate} error={errors.startDate} disabled={!draft.ready} onChange={(startDate) => set({ startDate })} />
        <DateMaskInput
          label={t('contract.form.endDate')}
          description={t('contract.form.endDateDescription')}
          value={value.endDate}
          error={errors.endDate}
          disabled={!draft.ready}
          onChange={(endDate) => set({ endDate })}
        />
      </Group>
      <TextInput label={t('contract.form.plan')} {...form.text('plan', errors.plan)} />
      <Select
        label={t('contract.form.status')}
        placeholder={t('contract.form.statusPlaceholder')}
        required
        data={CONTRACT_STATUSES.map((status) => ({ value: status, label: contractStatusLabel(status) }))}
        value={value.status === '' ? null : value.status}
        error={errors.status}
        disabled={!draft.ready}
        allowDeselect={false}
        onChange={(status) => set({ status: status ?? '' })}
      />
      <Textarea label={t('contract.form.notes')} rows={4} resize="vertical" {...form.text('notes', errors.notes)} />
    </RecordForm>
  );
}
