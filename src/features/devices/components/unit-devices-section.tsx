import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import type { Unit } from '../../../domain';
import { t } from '../../../i18n';
import { useDraftList } from '../../../offline';
import { UNIT_DEVICES_KIND, type DeviceRow } from '../api/devices';
import { UnitDevicesModal } from './unit-devices-form';

interface UnitDevicesSectionProps {
  org: string;
  userUuid: string;
  units: readonly Unit[];
  devices: readonly DeviceRow[];
  /** the modal's unit (null: none chosen yet), or undefined while it is closed */
  opened: string | null | undefined;
  onOpen(unit: string | null | undefined): void;
}

/**
 * "Devices of a unit": the way to the dual list, and each unit's device set the gateway refused
 * (it came back to its draft) with the gateway's words, 'Error occured while updating devices',
 * and the way back to that unit's form.
 */
export function UnitDevicesSection({ org, userUuid, units, devices, opened, onOpen }: UnitDevicesSectionProps) {
  const refused = (useDraftList(userUuid, org, UNIT_DEVICES_KIND) ?? []).filter((draft) => draft.error !== null);
  const nameOf = (ou: string) => units.find((unit) => unit.uuid === ou)?.name ?? ou;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          {t('devices.units.title')}
        </Title>
        <Button variant="light" onClick={() => onOpen(null)} disabled={units.length === 0}>
          {t('devices.units.open')}
        </Button>
      </Group>
      {refused.map((draft) => (
        <Alert key={draft.id} color="red" role="alert" title={t('devices.units.refusedTitle', { unit: nameOf(draft.recordId) })}>
          <Stack gap="xs" align="flex-start">
            {draft.error}
            <Button size="xs" variant="light" color="red" onClick={() => onOpen(draft.recordId)}>
              {t('devices.units.reopen', { unit: nameOf(draft.recordId) })}
            </Button>
          </Stack>
        </Alert>
      ))}
      <UnitDevicesModal org={org} userUuid={userUuid} units={units} devices={devices} unit={opened} onClose={() => onOpen(undefined)} />
    </Stack>
  );
}
