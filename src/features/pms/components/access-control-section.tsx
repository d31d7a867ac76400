import { useMemo, useState } from 'react';
import { Alert, Box, Button, Checkbox, Fieldset, Group, Select, Stack, Text } from '@mantine/core';
import { ACCESS_CONTROL_ID_METHODS, ACCESS_TABLE_HOTELS, ACCESS_TABLE_PACKAGES_PER_HOTEL, type AccessControlIdMethod } from '../../../domain';
import { plural, t } from '../../../i18n';
import { useCheckedForm, useFormModalGuard, type DataTableColumn } from '../../../ui';
import { defaultHotelValueOf, hotelOfDefault, type AccessServiceItem, type HotelPackages } from './hotel-items';
import { useWizardList, WizardItemForm, wizardListWords, type WizardListMarks } from './wizard-list';

/** A service name's longest form (the gateway's rule). */
const SERVICE_NAME_MAX = 100;

export interface AccessControlSectionProps {
  items: readonly AccessServiceItem[];
  /** the current hotel (current: true) first, then the organization's other hotels with definitions */
  hotels: readonly HotelPackages[];
  onChange(next: AccessServiceItem[]): void;
  /** why the services could not be read (the gateway's message), shown in place of the table; null: read */
  loadError?: string | null;
  /** the rows the last save touched, and what the removal question says of when it takes effect */
  marks?: WizardListMarks;
}


/** The hotels a service names, in the order of `hotels` (unknown ones last), each with the IDs of its packages that still exist. */
function hotelsOfService(item: AccessServiceItem, hotels: readonly HotelPackages[]): { key: string; name: string; packageIds: string[] }[] {
  const byHotel = new Map<string, string[]>();
  for (const entry of item.hotelsAndPackages) {
    const list = byHotel.get(entry.hotelDefinitionUuid);
    if (list) list.push(entry.pmsPackageUuid);
    else byHotel.set(entry.hotelDefinitionUuid, [entry.pmsPackageUuid]);
  }
  const shown: { key: string; name: string; packageIds: string[] }[] = [];
  for (const hotel of hotels) {
    const named = byHotel.get(hotel.definitionUuid);
    if (!named) continue;
    byHotel.delete(hotel.definitionUuid);
    const idOf = new Map(hotel.packages.map((entry) => [entry.localId, entry.externalId]));
    shown.push({ key: hotel.definitionUuid, name: hotel.name, packageIds: named.flatMap((localId) => idOf.get(localId) ?? []) });
  }
  // spec section 8: a hotel the organization no longer has reads 'undefined uuid'
  for (const key of byHotel.keys()) shown.push({ key, name: t('accessControl.hotelMissing'), packageIds: [] });
  return shown;
}

/**
 * The Access Control (package access) section of the hotel wizard's step 3 (spec section 2): the
 * hotel's access services, each with the hotels and packages it opens (4 packages per hotel and 2
 * hotels, then how many more), 'Add access service', Edit and Remove. It edits the list it is given
 * and hands the whole new list to `onChange`; the wizard saves it with the hotel.
 */
export function AccessControlSection({ items, hotels, onChange, loadError = null, marks }: AccessControlSectionProps) {
  const list = useWizardList<AccessServiceItem, ServiceValue>(items, onChange, wizardListWords('accessControl'), marks);

  const columns: DataTableColumn<AccessServiceItem>[] = [
    { key: 'name', header: t('accessControl.column.name'), cell: (item) => item.name, sort: (item) => item.name },
    {
      key: 'hotels',
      header: t('accessControl.column.hotels'),
      cell: (item) => {
        const named = hotelsOfService(item, hotels);
        const moreHotels = named.length - ACCESS_TABLE_HOTELS;
        return (
          <Stack gap={2}>
            {named.slice(0, ACCESS_TABLE_HOTELS).map((hotel) => {
              const morePackages = hotel.packageIds.length - ACCESS_TABLE_PACKAGES_PER_HOTEL;
              return (
                <Text key={hotel.key} size="sm">
                  <Text span inherit fw={600}>
                    {hotel.name}
                  </Text>
                  {': '}
                  {hotel.packageIds.length === 0 ? t('accessControl.noPackages') : hotel.packageIds.slice(0, ACCESS_TABLE_PACKAGES_PER_HOTEL).join(', ')}
                  {morePackages > 0 && ` ${t('accessControl.morePackages', { count: morePackages })}`}
                </Text>
              );
            })}
            {moreHotels > 0 && (
              <Text size="sm" c="dimmed">
                {plural('accessControl.moreHotels', moreHotels)}
              </Text>
            )}
          </Stack>
        );
      },
    },
    list.editColumn,
    list.removeColumn,
  ];

  return (
    <Stack gap="md">
      {list.header(
        <Button onClick={list.add} disabled={loadError !== null}>
          {t('accessControl.add')}
        </Button>,
      )}
      {/* spec section 8: the services could not be read: the message text, in place of the table */}
      {loadError !== null ? (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      ) : (
        list.table(columns)
      )}
      {list.modal(500, (item, onSave, onClose) => <AccessServiceForm item={item} hotels={hotels} onSave={onSave} onClose={onClose} />)}
    </Stack>
  );
}

type ServiceValue = Pick<AccessServiceItem, 'name' | 'hotelsAndPackages' | 'defaultHotelUuid' | 'idMethods'>;

interface FormState {
  name: string;
  /** definition uuids of the hotels included */
  included: string[];
  /** per included hotel, the localIds of its packages checked */
  chosen: Record<string, string[]>;
  /** definition uuid of the default hotel */
  defaultHotel: string | null;
  idMethods: AccessControlIdMethod[];
}

function initialState(item: AccessServiceItem | null, hotels: readonly HotelPackages[]): FormState {
  const current = hotels.find((hotel) => hotel.current);
  const chosen: Record<string, string[]> = {};
  const included = new Set<string>(current ? [current.definitionUuid] : []);
  for (const hotel of hotels) {
    const live = new Set(hotel.packages.map((entry) => entry.localId));
    const named = (item?.hotelsAndPackages ?? []).filter((entry) => entry.hotelDefinitionUuid === hotel.definitionUuid);
    if (named.length > 0) included.add(hotel.definitionUuid);
    chosen[hotel.definitionUuid] = named.map((entry) => entry.pmsPackageUuid).filter((localId) => live.has(localId));
  }
  const defaultHotel = hotelOfDefault(hotels, item?.defaultHotelUuid ?? null);
  if (defaultHotel) included.add(defaultHotel.definitionUuid);
  return {
    name: item?.name ?? '',
    included: hotels.filter((hotel) => included.has(hotel.definitionUuid)).map((hotel) => hotel.definitionUuid),
    chosen,
    defaultHotel: defaultHotel?.definitionUuid ?? current?.definitionUuid ?? null,
    idMethods: ACCESS_CONTROL_ID_METHODS.filter((method) => item?.idMethods.includes(method)),
  };
}

/** What the form saves: live packages only, in the hotels' order; the default hotel one of those included. */
function valueOf(state: FormState, hotels: readonly HotelPackages[]): ServiceValue {
  const hotelsAndPackages: ServiceValue['hotelsAndPackages'] = [];
  for (const hotel of hotels) {
    if (!state.included.includes(hotel.definitionUuid)) continue;
    const checked = new Set(state.chosen[hotel.definitionUuid] ?? []);
    for (const entry of hotel.packages) if (checked.has(entry.localId)) hotelsAndPackages.push({ hotelDefinitionUuid: hotel.definitionUuid, pmsPackageUuid: entry.localId });
  }
  const defaultHotel = hotels.find((hotel) => hotel.definitionUuid === state.defaultHotel && state.included.includes(hotel.definitionUuid)) ?? hotels.find((hotel) => hotel.current);
  return { name: state.name.trim(), hotelsAndPackages, defaultHotelUuid: defaultHotel ? defaultHotelValueOf(defaultHotel) : null, idMethods: state.idMethods };
}

/** Whether a service names a hotel or a package that no longer exists. */
function namesMissing(item: AccessServiceItem, hotels: readonly HotelPackages[]): boolean {
  const live = new Map(hotels.map((hotel) => [hotel.definitionUuid, new Set(hotel.packages.map((entry) => entry.localId))]));
  return item.hotelsAndPackages.some((entry) => !live.get(entry.hotelDefinitionUuid)?.has(entry.pmsPackageUuid));
}

interface AccessServiceFormProps {
  item: AccessServiceItem | null;
  hotels: readonly HotelPackages[];
  onSave: (value: ServiceValue) => void;
  onClose: () => void;
}

/**
 * Create or edit an access service: its name (required), per hotel whether it is included and
 * which of its packages (the current hotel always included), the default hotel among those
 * included, and the ID methods. Packages the service names that no longer exist are said to be
 * missing and left out of what is saved.
 */
function AccessServiceForm({ item, hotels, onSave, onClose }: AccessServiceFormProps) {
  const [initial] = useState(() => initialState(item, hotels));
  const [state, setState] = useState(initial);
  const { attempted, formRef, submit } = useCheckedForm();
  const words = wizardListWords('accessControl');
  const missing = useMemo(() => item !== null && namesMissing(item, hotels), [item, hotels]);

  const name = state.name.trim();
  const nameError = name === '' ? t('accessControl.error.nameRequired') : name.length > SERVICE_NAME_MAX ? t('accessControl.error.nameTooLong') : undefined;
  const dirty = JSON.stringify(valueOf(state, hotels)) !== JSON.stringify(valueOf(initial, hotels));
  const includedHotels = hotels.filter((hotel) => state.included.includes(hotel.definitionUuid));

  const save = () => submit(nameError !== undefined, () => onSave(valueOf(state, hotels)));

  const { requestClose } = useFormModalGuard({ dirty, discard: () => undefined, save }, onClose);

  const setIncluded = (hotel: HotelPackages, on: boolean) =>
    setState((previous) => {
      if (hotel.current) return previous;
      const included = on ? hotels.filter((other) => other.definitionUuid === hotel.definitionUuid || previous.included.includes(other.definitionUuid)).map((other) => other.definitionUuid) : previous.included.filter((uuid) => uuid !== hotel.definitionUuid);
      const defaultHotel = included.includes(previous.defaultHotel ?? '') ? previous.defaultHotel : (hotels.find((other) => other.current)?.definitionUuid ?? included[0] ?? null);
      return { ...previous, included, defaultHotel, chosen: on ? previous.chosen : { ...previous.chosen, [hotel.definitionUuid]: [] } };
    });

  return (
    <WizardItemForm formRef={formRef} words={words} missing={missing} name={{ label: t('accessControl.form.name'), value: state.name, error: attempted ? nameError : undefined, onChange: (value) => setState((previous) => ({ ...previous, name: value })) }} onSave={save} onCancel={requestClose}>
      <Fieldset legend={t('accessControl.form.hotels')} variant="unstyled">
        <Stack gap="md">
          {hotels.map((hotel) => {
            const on = state.included.includes(hotel.definitionUuid);
            return (
              <Stack key={hotel.definitionUuid} gap="xs">
                <Checkbox
                  label={hotel.name}
                  description={hotel.current ? t('accessControl.form.currentHotel') : undefined}
                  checked={on}
                  disabled={hotel.current}
                  onChange={(event) => setIncluded(hotel, event.currentTarget.checked)}
                />
                {on &&
                  (hotel.packages.length === 0 ? (
                    <Text size="sm" c="dimmed" pl="xl">
                      {t('accessControl.form.hotelNoPackages')}
                    </Text>
                  ) : (
                    <Checkbox.Group
                      label={t('accessControl.form.packagesOf', { name: hotel.name })}
                      value={state.chosen[hotel.definitionUuid] ?? []}
                      onChange={(value) => setState((previous) => ({ ...previous, chosen: { ...previous.chosen, [hotel.definitionUuid]: value } }))}
                      pl="xl"
                    >
                      <Box mah={200} style={{ overflowY: 'auto' }} mt={4}>
                        <Stack gap={6} py={2}>
                          {hotel.packages.map((entry) => (
                            <Checkbox key={entry.localId} value={entry.localId} label={entry.externalId} />
                          ))}
                        </Stack>
                      </Box>
                    </Checkbox.Group>
                  ))}
              </Stack>
            );
          })}
        </Stack>
      </Fieldset>
      <Select
        label={t('accessControl.form.defaultHotel')}
        data={includedHotels.map((hotel) => ({ value: hotel.definitionUuid, label: hotel.name }))}
        value={state.defaultHotel}
        allowDeselect={false}
        onChange={(value) => setState((previous) => ({ ...previous, defaultHotel: value }))}
      />
      <Checkbox.Group
        label={t('accessControl.form.idMethods')}
        value={state.idMethods}
        onChange={(value) => setState((previous) => ({ ...previous, idMethods: ACCESS_CONTROL_ID_METHODS.filter((method) => value.includes(method)) }))}
      >
        <Group gap="lg" mt={4}>
          {ACCESS_CONTROL_ID_METHODS.map((method) => (
            <Checkbox key={method} value={method} label={t(`accessControl.idMethod.${method}`)} />
          ))}
        </Group>
      </Checkbox.Group>
    </WizardItemForm>
  );
}
