import { describe, expect, it } from 'vitest';
import { storedUnitAttributes } from '../../../domain';
import { shownAttributes } from './units';

describe('a queued unit write as the app shows it', () => {
  it('has the attributes the gateway will keep (server/routes/units.test.ts): no empty or null entry, its TYPE', () => {
    // shown as sent, a form opened on the queued unit differed from the record the gateway answered
    // later with the same version, and the header said 'Unsaved changes' with nothing typed
    const sent = { NAME: 'Quay Deck', DESCRIPTION: '', CURRENCY: null, LOCALE: 'en-GB', POI_TIP_PERCENTAGES: '[ 15, 18,20 ]' };
    const shown = shownAttributes(sent, 'VENUE');
    expect(shown).toEqual(storedUnitAttributes(sent, 'VENUE'));
    expect(Object.keys(shown).sort()).toEqual(['LOCALE', 'NAME', 'POI_TIP_PERCENTAGES', 'TYPE']);
    expect(shown.TYPE).toBe('VENUE');
  });

  it('shows a write the gateway would refuse as it was sent, for its refusal to name', () => {
    const refused = { NAME: 'Quay Deck', LOCALE: 'en_GB' };
    expect(shownAttributes(refused, 'VENUE')).toEqual(refused);
  });
});
