import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './constants';
import { COUNTRY_CODES, isCountryCode, isCurrency, isLocale, isTimeZone, LOCALES, regionalAttributes, regionalChoice, regionalComplete, regionalShown, TIME_ZONES, timeZoneLabel } from './regional';

/** The zone's offset from UTC in minutes at `instant`, as the runtime's time-zone data has it. */
function offsetAt(zone: string, instant: string): number {
  const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(part ?? '');
  if (!match) throw new Error(`no offset for ${zone}`);
  if (!match[1]) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

describe('currencies', () => {
  it('offers the eight currencies of spec section 9', () => {
    expect([...CURRENCIES]).toEqual(['EUR', 'SGD', 'USD', 'AED', 'QAR', 'JOD', 'GBP', 'THB']);
    expect(isCurrency('JOD')).toBe(true);
    expect(isCurrency('CHF')).toBe(false);
    expect(isCurrency('eur')).toBe(false);
  });
});

describe('time zones', () => {
  it('lists one zone per whole hour from GMT-12 to GMT+13, in order', () => {
    expect(TIME_ZONES.map((zone) => zone.offsetMinutes / 60)).toEqual(Array.from({ length: 26 }, (_, i) => i - 12));
    expect(TIME_ZONES[0]?.label.startsWith('(GMT-12:00)')).toBe(true);
    expect(TIME_ZONES.at(-1)?.label.startsWith('(GMT+13:00)')).toBe(true);
  });

  it('labels each zone with its standard offset, which the time-zone data confirms', () => {
    for (const zone of TIME_ZONES) {
      // standard time is the smaller of the January and July offsets (daylight saving adds an hour)
      const standard = Math.min(offsetAt(zone.value, '2025-01-15T12:00:00Z'), offsetAt(zone.value, '2025-07-15T12:00:00Z'));
      expect(standard, zone.value).toBe(zone.offsetMinutes);
      const sign = zone.offsetMinutes < 0 ? '-' : '+';
      const hours = String(Math.abs(zone.offsetMinutes) / 60).padStart(2, '0');
      expect(zone.label.startsWith(`(GMT${sign}${hours}:00) `), zone.label).toBe(true);
      expect(isTimeZone(zone.value), zone.value).toBe(true);
    }
  });

  it('labels any other zone as the list labels its own, by its standard offset and city; a value that is no zone stays as it is', () => {
    expect(timeZoneLabel('Europe/Paris')).toBe('(GMT+01:00) Paris');
    expect(timeZoneLabel('Europe/Lisbon')).toBe('(GMT+00:00) Lisbon');
    expect(timeZoneLabel('Asia/Kolkata')).toBe('(GMT+05:30) Kolkata');
    expect(timeZoneLabel('America/Argentina/Buenos_Aires')).toBe('(GMT-03:00) Buenos Aires');
    // southern summer time: the standard offset is July's
    expect(timeZoneLabel('Australia/Melbourne')).toBe('(GMT+10:00) Melbourne');
    expect(timeZoneLabel('Etc/GMT-3')).toBe('(GMT+03:00)');
    expect(timeZoneLabel('UTC')).toBe('(GMT+00:00)');
    expect(timeZoneLabel('Mars/Olympus_Mons')).toBe('Mars/Olympus_Mons');
  });

  it('accepts any IANA zone spelled as the database spells it, and nothing else', () => {
    expect(isTimeZone('Europe/Lisbon')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('europe/paris')).toBe(false);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('GMT+1 ')).toBe(false);
  });
});

describe('locales', () => {
  it('pairs each BCP 47 tag with the English name Intl gives it, without repeats', () => {
    const names = new Intl.DisplayNames('en', { type: 'language', languageDisplay: 'standard' });
    for (const locale of LOCALES) expect(locale.label, locale.value).toBe(names.of(locale.value));
    expect(new Set(LOCALES.map((locale) => locale.value)).size).toBe(LOCALES.length);
    for (const wanted of ['en-GB', 'en-US', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'pt-PT', 'ar-AE', 'th-TH', 'zh-SG']) expect(isLocale(wanted), wanted).toBe(true);
    expect(isLocale('en')).toBe(false);
    expect(isLocale('en-gb')).toBe(false);
  });
});

describe('countries', () => {
  it('holds the 249 ISO 3166-1 alpha-2 codes, sorted, each a region Intl can name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect([...COUNTRY_CODES].sort()).toEqual([...COUNTRY_CODES]);
    const names = new Intl.DisplayNames('en', { type: 'region' });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).not.toBe(code);
    expect(isCountryCode('SG')).toBe(true);
    expect(isCountryCode('UK')).toBe(false); // the United Kingdom is GB
    expect(isCountryCode('EU')).toBe(false);
  });
});

describe('regional information of a new unit', () => {
  const inherited = { LOCALE: { value: 'en-GB', fromName: 'Harbour View Hotel' }, CURRENCY: { value: 'EUR', fromName: 'Demo Group' }, TIME_ZONE: { value: 'Europe/London', fromName: 'Demo Group' } };

  it('shows what is inherited, and from where, until the unit sets its own; a cleared value is none', () => {
    expect(regionalShown({}, inherited, 'LOCALE')).toEqual({ value: 'en-GB', from: 'Harbour View Hotel' });
    expect(regionalShown({ LOCALE: 'fr-FR' }, inherited, 'LOCALE')).toEqual({ value: 'fr-FR', from: null });
    expect(regionalShown({ LOCALE: '' }, inherited, 'LOCALE')).toEqual({ value: null, from: null });
    expect(regionalShown({}, {}, 'TIME_ZONE')).toEqual({ value: null, from: null });
  });

  it('is complete with all three, own or inherited', () => {
    expect(regionalComplete({}, inherited)).toBe(true);
    expect(regionalComplete({ CURRENCY: '' }, inherited)).toBe(false);
    expect(regionalComplete({ LOCALE: 'en-US', CURRENCY: 'USD' }, { TIME_ZONE: inherited.TIME_ZONE })).toBe(true);
    expect(regionalComplete({ LOCALE: 'en-US', CURRENCY: 'USD' }, {})).toBe(false);
  });

  it('inherits again when the inherited value is chosen, and writes only what the unit sets', () => {
    expect(regionalChoice('EUR', inherited, 'CURRENCY')).toBeNull();
    expect(regionalChoice('GBP', inherited, 'CURRENCY')).toBe('GBP');
    expect(regionalChoice(null, inherited, 'CURRENCY')).toBe('');
    expect(regionalAttributes({ LOCALE: 'fr-FR', CURRENCY: null, TIME_ZONE: '' })).toEqual({ LOCALE: 'fr-FR' });
  });
});
