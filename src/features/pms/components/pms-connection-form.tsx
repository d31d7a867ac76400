import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { z } from 'zod';
import { PMS_CONNECTION_TYPES, PMS_CONNECTION_TYPE_LABELS, pmsConnectionFieldErrors, pmsConnectionInputSchema, type PmsConnection } from '../../../domain';
import { t } from '../../../i18n';
import { useDraft, whenSettled, type DraftScope } from '../../../offline';
import { PMS_CONNECTION_KIND, queueCreate, queueUpdate } from '../api/pms-connections';
import { SAVE_VERDICT_WAIT_MS, showSaveOutcome } from './save-outcome';

/** What the form holds while typing: the port stays as typed until it is checked. */
const formValueSchema = z.object({
  name: z.string(),
  type: z.string(),
  host: z.string(),
  port: z.union([z.number(), z.string()]),
});
type FormValue = z.infer<typeof formValueSchema>;

const EMPTY: FormValue = { name: '', type: '', host: '', port: '' };
const fromRecord = (record: PmsConnection): FormValue => ({ name: record.name, type: record.type, host: record.host, port: record.port });

const typeOptions = PMS_CONNECTION_TYPES.map((value) => ({ value, label: PMS_CONNECTION_TYPE_LABELS[value] }));

interface PmsConnectionFormProps {
  org: string;
  userUuid: string;
  /** the connection to edit (as shown, queued changes included); null adds one */
  record: PmsConnection | null;
  onClose: () => void;
}

/**
 * Add or edit a PMS connection. Every keystroke is kept as a draft (restored after a reload with
 * the time it was saved); Save is offered once something differs from the record, checks the
 * fields, queues the change in the outbox and then says what became of it (showSaveOutcome).
 */
export function PmsConnectionForm({ org, userUuid, record, onClose }: PmsConnectionFormProps) {
  const scope: DraftScope = { userUuid, orgUuid: org, kind: PMS_CONNECTION_KIND, recordId: record?.uuid ?? 'new' };
  const initial = record ? fromRecord(record) : EMPTY;
  const draft = useDraft<FormValue>({ scope, initial, baseVersion: record?.version ?? null, schema: formValueSchema });
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  const value = draft.value;
  const candidate = { ...value, port: typeof value.port === 'number' ? value.port : value.port.trim() === '' ? undefined : Number(value.port) };
  const errors = attempted ? pmsConnectionFieldErrors(candidate) : {};
  const set = (patch: Partial<FormValue>) => draft.setValue({ ...value, ...patch });

  async function save() {
    if (!draft.changed) return;
    setAttempted(true);
    const parsed = pmsConnectionInputSchema.safeParse(candidate);
    if (!parsed.success) return;
    setSaving(true);
    try {
      const queued = record
        ? await queueUpdate(org, userUuid, record, draft.restoredBaseVersion ?? record.version, parsed.data, scope)
        : await queueCreate(org, userUuid, parsed.data, scope);
      await draft.clear();
      onClose();
      // The change is safe in the outbox now; say what the gateway made of it, as far as known soon.
      void whenSettled(queued.seq, SAVE_VERDICT_WAIT_MS).then((outcome) => showSaveOutcome(outcome, () => void navigate('/sync')));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        {draft.restoredAt !== null && (
          <Alert color="blue" variant="light" role="status" py="xs">
            <Group justify="space-between" wrap="nowrap">
              <span>{t('draft.restored', { time: new Date(draft.restoredAt).toLocaleString() })}</span>
              <Button size="xs" variant="subtle" flex="none" onClick={() => void draft.discard()}>
                {t('draft.discard')}
              </Button>
            </Group>
          </Alert>
        )}
        {draft.error !== null && (
          <Alert color="red" role="alert" title={t('pms.errorMessage')}>
            {t('draft.refused', { message: draft.error })}
          </Alert>
        )}
        <TextInput label={t('pms.form.name')} required value={value.name} error={errors.name} disabled={!draft.ready} onChange={(event) => set({ name: event.currentTarget.value })} />
        <Select
          label={t('pms.form.type')}
          placeholder={t('pms.form.typePlaceholder')}
          required
          data={typeOptions}
          value={value.type === '' ? null : value.type}
          error={errors.type}
          disabled={!draft.ready}
          allowDeselect={false}
          onChange={(type) => set({ type: type ?? '' })}
        />
        <TextInput label={t('pms.form.host')} required value={value.host} error={errors.host} disabled={!draft.ready} onChange={(event) => set({ host: event.currentTarget.value })} />
        <NumberInput
          label={t('pms.form.port')}
          required
          min={1}
          max={65535}
          allowDecimal={false}
          allowNegative={false}
          value={value.port}
          error={errors.port}
          disabled={!draft.ready}
          onChange={(port) => set({ port })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('pms.form.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={!draft.ready || !draft.changed}>
            {t('pms.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
