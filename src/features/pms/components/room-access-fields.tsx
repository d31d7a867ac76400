import { Group, Radio, Select, Stack, Switch, Text, type SelectProps } from '@mantine/core';
import {
  CARD_TYPE_LABELS,
  CARD_TYPES,
  CONTACTLESS_CARD_TYPE,
  CONTACTLESS_KEY_INDEX_MAX,
  CONTACTLESS_KEY_INDEX_MIN,
  CONTACTLESS_SECTOR_MAX,
  CONTACTLESS_SECTOR_MIN,
  contactlessPasswordProblems,
  HOTEL_MESSAGES,
  MAGNETIC_CARD_TYPE,
  MAGNETIC_TRACKS,
  ROOM_ACCESS_DEFAULTS,
  ACCESS_KEY_CHOICES,
  type AccessKeyChoice,
  type CardType,
} from '../../../domain';
import { t } from '../../../i18n';
import { PasswordField } from '../../../ui';
import type { HotelDefinitionFormInput } from '../api/hotel-resources';

/**
 * The room-access form of spec section 2 ("Step 1, room access"), sections 3, 5 and 9: how staff
 * find a guest's room (typing it, reading the room card, or both) and, with card reading, which
 * card and how it is read. Controlled: the PMS hotel definition form and the hotel wizard hold the
 * value; roomAccessFields turns it into the definition's fields, roomAccessProblems checks it.
 */
export interface RoomAccessValues {
  isManualRoomEntryEnabled: boolean;
  isRoomCardReadingEnabled: boolean;
  cardType: CardType | null;
  /** 1..3 */
  magneticCardTrack: number;
  /** 1..16 */
  contactlessCardSector: number;
  accessKey: AccessKeyChoice;
  /** 0..15 */
  contactlessCardKeyId: number;
  contactlessCardPassword: string;
}

/** Both switches off, no card chosen, and the defaults of spec section 5: track 1, sector 1, key index 0, access key Index. */
export const ROOM_ACCESS_BLANK: RoomAccessValues = {
  isManualRoomEntryEnabled: false,
  isRoomCardReadingEnabled: false,
  cardType: null,
  magneticCardTrack: ROOM_ACCESS_DEFAULTS.track,
  contactlessCardSector: ROOM_ACCESS_DEFAULTS.sector,
  accessKey: ROOM_ACCESS_DEFAULTS.accessKey,
  contactlessCardKeyId: ROOM_ACCESS_DEFAULTS.keyIndex,
  contactlessCardPassword: '',
};

type RoomAccessKeys =
  | 'isManualRoomEntryEnabled'
  | 'isRoomCardReadingEnabled'
  | 'magneticCardTrack'
  | 'magneticCardType'
  | 'contactlessCardType'
  | 'contactlessCardSector'
  | 'contactlessCardPassword'
  | 'contactlessCardKeyId';
export type RoomAccessDefinitionFields = Pick<HotelDefinitionFormInput, RoomAccessKeys>;

/**
 * The form's value from a hotel definition's (or a HotelDefinitionFormInput's) fields. The form
 * offers one card type: a definition that names a contactless card shows MIFARE Classic, else one
 * with a magnetic type or track shows the Magnetic Stripe Reader. The choices of the other card
 * keep their defaults, so switching card type starts from them.
 */
export function roomAccessOf(fields: RoomAccessDefinitionFields): RoomAccessValues {
  const cardType: CardType | null =
    fields.contactlessCardType !== null ? CONTACTLESS_CARD_TYPE : fields.magneticCardType !== null || fields.magneticCardTrack !== null ? MAGNETIC_CARD_TYPE : null;
  return {
    isManualRoomEntryEnabled: fields.isManualRoomEntryEnabled,
    isRoomCardReadingEnabled: fields.isRoomCardReadingEnabled,
    cardType,
    magneticCardTrack: fields.magneticCardTrack ?? ROOM_ACCESS_DEFAULTS.track,
    contactlessCardSector: fields.contactlessCardSector ?? ROOM_ACCESS_DEFAULTS.sector,
    accessKey: fields.contactlessCardPassword !== null ? 'PASSWORD' : 'INDEX',
    contactlessCardKeyId: fields.contactlessCardKeyId ?? ROOM_ACCESS_DEFAULTS.keyIndex,
    contactlessCardPassword: fields.contactlessCardPassword ?? '',
  };
}

/**
 * Back to the definition's fields (spec sections 3 and 5): no card fields without card reading;
 * the magnetic type is MICROS whenever the magnetic card is chosen; the password is sent only with
 * Enter Password (and then no key index), the key index only with Index Selection.
 */
export function roomAccessFields(values: RoomAccessValues): RoomAccessDefinitionFields {
  const cards = values.isRoomCardReadingEnabled;
  const magnetic = cards && values.cardType === MAGNETIC_CARD_TYPE;
  const contactless = cards && values.cardType === CONTACTLESS_CARD_TYPE;
  const password = contactless && values.accessKey === 'PASSWORD';
  return {
    isManualRoomEntryEnabled: values.isManualRoomEntryEnabled,
    isRoomCardReadingEnabled: cards,
    magneticCardTrack: magnetic ? values.magneticCardTrack : null,
    magneticCardType: magnetic ? MAGNETIC_CARD_TYPE : null,
    contactlessCardType: contactless ? CONTACTLESS_CARD_TYPE : null,
    contactlessCardSector: contactless ? values.contactlessCardSector : null,
    contactlessCardPassword: password ? values.contactlessCardPassword : null,
    contactlessCardKeyId: contactless && !password ? values.contactlessCardKeyId : null,
  };
}

/** Whether the password field is shown (and its checks apply): card reading, MIFARE Classic, Enter Password. */
const asksPassword = (values: RoomAccessValues) => values.isRoomCardReadingEnabled && values.cardType === CONTACTLESS_CARD_TYPE && values.accessKey === 'PASSWORD';

/**
 * What keeps the room access from being saved (spec section 5), or null: at least one of manual
 * room entry and room card reading on; with Enter Password, exactly 12 uppercase hexadecimal characters.
 */
export function roomAccessProblems(values: RoomAccessValues): { roomAccess?: string; password?: string[] } | null {
  const problems: { roomAccess?: string; password?: string[] } = {};
  if (!values.isManualRoomEntryEnabled && !values.isRoomCardReadingEnabled) problems.roomAccess = HOTEL_MESSAGES.roomAccessRequired;
  if (asksPassword(values)) {
    const password = contactlessPasswordProblems(values.contactlessCardPassword);
    if (password.length > 0) problems.password = password;
  }
  return problems.roomAccess === undefined && problems.password === undefined ? null : problems;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const numberOptions = (values: readonly number[]) => values.map((value) => ({ value, label: String(value) }));
const TRACK_OPTIONS = numberOptions(MAGNETIC_TRACKS);
const SECTOR_OPTIONS = numberOptions(range(CONTACTLESS_SECTOR_MIN, CONTACTLESS_SECTOR_MAX));
const KEY_INDEX_OPTIONS = numberOptions(range(CONTACTLESS_KEY_INDEX_MIN, CONTACTLESS_KEY_INDEX_MAX));
const CARD_TYPE_OPTIONS = CARD_TYPES.map((type) => ({ value: type, label: CARD_TYPE_LABELS[type] }));

export interface RoomAccessFieldsProps {
  value: RoomAccessValues;
  onChange(next: RoomAccessValues): void;
  /** makes the ids of its controls unique on the page (the wizard shows the form twice) */
  idPrefix: string;
  readOnly?: boolean;
  /** show every problem (after Save was tried); the password checks show anyway once something is typed */
  showErrors?: boolean;
}

/**
 * The room-access controls: a description, the two switches and, with card reading, the card type
 * with its track (Magnetic Stripe Reader) or its sector and access key (MIFARE Classic: a key index
 * 0 to 15, or a password whose two checks show under it while typing). Typed passwords are uppercased.
 */
export function RoomAccessFields({ value, onChange, idPrefix, readOnly = false, showErrors = false }: RoomAccessFieldsProps) {
  const set = (patch: Partial<RoomAccessValues>) => onChange({ ...value, ...patch });
  const problems = roomAccessProblems(value);
  const id = (part: string) => `${idPrefix}-${part}`;
  const cards = value.isRoomCardReadingEnabled;
  const passwordProblems = asksPassword(value) && (showErrors || value.contactlessCardPassword !== '') ? (problems?.password ?? []) : [];
  const roomAccessError = showErrors ? problems?.roomAccess : undefined;
  /** one of the two switches; the room-access error under them marks both */
  const toggle = (part: string, label: string, checked: boolean, patch: (on: boolean) => Partial<RoomAccessValues>) => (
    <Switch
      id={id(part)}
      label={label}
      checked={checked}
      disabled={readOnly}
      aria-invalid={roomAccessError ? true : undefined}
      aria-describedby={roomAccessError ? id('room-access-error') : undefined}
      onChange={(event) => set(patch(event.currentTarget.checked))}
    />
  );
  /** a card setting chosen from a list, never left empty */
  const choose = <T extends string | number>(part: string, props: Pick<SelectProps<T>, 'label' | 'placeholder' | 'data' | 'value' | 'onChange'>) => (
    <Select<T> id={id(part)} allowDeselect={false} disabled={readOnly} {...props} />
  );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" id={id('description')}>
        {t('roomAccess.description')}
      </Text>
      {toggle('manual-entry', t('roomAccess.manualEntry'), value.isManualRoomEntryEnabled, (on) => ({ isManualRoomEntryEnabled: on }))}
      {toggle('card-reading', t('roomAccess.cardReading'), cards, (on) => ({ isRoomCardReadingEnabled: on }))}
      {roomAccessError && (
        <Text size="sm" c="red" id={id('room-access-error')} role="alert">
          {roomAccessError}
        </Text>
      )}
      {cards &&
        choose<CardType>('card-type', {
          label: t('roomAccess.cardType'),
          placeholder: t('roomAccess.cardTypePlaceholder'),
          data: CARD_TYPE_OPTIONS,
          value: value.cardType,
          onChange: (cardType) => set({ cardType }),
        })}
      {cards &&
        value.cardType === MAGNETIC_CARD_TYPE &&
        choose<number>('track', { label: t('roomAccess.track'), data: TRACK_OPTIONS, value: value.magneticCardTrack, onChange: (track) => set({ magneticCardTrack: track ?? ROOM_ACCESS_DEFAULTS.track }) })}
      {cards && value.cardType === CONTACTLESS_CARD_TYPE && (
        <>
          {choose<number>('sector', { label: t('roomAccess.sector'), data: SECTOR_OPTIONS, value: value.contactlessCardSector, onChange: (sector) => set({ contactlessCardSector: sector ?? ROOM_ACCESS_DEFAULTS.sector }) })}
          <Radio.Group<AccessKeyChoice> label={t('roomAccess.accessKey')} value={value.accessKey} name={id('access-key')} disabled={readOnly} onChange={(accessKey) => set({ accessKey })}>
            <Group gap="lg" mt={4}>
              {ACCESS_KEY_CHOICES.map((choice) => (
                <Radio key={choice} id={id(`access-key-${choice}`)} value={choice} label={t(choice === 'INDEX' ? 'roomAccess.accessKey.INDEX' : 'roomAccess.accessKey.PASSWORD')} />
              ))}
            </Group>
          </Radio.Group>
          {value.accessKey === 'INDEX' ? (
            choose<number>('key-index', { label: t('roomAccess.keyIndex'), data: KEY_INDEX_OPTIONS, value: value.contactlessCardKeyId, onChange: (keyId) => set({ contactlessCardKeyId: keyId ?? ROOM_ACCESS_DEFAULTS.keyIndex }) })
          ) : (
            <PasswordField
              id={id('password')}
              label={t('roomAccess.password')}
              description={t('roomAccess.passwordDescription')}
              required
              autoComplete="off"
              spellCheck={false}
              value={value.contactlessCardPassword}
              disabled={readOnly}
              error={
                passwordProblems.length > 0 ? (
                  <>
                    {passwordProblems.map((problem) => (
                      <span key={problem} style={{ display: 'block' }}>
                        {problem}
                      </span>
                    ))}
                  </>
                ) : undefined
              }
              onChange={(event) => set({ contactlessCardPassword: event.currentTarget.value.toUpperCase() })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
