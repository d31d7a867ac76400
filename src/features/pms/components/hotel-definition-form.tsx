import { Alert, Fieldset, Select, TextInput } from '@mantine/core';
import { z } from 'zod';
import { ACCESS_KEY_CHOICES, CARD_TYPES, HOTEL_MESSAGES, HOTEL_NAME_MAX, hotelDefinitionInputSchema, type HotelDefinition } from '../../../domain';
import { t } from '../../../i18n';
import { RecordForm, useResourceForm, type FormValueDeclaration, type ResourceFormProps } from '../../../ui';
import { hotelDefinitions } from '../api/hotel-resources';
import { usePmsConnectionRows } from '../api/pms-connections';
import { ROOM_ACCESS_BLANK, RoomAccessFields, roomAccessFields, roomAccessOf, roomAccessProblems, type RoomAccessValues } from './room-access-fields';

/** What the form holds while typing, and what its draft keeps. */
const formValueSchema = z.object({
  name: z.string(),
  externalId: z.string(),
  pmsConnectionUuid: z.string().nullable(),
  roomAccess: z.object({
    isManualRoomEntryEnabled: z.boolean(),
    isRoomCardReadingEnabled: z.boolean(),
    cardType: z.enum(CARD_TYPES).nullable(),
    magneticCardTrack: z.number().int(),
    contactlessCardSector: z.number().int(),
    accessKey: z.enum(ACCESS_KEY_CHOICES),
    contactlessCardKeyId: z.number().int(),
    contactlessCardPassword: z.string(),
  }) satisfies z.ZodType<RoomAccessValues>,
});
type FormValue = z.output<typeof formValueSchema>;

const EMPTY: FormValue = { name: '', externalId: '', pmsConnectionUuid: null, roomAccess: ROOM_ACCESS_BLANK };
const fromRecord = (record: HotelDefinition): FormValue => ({
  name: record.name,
  externalId: record.externalId,
  pmsConnectionUuid: record.pmsConnectionUuid,
  roomAccess: roomAccessOf(record),
});

type Field = 'name' | 'externalId' | 'pmsConnectionUuid';

const DEFINITION_VALUE: FormValueDeclaration<HotelDefinition, FormValue> = { blank: EMPTY, fromRecord, schema: formValueSchema };

/**
 * Add or edit a PMS hotel definition (spec sections 3, 5 and 7), inside a FormModal: its name (cut
 * to 50 characters), Property ID, PMS connection and room access. Like the PMS connection form it
 * keeps every keystroke as a draft, asks before closing with changes, offers Save once something
 * differs, checks the definition with the domain's rules (nothing is queued while something is
 * wrong) and queues the normalised definition in the outbox, then says what became of it.
 */
export function HotelDefinitionForm({ org, ...props }: ResourceFormProps<HotelDefinition> & { org: string }) {
  const { record } = props;
  const form = useResourceForm(hotelDefinitions, org, props, DEFINITION_VALUE, (value) => {
    const candidate = { name: value.name, externalId: value.externalId, pmsConnectionUuid: value.pmsConnectionUuid, hotelUuid: record?.hotelUuid ?? null, ...roomAccessFields(value.roomAccess) };
    const parsed = hotelDefinitionInputSchema.safeParse(candidate);
    const problems: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'externalId' || field === 'pmsConnectionUuid') && problems[field] === undefined) problems[field] = issue.message;
      }
    }
    // the room access fields say their own problems
    const roomProblems = roomAccessProblems(value.roomAccess);
    return { problems, parsed, roomProblems, input: parsed.success && roomProblems === null ? parsed.data : null };
  });
  const { value, set, draft, attempted } = form;
  const { problems: fieldErrors, parsed, roomProblems } = form.checked;
  const { rows: connectionRows } = usePmsConnectionRows(org);
  // connections on their way out are not offered, unless this definition names one
  const connections = (connectionRows ?? []).filter((row) => row.removal === null || row.uuid === value.pmsConnectionUuid);
  const noConnections = connectionRows !== null && connections.length === 0;
  const errors = attempted ? fieldErrors : {};

  return (
    <RecordForm form={form} errorTitle={t('pms.errorMessage')} cancelLabel={t('hotelDefinitions.form.cancel')} saveLabel={t('hotelDefinitions.form.save')}>
      <TextInput
        ref={form.firstField}
        data-autofocus
        label={t('hotelDefinitions.form.name')}
        required
        maxLength={HOTEL_NAME_MAX}
        value={value.name}
        error={errors.name}
        disabled={!draft.ready}
        onChange={(event) => set({ name: event.currentTarget.value.slice(0, HOTEL_NAME_MAX) })}
      />
      <TextInput label={t('hotelDefinitions.form.propertyId')} description={t('hotelDefinitions.form.propertyIdHelp')} {...form.text('externalId', errors.externalId)} />
      <Select
        label={t('hotelDefinitions.form.connection')}
        placeholder={t('hotelDefinitions.form.connectionPlaceholder')}
        description={noConnections ? t('hotelDefinitions.form.noConnections') : undefined}
        data={connections.map((connection) => ({ value: connection.uuid, label: connection.name }))}
        value={value.pmsConnectionUuid}
        error={errors.pmsConnectionUuid}
        disabled={!draft.ready}
        clearable
        clearButtonProps={{ 'aria-label': t('hotelDefinitions.form.clearConnection'), 'aria-hidden': false, tabIndex: 0 }}
        onChange={(pmsConnectionUuid) => set({ pmsConnectionUuid })}
      />
      <Fieldset legend={t('hotelDefinitions.form.roomAccess')} variant="unstyled">
        <RoomAccessFields idPrefix="hotel-definition-room-access" value={value.roomAccess} showErrors={attempted} readOnly={!draft.ready} onChange={(roomAccess) => set({ roomAccess })} />
      </Fieldset>
      {attempted && !parsed.success && roomProblems === null && Object.keys(fieldErrors).length === 0 && (
        // a rule the fields do not show (the domain's own): said rather than silently refused
        <Alert color="red" role="alert" title={t('pms.errorMessage')}>
          {parsed.error.issues[0]?.message ?? HOTEL_MESSAGES.deleteFailed}
        </Alert>
      )}
    </RecordForm>
  );
}
