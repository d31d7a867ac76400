import { Select, TextInput } from '@mantine/core';
import { z } from 'zod';
import { DEVICE_KIND, DEVICE_MESSAGES, deviceAliasSchema, isDeviceAliasTaken, type Device } from '../../../domain';
import { t } from '../../../i18n';
import { catalogued, RecordForm, useRecordForm, wordsOfMessages, type FieldProblems } from '../../../ui';
import { queueAssignDevice } from '../api/devices';

/**
 * What the form holds: the device chosen and its alias. A refused assignment comes back to the
 * draft as its body ({ alias, organizationUuid }): the device is then chosen again.
 */
const formValueSchema = z.object({ device: z.string().default(''), alias: z.string() });
type FormValue = z.output<typeof formValueSchema>;

const RULE_MESSAGE = { ...wordsOfMessages(DEVICE_MESSAGES, ['aliasRequired', 'aliasTooLong', 'aliasTaken'], (name) => `devices.error.${name}` as const) };
const inCatalogue = catalogued(RULE_MESSAGE);

interface DeviceFormProps {
  org: string;
  userUuid: string;
  /** the device to rename; null assigns one of `unassigned` */
  record: Device | null;
  /** devices of no organization, to choose from */
  unassigned: readonly Device[];
  /** the organization's devices (those on their way out left out): an alias is unique among them, case ignored */
  others: readonly Pick<Device, 'uuid' | 'alias'>[];
  onClose(): void;
}

/**
 * Assign an unassigned device to the organization under an alias, or rename one of its devices:
 * the alias is required, at most 50 characters and unique in the organization (case ignored),
 * said in the form before anything is queued. Saved through the outbox (PUT …/assign).
 */
export function DeviceForm({ org, userUuid, record, unassigned, others, onClose }: DeviceFormProps) {
  const form = useRecordForm({
    scope: { userUuid, orgUuid: org, kind: DEVICE_KIND, recordId: record?.uuid ?? 'new' },
    initial: { device: record?.uuid ?? '', alias: record?.alias ?? '' },
    baseVersion: record?.version ?? null,
    schema: formValueSchema,
    check: (value: FormValue) => {
      const device = record ?? unassigned.find((candidate) => candidate.uuid === value.device) ?? null;
      const alias = deviceAliasSchema.safeParse(value.alias);
      const problems: FieldProblems<keyof FormValue> = {
        device: device ? undefined : t('devices.error.deviceRequired'),
        alias: inCatalogue(alias.success ? (isDeviceAliasTaken(alias.data, others, device?.uuid ?? null) ? DEVICE_MESSAGES.aliasTaken : undefined) : alias.error.issues[0]?.message),
      };
      return { problems, input: device && alias.success ? { device, alias: alias.data } : null };
    },
    commit: ({ device, alias }, base) => queueAssignDevice(org, userUuid, base === null ? device : { ...device, version: base }, alias, { userUuid, orgUuid: org, kind: DEVICE_KIND, recordId: record?.uuid ?? 'new' }),
    onClose,
  });
  const errors = form.attempted ? form.checked.problems : {};

  return (
    <RecordForm form={form} errorTitle={t('devices.errorMessage')} cancelLabel={t('devices.form.cancel')} saveLabel={t('devices.form.save')}>
      {record === null && (
        <Select
          label={t('devices.form.device')}
          placeholder={unassigned.length === 0 ? t('devices.form.noUnassigned') : t('devices.form.devicePlaceholder')}
          required
          searchable
          data-autofocus
          data={unassigned.map((device) => ({ value: device.uuid, label: t('devices.form.deviceOption', { serial: device.serial, model: device.model }) }))}
          value={form.value.device === '' ? null : form.value.device}
          error={errors.device}
          disabled={!form.draft.ready}
          onChange={(device) => form.set({ device: device ?? '' })}
        />
      )}
      <TextInput
        ref={record === null ? undefined : form.firstField}
        data-autofocus={record === null ? undefined : true}
        label={t('devices.form.alias')}
        description={t('devices.form.aliasDescription')}
        required
        maxLength={60}
        {...form.text('alias', errors.alias)}
      />
    </RecordForm>
  );
}
