import { Select, TextInput } from '@mantine/core';
import { z } from 'zod';
import {
  isPmsConnectionNameTaken,
  PMS_CONNECTION_MESSAGES,
  PMS_CONNECTION_TYPES,
  pmsConnectionFieldErrors,
  pmsConnectionInputSchema,
  type PmsConnection,
} from '../../../domain';
import { t } from '../../../i18n';
import { catalogued, wordsOfMessages, pmsConnectionTypeLabel, RecordForm, useResourceForm, type FormValueDeclaration, type ResourceFormProps } from '../../../ui';
import { pmsConnections } from '../api/pms-connections';

/**
 * What the form holds while typing: the port as typed (text), checked on Save, so '80.5' or '-5'
 * stays as typed and is refused with the reason instead of becoming 805 or 5. Drafts of older
 * versions kept the port as a number.
 */
const formValueSchema = z.object({
  name: z.string(),
  type: z.string(),
  host: z.string(),
  port: z.union([z.number(), z.string()]).transform(String),
});
type FormValue = z.output<typeof formValueSchema>;

const EMPTY: FormValue = { name: '', type: '', host: '', port: '' };
const fromRecord = (record: PmsConnection): FormValue => ({ name: record.name, type: record.type, host: record.host, port: String(record.port) });

/** The port to check: a number when the text is digits only, else the text itself, which the rule refuses. */
function portOf(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The catalogue's words for each rule the domain checks. */
const RULE_MESSAGE = wordsOfMessages(PMS_CONNECTION_MESSAGES, ['nameRequired', 'nameTooLong', 'nameTaken', 'hostRequired', 'hostInvalid', 'ipv4Invalid', 'port', 'type'], (name) => `pms.error.${name}` as const);
const inCatalogue = catalogued(RULE_MESSAGE);

type Field = 'name' | 'type' | 'host' | 'port';

/** Every problem of the form, per field, in the catalogue's words; the name also checked against the organization's other connections. */
function problemsOf(candidate: Record<Field, unknown>, others: readonly { uuid: string; name: string }[], self: string | null): Partial<Record<Field, string>> {
  const errors = pmsConnectionFieldErrors(candidate);
  if (errors.name === undefined && typeof candidate.name === 'string' && isPmsConnectionNameTaken(candidate.name, others, self)) {
    errors.name = PMS_CONNECTION_MESSAGES.nameTaken;
  }
  return { name: inCatalogue(errors.name), type: inCatalogue(errors.type), host: inCatalogue(errors.host), port: inCatalogue(errors.port) };
}

/** `others`: the organization's connections (those waiting to be removed left out), a name is unique among them. */
type PmsConnectionFormProps = ResourceFormProps<PmsConnection> & { org: string; others: readonly Pick<PmsConnection, 'uuid' | 'name'>[] };

const FORM_VALUE: FormValueDeclaration<PmsConnection, FormValue> = { blank: EMPTY, fromRecord, schema: formValueSchema };

/**
 * Add or edit a PMS connection, inside a FormModal, opening on the Name field; kept as a draft,
 * guarded and queued as every record form is (useRecordForm). Its rules: the name unique in the
 * organization, the port a whole number from 1 to 65535, said as soon as it is typed.
 */
export function PmsConnectionForm({ org, others, ...props }: PmsConnectionFormProps) {
  const { record } = props;
  const form = useResourceForm(pmsConnections, org, props, FORM_VALUE, (value) => {
    const candidate = { ...value, port: portOf(value.port) };
    const parsed = pmsConnectionInputSchema.safeParse(candidate);
    return { problems: problemsOf(candidate, others, record?.uuid ?? null), input: parsed.success ? parsed.data : null };
  });
  const { value, set, draft } = form;
  const problems = form.checked.problems;
  // the port says at once what is wrong with what was typed; the other fields once Save was tried
  const errors = form.attempted ? problems : { port: value.port.trim() === '' ? undefined : problems.port };

  return (
    <RecordForm form={form} errorTitle={t('pms.errorMessage')} cancelLabel={t('pms.form.cancel')} saveLabel={t('pms.form.save')}>
      <TextInput ref={form.firstField} data-autofocus label={t('pms.form.name')} required {...form.text('name', errors.name)} />
      <Select
        label={t('pms.form.type')}
        placeholder={t('pms.form.typePlaceholder')}
        required
        data={PMS_CONNECTION_TYPES.map((type) => ({ value: type, label: pmsConnectionTypeLabel(type) }))}
        value={value.type === '' ? null : value.type}
        error={errors.type}
        disabled={!draft.ready}
        allowDeselect={false}
        onChange={(type) => set({ type: type ?? '' })}
      />
      <TextInput label={t('pms.form.host')} required {...form.text('host', errors.host)} />
      <TextInput label={t('pms.form.port')} description={t('pms.form.portDescription')} required inputMode="numeric" {...form.text('port', errors.port)} />
    </RecordForm>
  );
}
