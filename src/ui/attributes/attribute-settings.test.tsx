import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ATTRIBUTE_MESSAGES, attributeFieldKeysOfGroup, CHIP_MESSAGES, type Attributes, type EffectiveAttributes } from '../../domain';
import { en } from '../../i18n/messages-en';
import { attributeLabel } from '../inputs';
import { renderWithProviders } from '../../../test/render';
import { AttributeSettings, type AttributeSettingsProps } from './attribute-settings';
import { attributeProblemText } from './problem-text';

const ORG = { uuid: '7d3c2a50-1111-4c3a-9f1e-000000000001', name: 'Harbour Group' };
const HOTEL = { uuid: '7d3c2a50-2222-4c3a-9f1e-000000000002', name: 'Harbour View Hotel' };
const OTHER_HOTEL = { uuid: '7d3c2a50-3333-4c3a-9f1e-000000000003', name: 'Bay Hotel' };

/** The form held by a parent, as a screen holds it: every change it reported, in order. */
function renderSettings(initial: Attributes, props: Partial<AttributeSettingsProps> & Pick<AttributeSettingsProps, 'groups'>) {
  const changes: Attributes[] = [];
  function Screen() {
    const [value, setValue] = useState(initial);
    return (
      <AttributeSettings
        value={value}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
        {...props}
      />
    );
  }
  renderWithProviders(<Screen />);
  return { changes, last: () => changes[changes.length - 1], user: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('group', { name });
const checkedState = (group: HTMLElement) => within(group).getAllByRole('radio').find((radio) => (radio as HTMLInputElement).checked)?.getAttribute('value');
const fileInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
/** The description Mantine links to a field (aria-describedby), as read out. */
const describedText = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('AttributeSettings', () => {
  it('shows the groups asked for, in that order, each titled and with a labelled field per key', () => {
    renderSettings({}, { groups: ['tipping', 'regional'] });
    const legends = Array.from(document.querySelectorAll('legend')).map((legend) => legend.textContent);
    expect(legends).toEqual(['Tipping', 'Regional information']);
    const tipping = section('Tipping');
    expect(within(tipping).getByRole('radiogroup', { name: 'Tipping' })).toBeTruthy();
    expect(within(tipping).getByRole('textbox', { name: 'Tip percentages' })).toBeTruthy();
    expect(within(tipping).getByRole('radiogroup', { name: 'Custom tip amount' })).toBeTruthy();
    const regional = section('Regional information');
    for (const name of ['Currency', 'Locale', 'Time zone']) expect(within(regional).getByRole('combobox', { name })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'General' })).toBeNull();
  });

  it('renders every field of every group without an unlabelled input', () => {
    renderSettings({}, { groups: ['general', 'branding', 'payments', 'receipts', 'pms-posting', 'room-charge', 'access-control', 'employee', 'ordering'] });
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type="file"]):not([type="hidden"]), textarea'))) {
      const named = input.getAttribute('aria-labelledby') || input.labels?.length || input.getAttribute('aria-label') || input.closest('[role="radiogroup"]');
      expect(named, input.outerHTML).toBeTruthy();
    }
    // an image's address is written with its image, never a field of its own
    expect(screen.queryByRole('textbox', { name: attributeLabel('LOGO_URL') })).toBeNull();
    expect(attributeFieldKeysOfGroup('branding')).not.toContain('LOGO_URL');
    // without an upload, images are shown and said to be not uploadable here
    expect(screen.queryByRole('button', { name: 'Upload image: Logo' })).toBeNull();
    expect(screen.getAllByText('Image upload is not available here')).toHaveLength(4);
  });

  it('cycles a tri-state through Off, Inherit and On, writing UNDEFINED as null', async () => {
    const { changes, user } = renderSettings({ POI_TIP_ENABLED: 'true' }, { groups: ['tipping'] });
    const tipping = screen.getByRole('radiogroup', { name: 'Tipping' });
    expect(checkedState(tipping)).toBe('ON');
    await user.click(within(tipping).getByRole('radio', { name: 'Off' }));
    await user.click(within(tipping).getByRole('radio', { name: 'Inherit' }));
    await user.click(within(tipping).getByRole('radio', { name: 'On' }));
    expect(changes.map((change) => change.POI_TIP_ENABLED)).toEqual(['false', null, 'true']);
    // and from the keyboard
    await user.keyboard('{ArrowLeft}');
    expect(changes[changes.length - 1]?.POI_TIP_ENABLED).toBeNull();
    expect(checkedState(tipping)).toBe('UNDEFINED');
  });

  it('shows an inherited value with where it comes from, and resets a value set here to it', async () => {
    const effective: EffectiveAttributes = {
      WEBSITE: { value: 'https://harbour.example', source: 'inherited', fromUuid: ORG.uuid, fromName: ORG.name },
      PHONE_NUMBER: {
        value: '+44 20 7946 0000',
        source: 'self',
        fromUuid: HOTEL.uuid,
        fromName: HOTEL.name,
        inherited: { value: '+44 20 7946 9999', source: 'inherited', fromUuid: ORG.uuid, fromName: ORG.name },
      },
      POI_TIP_ENABLED: { value: 'true', source: 'inherited', fromUuid: ORG.uuid, fromName: ORG.name },
    };
    const { changes, user } = renderSettings({ NAME: 'Harbour View Hotel', PHONE_NUMBER: '+44 20 7946 0000' }, { groups: ['general', 'tipping'], effective });

    const website = screen.getByRole('textbox', { name: 'Website' }) as HTMLInputElement;
    expect(website.value).toBe('');
    expect(website.placeholder).toBe('https://harbour.example');
    expect(describedText(website)).toContain('Inherited from Harbour Group');
    expect(screen.queryByRole('button', { name: 'Reset to inherit: Website' })).toBeNull();
    // a tri-state says what it inherits in its own words
    expect(screen.getByText('Inherits On from Harbour Group')).toBeTruthy();

    const phone = screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
    expect(phone.value).toBe('+44 20 7946 0000');
    expect(describedText(phone)).toContain('Set here');
    // a key that is never inherited (the name) has neither mark nor reset
    expect(describedText(screen.getByRole('textbox', { name: 'Name' }))).not.toContain('Set here');
    expect(screen.queryByRole('button', { name: 'Reset to inherit: Name' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reset to inherit: Phone number' }));
    expect(changes).toEqual([{ NAME: 'Harbour View Hotel', PHONE_NUMBER: null }]);
    expect(phone.value).toBe('');
    expect(phone.placeholder).toBe('+44 20 7946 9999');
    expect(describedText(phone)).toContain('Inherited from Harbour Group');
    expect(screen.queryByRole('button', { name: 'Reset to inherit: Phone number' })).toBeNull();
  });

  it('shows no inheritance marks on the organization itself', () => {
    renderSettings({ WEBSITE: 'https://harbour.example', POI_TIP_ENABLED: null }, { groups: ['general', 'tipping'], isRoot: true, effective: {} });
    expect(screen.queryByText(/Set here|Inherited from|Nothing above sets it|Inherits/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reset to inherit/ })).toBeNull();
  });

  it('says when nothing above sets a value', () => {
    renderSettings({}, { groups: ['general'], effective: {} });
    expect(describedText(screen.getByRole('textbox', { name: 'Website' }))).toContain('Nothing above sets it');
  });

  it('writes text as typed, a cleared optional text as null, and checks it on change', async () => {
    const { changes, user } = renderSettings({ NAME: 'Bar', WEBSITE: 'https://a.example' }, { groups: ['general'] });
    const website = screen.getByRole('textbox', { name: 'Website' });
    await user.clear(website);
    expect(changes[changes.length - 1]?.WEBSITE).toBeNull();
    await user.type(website, 'harbour');
    expect(changes[changes.length - 1]?.WEBSITE).toBe('harbour');
    expect(describedText(website)).toContain(ATTRIBUTE_MESSAGES.webAddress);
    expect(website.getAttribute('aria-invalid')).toBe('true');

    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    // the name is required: a cleared name stays '' and says why
    expect(changes[changes.length - 1]?.NAME).toBe('');
    expect(describedText(name)).toContain('It cannot be empty');
  });

  it('shows the errors it is given in place of its own checks', async () => {
    const { user } = renderSettings({ WEBSITE: 'x' }, { groups: ['general'], errors: { WEBSITE: 'The gateway refused this address' } });
    const website = screen.getByRole('textbox', { name: 'Website' });
    expect(describedText(website)).toContain('The gateway refused this address');
    await user.type(website, 'y');
    expect(describedText(website)).toContain('The gateway refused this address');
    expect(describedText(website)).not.toContain(ATTRIBUTE_MESSAGES.webAddress);
  });

  it('writes a number in digits and says when it is out of range', async () => {
    const { changes, user } = renderSettings({}, { groups: ['branding'] });
    const idle = screen.getByRole('textbox', { name: attributeLabel('POI_IDLE_TIME') });
    await user.type(idle, '9x0');
    expect(changes[changes.length - 1]?.POI_IDLE_TIME).toBe('90');
    await user.type(idle, '0000');
    expect(describedText(idle)).toContain('Enter a whole number from 0 to 86400');
  });

  it("keeps tip percentages as a JSON list and refuses a bad entry with '{value} is not a number.'", async () => {
    const { changes, user } = renderSettings({ POI_TIP_PERCENTAGES: '[10,15]' }, { groups: ['tipping'] });
    const field = screen.getByRole('textbox', { name: 'Tip percentages' });
    await user.type(field, 'abc{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('abc is not a number.');
    expect(changes).toEqual([]);
    await user.clear(field);
    await user.type(field, '12.50{Enter}');
    expect(changes[changes.length - 1]?.POI_TIP_PERCENTAGES).toBe('[10,15,12.5]');
    await user.type(field, '15{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('15 has already been added.');
  });

  it('keeps notification emails as a JSON list, with the help the spec gives', async () => {
    const { changes, user } = renderSettings({}, { groups: ['pms-posting'], pmsConnections: [] });
    const field = screen.getByRole('textbox', { name: 'Notification Emails' });
    expect(describedText(field)).toContain('Emails notified when an issue is detected when posting to the PMS');
    await user.type(field, 'ops@hotel.com{Enter}');
    expect(changes[changes.length - 1]?.PMS_NOTIFICATION_EMAILS).toBe('["ops@hotel.com"]');
    await user.click(screen.getByRole('button', { name: 'Remove ops@hotel.com' }));
    expect(changes[changes.length - 1]?.PMS_NOTIFICATION_EMAILS).toBeNull();
    // with no connection, the spec's empty state
    expect(screen.getByText('No PMS connection found. You can create a new one on the PMS page and return later to select it.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'PMS Hotel Definition' }) as HTMLInputElement).placeholder).toBe('Select a PMS Connection');
  });

  it('offers an enum by its labels and writes its value', async () => {
    const effective: EffectiveAttributes = { POI_SEARCH_FILTER_BEHAVIOR: { value: 'CONTAINS', source: 'inherited', fromUuid: ORG.uuid, fromName: ORG.name } };
    const { changes, user } = renderSettings({}, { groups: ['employee', 'ordering'], effective });
    const method = screen.getByRole('combobox', { name: 'Identification method' });
    await user.click(method);
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual(['PIN', 'Credentials']);
    await user.click(screen.getByRole('option', { name: 'Credentials' }));
    expect(changes[changes.length - 1]?.POI_EMPLOYEE_IDENTIFICATION_METHOD).toBe('CREDENTIALS');
    expect((method as HTMLInputElement).value).toBe('Credentials');
    // an inherited option reads as its label
    expect((screen.getByRole('combobox', { name: 'Terminal search matches' }) as HTMLInputElement).placeholder).toBe('Anywhere in a name');
  });

  it('offers hotels by name for a reference and a list of them, and names a missing one (Not found)', async () => {
    const missing = '7d3c2a50-9999-4c3a-9f1e-000000000009';
    const { changes, user } = renderSettings({ POI_ROOM_CHARGE_HOTEL_LIST: JSON.stringify([missing]) }, { groups: ['room-charge'], hotels: [HOTEL, OTHER_HOTEL] });
    const defaultHotel = screen.getByRole('combobox', { name: 'Default hotel for room charges' });
    await user.click(defaultHotel);
    await user.click(screen.getByRole('option', { name: 'Bay Hotel' }));
    expect(changes[changes.length - 1]?.POI_ROOM_CHARGE_DEFAULT_HOTEL).toBe(OTHER_HOTEL.uuid);
    // the clear button is named and in the tab order
    const clear = screen.getByRole('button', { name: 'Clear Default hotel for room charges' });
    expect(clear.tabIndex).toBe(0);
    await user.click(clear);
    expect(changes[changes.length - 1]?.POI_ROOM_CHARGE_DEFAULT_HOTEL).toBeNull();
    const list = screen.getByRole('combobox', { name: 'Hotels that take room charges' });
    const chips = () => Array.from(list.closest('.mantine-InputWrapper-root')?.querySelectorAll('.mantine-Pill-label') ?? []).map((pill) => pill.textContent);
    expect(chips()).toEqual(['(Not found)']);
    await user.click(list);
    await user.click(screen.getByRole('option', { name: 'Harbour View Hotel' }));
    expect(JSON.parse(changes[changes.length - 1]?.POI_ROOM_CHARGE_HOTEL_LIST ?? 'null')).toEqual([missing, HOTEL.uuid]);
    expect(chips()).toEqual(['(Not found)', 'Harbour View Hotel']);
  });

  it('uploads an image and writes its key and address together', async () => {
    const onUploadImage = vi.fn().mockResolvedValue({ key: 'images/logo-1.png', url: 'https://cdn.example/images/logo-1.png' });
    const { changes, user } = renderSettings({ NAME: 'Bar' }, { groups: ['branding'], onUploadImage });
    const logo = screen.getByRole('button', { name: 'Upload image: Logo' }).closest<HTMLElement>('.mantine-InputWrapper-root') as HTMLElement;
    expect(fileInput(logo).accept).toBe('image/png,image/jpeg,image/webp,image/gif');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(fileInput(logo), file);
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(onUploadImage).toHaveBeenCalledWith(file);
    expect(changes[0]).toEqual({ NAME: 'Bar', LOGO: 'images/logo-1.png', LOGO_URL: 'https://cdn.example/images/logo-1.png' });
    expect((await screen.findByRole('img', { name: 'Logo' })).getAttribute('src')).toBe('https://cdn.example/images/logo-1.png');

    await user.click(screen.getByRole('button', { name: 'Remove image: Logo' }));
    expect(changes[changes.length - 1]).toEqual({ NAME: 'Bar', LOGO: null, LOGO_URL: null });
    expect(screen.queryByRole('img', { name: 'Logo' })).toBeNull();
  });

  it("says 'Image upload failed. Please try again.' when an upload fails, and changes nothing", async () => {
    const onUploadImage = vi.fn().mockRejectedValue(new Error('413'));
    const { changes, user } = renderSettings({}, { groups: ['branding'], onUploadImage });
    const button = screen.getByRole('button', { name: 'Upload image: Logo' });
    const logo = button.closest<HTMLElement>('.mantine-InputWrapper-root') as HTMLElement;
    await user.upload(fileInput(logo), new File(['gif'], 'logo.gif', { type: 'image/gif' }));
    expect((await within(logo).findByRole('alert')).textContent).toBe('Image upload failed. Please try again.');
    expect(describedText(button)).toContain('Image upload failed. Please try again.');
    expect(changes).toEqual([]);
  });

  it('refuses a file that is no image without uploading it', async () => {
    const onUploadImage = vi.fn();
    renderSettings({}, { groups: ['branding'], onUploadImage });
    const logo = screen.getByRole('button', { name: 'Upload image: Logo' }).closest<HTMLElement>('.mantine-InputWrapper-root') as HTMLElement;
    const input = fileInput(logo);
    // past the picker's filter (a drop, another browser)
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })] } });
    expect((await within(logo).findByRole('alert')).textContent).toBe('Choose a PNG, JPEG, WebP or GIF image.');
    expect(onUploadImage).not.toHaveBeenCalled();
  });

  it('shows an inherited image dimmed, and resets an image set here with its address', async () => {
    const effective: EffectiveAttributes = {
      LOGO: { value: 'org/logo.png', source: 'inherited', fromUuid: ORG.uuid, fromName: ORG.name },
      LOGO_URL: { value: 'https://cdn.example/org/logo.png', source: 'inherited', fromUuid: ORG.uuid, fromName: ORG.name },
      POI_IDLE_IMAGE: {
        value: 'venue/idle.png',
        source: 'self',
        fromUuid: HOTEL.uuid,
        fromName: HOTEL.name,
        inherited: null,
      },
    };
    const { changes, user } = renderSettings({ POI_IDLE_IMAGE: 'venue/idle.png', POI_IDLE_IMAGE_URL: 'https://cdn.example/venue/idle.png' }, { groups: ['branding'], effective, onUploadImage: vi.fn() });
    expect(screen.getByRole('img', { name: 'Logo, inherited from Harbour Group' }).getAttribute('src')).toBe('https://cdn.example/org/logo.png');
    expect(screen.getByText('Inherited from Harbour Group')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset to inherit: Terminal idle image' }));
    expect(changes).toEqual([{ POI_IDLE_IMAGE: null, POI_IDLE_IMAGE_URL: null }]);
  });

  it('disables every field when disabled', () => {
    renderSettings({ WEBSITE: 'https://a.example' }, { groups: ['general', 'tipping'], disabled: true });
    expect((screen.getByRole('textbox', { name: 'Website' }) as HTMLInputElement).disabled).toBe(true);
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Reset to inherit: Website' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('attributeProblemText', () => {
  it("says the registry's messages in the catalogue's words", () => {
    for (const [name, message] of Object.entries(ATTRIBUTE_MESSAGES)) {
      if (name === 'currency') continue;
      expect(en[`attributeSettings.problem.${name}` as keyof typeof en], name).toBe(message);
    }
    expect(attributeProblemText(ATTRIBUTE_MESSAGES.currency)).toBe(ATTRIBUTE_MESSAGES.currency);
    expect(attributeProblemText('It can have at most 50 characters')).toBe('It can have at most 50 characters');
    expect(attributeProblemText('POI_IDLE_TIME must be a whole number written in digits, or null to inherit')).toBe(
      'POI_IDLE_TIME must be a whole number written in digits, or null to inherit',
    );
    expect(attributeProblemText(CHIP_MESSAGES.notANumber.replace('{value}', 'abc'))).toBe('abc is not a number.');
    expect(attributeProblemText('Something else entirely')).toBe('Something else entirely');
  });
});
