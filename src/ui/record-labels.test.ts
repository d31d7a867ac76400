import { describe, expect, it } from 'vitest';
import { CONTRACT_KIND, DEVICE_KIND, PMS_CONNECTION_KIND, POS_INSTALLATION_KIND, UNIT_KIND } from '../domain';
import { recordFieldLabel, recordValueLabel } from './record-labels';

describe('record labels on the Sync page', () => {
  it('names the fields and values of every resource by its form and the catalogue', () => {
    expect(recordFieldLabel(PMS_CONNECTION_KIND, 'type')).toBe('Type');
    expect(recordValueLabel(PMS_CONNECTION_KIND, 'type', 'MOCK_PMS_INTERFACE')).toBe('MOCK (for testing)');
    expect(recordFieldLabel(CONTRACT_KIND, 'startDate')).toBe('Start date');
    expect(recordValueLabel(CONTRACT_KIND, 'status', 'SUSPENDED')).toBe('Suspended');
    expect(recordFieldLabel(UNIT_KIND, 'parentUuid')).toBe('Placement');
  });

  it('shows unit settings as a line per setting, with labels, not as JSON', () => {
    const words = recordValueLabel(UNIT_KIND, 'attributes', { NAME: 'Rooftop Bar', CURRENCY: 'EUR', POI_EMPLOYEE_IDENTIFICATION_METHOD: 'CREDENTIALS', LOGO: null });
    expect(words).toBe('Name: Rooftop Bar; Currency: EUR; Identification method: Credentials');
    expect(recordValueLabel(UNIT_KIND, 'attributes', {})).toBe(recordValueLabel(UNIT_KIND, 'attributes', null));
  });

  it('names the fields of the writes outside the forms in the history: devices, POS, a unit\'s lists, the profile', () => {
    expect(recordFieldLabel(UNIT_KIND, 'devices')).toBe('Devices');
    expect(recordValueLabel(UNIT_KIND, 'discounts', ['Happy hour', 'Staff'])).toBe('Happy hour, Staff');
    expect(recordFieldLabel(UNIT_KIND, 'favorites')).toBe('Favourites');
    expect(recordValueLabel(UNIT_KIND, 'favorites', [])).toBe(recordValueLabel(UNIT_KIND, 'favorites', null));
    expect(recordFieldLabel(DEVICE_KIND, 'assigned')).toBe('Assigned to the organization');
    expect(recordValueLabel(DEVICE_KIND, 'assigned', false)).toBe('No');
    expect(recordValueLabel(DEVICE_KIND, 'ouUuids', ['a', 'b'])).toBe('2 units');
    expect(recordFieldLabel(POS_INSTALLATION_KIND, 'syncedCatalogVersion')).toBe('Catalog version synced');
    expect(recordFieldLabel('user', 'passwordHash')).toBe('Password');
  });

  it('keeps an unknown field as its key', () => {
    expect(recordFieldLabel(CONTRACT_KIND, 'shoeSize')).toBe('shoeSize');
  });
});
