import { useState } from 'react';
import { Select, Stack } from '@mantine/core';
import { z } from 'zod';
import type { Unit } from '../../../domain';
import { t } from '../../../i18n';
import type { DraftScope } from '../../../offline';
import { DualListSelector, FormModal, RecordForm, useRecordForm } from '../../../ui';
import { queueUnitDevices, UNIT_DEVICES_KIND, unitScopeOf, type DeviceRow } from '../api/devices';

/**
 * What the form holds: the aliases the unit is to have. A refused save comes back to the draft as
 * its body, the list of aliases itself, which is read as the same value.
 */
const formValueSchema = z.union([z.object({ aliases: z.array(z.string()) }), z.array(z.string()).transform((aliases) => ({ aliases }))]);
type FormValue = { aliases: string[] };

export const unitDevicesDraft = (userUuid: string, org: string, ou: string): DraftScope => ({ userUuid, orgUuid: org, kind: UNIT_DEVICES_KIND, recordId: ou });

interface UnitDevicesFormProps {
  org: string;
  userUuid: string;
  unit: Pick<Unit, 'uuid' | 'name'>;
  /** the organization's devices; one on its way out is shown and cannot be added */
  devices: readonly DeviceRow[];
  onClose(): void;
}

/** The devices of one unit, chosen with the dual list; Save replaces the unit's set through the outbox. */
function UnitDevicesForm({ org, userUuid, unit, devices, onClose }: UnitDevicesFormProps) {
  const initial: FormValue = { aliases: devices.filter((device) => device.ouUuids.includes(unit.uuid)).map((device) => device.alias) };
  const draft = unitDevicesDraft(userUuid, org, unit.uuid);
  const form = useRecordForm({
    scope: draft,
    initial,
    baseVersion: null,
    schema: formValueSchema as z.ZodType<FormValue>,
    check: (value: FormValue) => ({ problems: {}, input: value.aliases }),
    commit: (aliases) => queueUnitDevices(unitScopeOf(org, unit.uuid), userUuid, aliases, unit.name, draft),
    onClose,
  });
  const items = devices.map((device) => ({ value: device.alias, label: `${device.alias} (${device.serial})`, disabled: device.removal !== null }));
  return (
    <RecordForm form={form} errorTitle={t('devices.units.refusedTitle', { unit: unit.name })} cancelLabel={t('devices.form.cancel')} saveLabel={t('devices.form.save')}>
      <DualListSelector
        label={t('devices.units.devices')}
        availableTitle={t('devices.units.available')}
        selectedTitle={t('devices.units.selected')}
        items={items}
        value={form.value.aliases}
        disabled={!form.draft.ready}
        onChange={(aliases) => form.set({ aliases })}
      />
    </RecordForm>
  );
}

interface UnitDevicesModalProps {
  org: string;
  userUuid: string;
  /** the units the user may set up */
  units: readonly Unit[];
  devices: readonly DeviceRow[];
  /** the unit to open on (a refused save's), or undefined: the modal is closed; null: none chosen yet */
  unit: string | null | undefined;
  onClose(): void;
}

/** Assign devices to a unit: choose one of the units the user sets up, then its devices. */
export function UnitDevicesModal({ org, userUuid, units, devices, unit: opening, onClose }: UnitDevicesModalProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [openedOn, setOpenedOn] = useState<string | null | undefined>(undefined);
  // each opening starts on the unit it was opened for
  if (openedOn !== opening) {
    setOpenedOn(opening);
    setChosen(opening ?? null);
  }
  const unit = units.find((candidate) => candidate.uuid === chosen) ?? null;
  return (
    <FormModal opened={opening !== undefined} onClose={onClose} title={t('devices.units.formTitle')} size={900}>
      <Stack gap="md">
        <Select
          label={t('devices.units.unit')}
          placeholder={units.length === 0 ? t('devices.units.noUnits') : t('devices.units.unitPlaceholder')}
          required
          searchable
          data-autofocus={unit === null ? true : undefined}
          data={units.map((candidate) => ({ value: candidate.uuid, label: candidate.name }))}
          value={chosen}
          onChange={setChosen}
        />
        {unit && <UnitDevicesForm key={unit.uuid} org={org} userUuid={userUuid} unit={unit} devices={devices} onClose={onClose} />}
      </Stack>
    </FormModal>
  );
}
