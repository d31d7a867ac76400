import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hotelDefinitionInputSchema } from '../../../domain';
import { renderWithProviders } from '../../../../test/render';
import { ROOM_ACCESS_BLANK, RoomAccessFields, roomAccessFields, roomAccessOf, roomAccessProblems, type RoomAccessValues } from './room-access-fields';

const LENGTH = 'It must contain exactly 12 characters.';
const HEX = 'Only hexadecimal characters are allowed (0-9, A-F).';
const REQUIRED = 'Turn on manual room entry or room card reading';

const mifare = (patch: Partial<RoomAccessValues> = {}): RoomAccessValues => ({ ...ROOM_ACCESS_BLANK, isRoomCardReadingEnabled: true, cardType: 'MIFARE_CLASSIC', ...patch });

describe('roomAccessFields', () => {
  it('sends the password only with Enter Password, and then no key index', () => {
    expect(roomAccessFields(mifare({ accessKey: 'PASSWORD', contactlessCardPassword: 'A1B2C3D4E5F6', contactlessCardKeyId: 7, contactlessCardSector: 4 }))).toEqual({
      isManualRoomEntryEnabled: false,
      isRoomCardReadingEnabled: true,
      magneticCardTrack: null,
      magneticCardType: null,
      contactlessCardType: 'MIFARE_CLASSIC',
      contactlessCardSector: 4,
      contactlessCardPassword: 'A1B2C3D4E5F6',
      contactlessCardKeyId: null,
    });
    // a password typed, then Index Selection chosen: the password stays behind
    expect(roomAccessFields(mifare({ accessKey: 'INDEX', contactlessCardPassword: 'A1B2C3D4E5F6', contactlessCardKeyId: 7 }))).toMatchObject({
      contactlessCardPassword: null,
      contactlessCardKeyId: 7,
    });
  });

  it('fixes the magnetic type to MICROS with the track, and keeps no contactless fields', () => {
    expect(roomAccessFields({ ...ROOM_ACCESS_BLANK, isRoomCardReadingEnabled: true, cardType: 'MICROS', magneticCardTrack: 3, accessKey: 'PASSWORD', contactlessCardPassword: 'A1B2C3D4E5F6' })).toEqual({
      isManualRoomEntryEnabled: false,
      isRoomCardReadingEnabled: true,
      magneticCardTrack: 3,
      magneticCardType: 'MICROS',
      contactlessCardType: null,
      contactlessCardSector: null,
      contactlessCardPassword: null,
      contactlessCardKeyId: null,
    });
  });

  it('keeps no card fields without card reading', () => {
    const fields = roomAccessFields({ ...mifare({ accessKey: 'PASSWORD', contactlessCardPassword: 'A1B2C3D4E5F6' }), isRoomCardReadingEnabled: false, isManualRoomEntryEnabled: true });
    expect(fields).toEqual({
      isManualRoomEntryEnabled: true,
      isRoomCardReadingEnabled: false,
      magneticCardTrack: null,
      magneticCardType: null,
      contactlessCardType: null,
      contactlessCardSector: null,
      contactlessCardPassword: null,
      contactlessCardKeyId: null,
    });
  });

  it('gives fields the domain accepts as they are (its own normalisation changes nothing)', () => {
    for (const values of [
      mifare({ accessKey: 'PASSWORD', contactlessCardPassword: 'A1B2C3D4E5F6' }),
      mifare({ contactlessCardKeyId: 15, contactlessCardSector: 16 }),
      { ...ROOM_ACCESS_BLANK, isRoomCardReadingEnabled: true, cardType: 'MICROS' as const, magneticCardTrack: 2 },
      { ...ROOM_ACCESS_BLANK, isManualRoomEntryEnabled: true },
    ]) {
      const fields = roomAccessFields(values);
      const parsed = hotelDefinitionInputSchema.parse({ name: 'Harbour View', ...fields });
      expect(parsed).toMatchObject(fields);
    }
  });

  it('reads a definition back into the form: password means Enter Password; defaults fill what is unset', () => {
    const withPassword = roomAccessFields(mifare({ accessKey: 'PASSWORD', contactlessCardPassword: 'ABCDEF012345', contactlessCardSector: 9 }));
    expect(roomAccessOf(withPassword)).toEqual(mifare({ accessKey: 'PASSWORD', contactlessCardPassword: 'ABCDEF012345', contactlessCardSector: 9 }));
    expect(roomAccessOf({ ...withPassword, contactlessCardPassword: null, contactlessCardKeyId: 5 })).toMatchObject({ accessKey: 'INDEX', contactlessCardKeyId: 5, contactlessCardPassword: '' });
    expect(roomAccessOf(roomAccessFields({ ...ROOM_ACCESS_BLANK, isRoomCardReadingEnabled: true, cardType: 'MICROS', magneticCardTrack: 2 }))).toMatchObject({ cardType: 'MICROS', magneticCardTrack: 2, contactlessCardSector: 1, contactlessCardKeyId: 0 });
    expect(roomAccessOf(roomAccessFields({ ...ROOM_ACCESS_BLANK, isManualRoomEntryEnabled: true }))).toEqual({ ...ROOM_ACCESS_BLANK, isManualRoomEntryEnabled: true });
  });
});

describe('roomAccessProblems', () => {
  it('asks for at least one of manual room entry and room card reading', () => {
    expect(roomAccessProblems(ROOM_ACCESS_BLANK)).toEqual({ roomAccess: REQUIRED });
    expect(roomAccessProblems({ ...ROOM_ACCESS_BLANK, isManualRoomEntryEnabled: true })).toBeNull();
    expect(roomAccessProblems({ ...ROOM_ACCESS_BLANK, isRoomCardReadingEnabled: true })).toBeNull();
  });

  it('checks the password only with MIFARE Classic and Enter Password: 12 characters, hexadecimal', () => {
    expect(roomAccessProblems(mifare({ accessKey: 'PASSWORD', contactlessCardPassword: '' }))).toEqual({ password: [LENGTH] });
    expect(roomAccessProblems(mifare({ accessKey: 'PASSWORD', contactlessCardPassword: 'XYZ' }))).toEqual({ password: [LENGTH, HEX] });
    expect(roomAccessProblems(mifare({ accessKey: 'PASSWORD', contactlessCardPassword: 'A1B2C3D4E5FG' }))).toEqual({ password: [HEX] });
    expect(roomAccessProblems(mifare({ accessKey: 'PASSWORD', contactlessCardPassword: 'A1B2C3D4E5F6' }))).toBeNull();
    expect(roomAccessProblems(mifare({ accessKey: 'INDEX', contactlessCardPassword: 'XYZ' }))).toBeNull();
    expect(roomAccessProblems({ ...mifare({ accessKey: 'PASSWORD', contactlessCardPassword: 'XYZ' }), cardType: 'MICROS' })).toBeNull();
  });
});

/** The form held by a parent, as the definition form and the wizard hold it. */
function Harness({ initial = ROOM_ACCESS_BLANK, showErrors = false, onValue }: { initial?: RoomAccessValues; showErrors?: boolean; onValue?: (value: RoomAccessValues) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <RoomAccessFields
      idPrefix="test"
      value={value}
      showErrors={showErrors}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, combobox: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('RoomAccessFields', () => {
  it('shows the card choices only with card reading: a track for the magnetic card, sector and access key for MIFARE Classic', async () => {
    renderWithProviders(<Harness />);
    const user = userEvent.setup();
    expect(screen.queryByRole('combobox', { name: /Card type/ })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Enable room card reading' }));

    await user.click(screen.getByRole('combobox', { name: /Card type/ }));
    expect(screen.getByRole('option', { name: 'Magnetic Stripe Reader' })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'Magnetic Stripe Reader' }));
    expect((screen.getByRole('combobox', { name: /Track/ }) as HTMLInputElement).value).toBe('1');
    await user.click(screen.getByRole('combobox', { name: /Track/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2', '3']);
    await user.keyboard('{Escape}');

    await chooseOption(user, /Card type/, 'MIFARE Classic');
    expect(screen.queryByRole('combobox', { name: /Track/ })).toBeNull();
    expect((screen.getByRole('combobox', { name: /Sector/ }) as HTMLInputElement).value).toBe('1');
    await user.click(screen.getByRole('combobox', { name: /Sector/ }));
    expect(screen.getAllByRole('option')).toHaveLength(16);
    await user.keyboard('{Escape}');
    const accessKey = screen.getByRole('radiogroup', { name: 'Access key' });
    expect((within(accessKey).getByRole('radio', { name: 'Index Selection' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: /Key index/ }) as HTMLInputElement).value).toBe('0');
    await user.click(screen.getByRole('combobox', { name: /Key index/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(Array.from({ length: 16 }, (_, index) => String(index)));
  });

  it('shows both password checks while typing, as each applies, and uppercases what is typed', async () => {
    let last: RoomAccessValues | null = null;
    renderWithProviders(<Harness initial={mifare()} onValue={(value) => (last = value)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Enter Password' }));
    expect(screen.queryByRole('combobox', { name: /Key index/ })).toBeNull();
    const field = screen.getByLabelText(/^Password/) as HTMLInputElement;
    // nothing typed yet: no checks shouting at the operator
    expect(screen.queryByText(LENGTH)).toBeNull();

    await user.type(field, 'a1x');
    expect(field.value).toBe('A1X');
    expect(screen.getByText(LENGTH)).toBeTruthy();
    expect(screen.getByText(HEX)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    await user.type(field, 'a1b2c3d4e5f6');
    expect(field.value).toBe('A1B2C3D4E5F6');
    expect(screen.queryByText(LENGTH)).toBeNull();
    expect(screen.queryByText(HEX)).toBeNull();
    expect(last).toMatchObject({ accessKey: 'PASSWORD', contactlessCardPassword: 'A1B2C3D4E5F6' });

    await user.type(field, 'g');
    expect(screen.getByText(LENGTH)).toBeTruthy();
    expect(screen.getByText(HEX)).toBeTruthy();
    await user.type(field, '{Backspace}{Backspace}');
    expect(screen.getByText(LENGTH)).toBeTruthy();
    expect(screen.queryByText(HEX)).toBeNull();
  });

  it('has a password field that shows or hides what is typed', async () => {
    renderWithProviders(<Harness initial={mifare({ accessKey: 'PASSWORD' })} />);
    const user = userEvent.setup();
    const field = screen.getByLabelText(/^Password/) as HTMLInputElement;
    expect(field.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show or hide the password' }));
    expect(field.type).toBe('text');
  });

  it('says a switch must be on only once errors are to be shown', () => {
    const first = renderWithProviders(<Harness />);
    expect(screen.queryByText(REQUIRED)).toBeNull();
    first.unmount();
    renderWithProviders(<Harness showErrors />);
    expect(screen.getByText(REQUIRED)).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Enable manual room entry' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the password checks of an empty password once errors are to be shown', () => {
    renderWithProviders(<Harness initial={mifare({ accessKey: 'PASSWORD' })} showErrors />);
    expect(screen.getByText(LENGTH)).toBeTruthy();
    expect(screen.queryByText(HEX)).toBeNull();
  });
});
