/**
 * Regional information of a unit (spec sections 3 and 9): the currencies offered, the time-zone
 * list (label plus IANA zone, GMT-12 to GMT+13), the locale list (value/label pairs) and the
 * country codes. The attribute registry validates CURRENCY, LOCALE and TIME_ZONE by these; the
 * selectors of src/ui/inputs offer them.
 */
import { CURRENCIES } from './constants';

export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

/**
 * Locales offered for a unit's LOCALE attribute (the spec does not list them): the languages of
 * the markets the currencies serve, as BCP 47 tags. Labels are English, as Intl.DisplayNames
 * writes them with languageDisplay 'standard'; the selector shows them in the interface language.
 */
export const LOCALES = [
  { value: 'en-GB', label: 'English (United Kingdom)' },
  { value: 'en-US', label: 'English (United States)' },
  { value: 'en-SG', label: 'English (Singapore)' },
  { value: 'en-AE', label: 'English (United Arab Emirates)' },
  { value: 'de-DE', label: 'German (Germany)' },
  { value: 'de-AT', label: 'German (Austria)' },
  { value: 'de-CH', label: 'German (Switzerland)' },
  { value: 'fr-FR', label: 'French (France)' },
  { value: 'fr-CH', label: 'French (Switzerland)' },
  { value: 'es-ES', label: 'Spanish (Spain)' },
  { value: 'it-IT', label: 'Italian (Italy)' },
  { value: 'nl-NL', label: 'Dutch (Netherlands)' },
  { value: 'pt-PT', label: 'Portuguese (Portugal)' },
  { value: 'pt-BR', label: 'Portuguese (Brazil)' },
  { value: 'ar-AE', label: 'Arabic (United Arab Emirates)' },
  { value: 'ar-QA', label: 'Arabic (Qatar)' },
  { value: 'ar-JO', label: 'Arabic (Jordan)' },
  { value: 'th-TH', label: 'Thai (Thailand)' },
  { value: 'zh-SG', label: 'Chinese (Singapore)' },
  { value: 'zh-CN', label: 'Chinese (China)' },
  { value: 'ja-JP', label: 'Japanese (Japan)' },
] as const;
export type Locale = (typeof LOCALES)[number]['value'];

export function isLocale(value: string): value is Locale {
  return LOCALES.some((locale) => locale.value === value);
}

export interface TimeZoneEntry {
  /** the IANA zone stored in TIME_ZONE */
  value: string;
  /** '(GMT+01:00) Paris': the standard (winter) offset and the zone's city */
  label: string;
  /** the standard offset from UTC in minutes */
  offsetMinutes: number;
}

/**
 * One zone per whole-hour offset from GMT-12 to GMT+13 (spec section 9). Real cities, not
 * 'Etc/GMT-1' style fixed offsets: a hotel in Paris must follow Paris's summer time, which a fixed
 * offset never does (and 'Etc/GMT+5' means UTC-5, a sign operators misread). The offset in a label
 * is standard time; in summer a zone with daylight saving runs an hour later. GMT-12 has no city
 * (only uninhabited islands), so it is Etc/GMT+12. Europe/London and America/New_York are the
 * demo data's zones; Asia/Qatar, Asia/Dubai, Asia/Bangkok and Asia/Singapore match the currencies.
 * Any other IANA zone (say Asia/Kolkata, GMT+05:30) is still a valid TIME_ZONE (isTimeZone).
 */
export const TIME_ZONES: readonly TimeZoneEntry[] = [
  { value: 'Etc/GMT+12', label: '(GMT-12:00) International Date Line West', offsetMinutes: -720 },
  { value: 'Pacific/Pago_Pago', label: '(GMT-11:00) Pago Pago', offsetMinutes: -660 },
  { value: 'Pacific/Honolulu', label: '(GMT-10:00) Honolulu', offsetMinutes: -600 },
  { value: 'America/Anchorage', label: '(GMT-09:00) Anchorage', offsetMinutes: -540 },
  { value: 'America/Los_Angeles', label: '(GMT-08:00) Los Angeles', offsetMinutes: -480 },
  { value: 'America/Denver', label: '(GMT-07:00) Denver', offsetMinutes: -420 },
  { value: 'America/Chicago', label: '(GMT-06:00) Chicago', offsetMinutes: -360 },
  { value: 'America/New_York', label: '(GMT-05:00) New York', offsetMinutes: -300 },
  { value: 'America/Halifax', label: '(GMT-04:00) Halifax', offsetMinutes: -240 },
  { value: 'America/Sao_Paulo', label: '(GMT-03:00) São Paulo', offsetMinutes: -180 },
  { value: 'Atlantic/South_Georgia', label: '(GMT-02:00) South Georgia', offsetMinutes: -120 },
  { value: 'Atlantic/Azores', label: '(GMT-01:00) Azores', offsetMinutes: -60 },
  { value: 'Europe/London', label: '(GMT+00:00) London', offsetMinutes: 0 },
  { value: 'Europe/Paris', label: '(GMT+01:00) Paris', offsetMinutes: 60 },
  { value: 'Europe/Athens', label: '(GMT+02:00) Athens', offsetMinutes: 120 },
  { value: 'Asia/Qatar', label: '(GMT+03:00) Doha', offsetMinutes: 180 },
  { value: 'Asia/Dubai', label: '(GMT+04:00) Dubai', offsetMinutes: 240 },
  { value: 'Asia/Karachi', label: '(GMT+05:00) Karachi', offsetMinutes: 300 },
  { value: 'Asia/Dhaka', label: '(GMT+06:00) Dhaka', offsetMinutes: 360 },
  { value: 'Asia/Bangkok', label: '(GMT+07:00) Bangkok', offsetMinutes: 420 },
  { value: 'Asia/Singapore', label: '(GMT+08:00) Singapore', offsetMinutes: 480 },
  { value: 'Asia/Tokyo', label: '(GMT+09:00) Tokyo', offsetMinutes: 540 },
  { value: 'Australia/Sydney', label: '(GMT+10:00) Sydney', offsetMinutes: 600 },
  { value: 'Pacific/Noumea', label: '(GMT+11:00) Nouméa', offsetMinutes: 660 },
  { value: 'Pacific/Auckland', label: '(GMT+12:00) Auckland', offsetMinutes: 720 },
  { value: 'Pacific/Tongatapu', label: '(GMT+13:00) Nuku’alofa', offsetMinutes: 780 },
];

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * Whether `value` is an IANA time zone this runtime knows, spelled as the database spells it
 * ('Europe/Paris', not 'europe/paris'): one of TIME_ZONES or any other zone, such as Asia/Kolkata.
 */
export function isTimeZone(value: string): boolean {
  if (!ZONE_NAME.test(value)) return false;
  if (TIME_ZONES.some((zone) => zone.value === value)) return true;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
    // an alias may resolve to another name (Asia/Kolkata to Asia/Calcutta), a miscased name to its own
    return resolved === value || resolved.toLowerCase() !== value.toLowerCase();
  } catch {
    return false; // RangeError: no such zone
  }
}

/** The zone's offset from UTC in minutes at `instant`, as this runtime's time-zone data has it; null when it has none. */
function offsetAt(zone: string, instant: Date): number | null {
  try {
    const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((entry) => entry.type === 'timeZoneName')?.value;
    const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(part ?? '');
    if (!match) return null;
    if (!match[1]) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return null;
  }
}

/**
 * A zone of the list, or any other IANA zone this runtime knows (Europe/Lisbon, Asia/Kolkata), as
 * the list shows its own: '(GMT+05:30) Kolkata', the standard offset (the smaller of January's and
 * July's: daylight saving adds) and the zone's city. A value that is no zone at all stays as it is.
 */
export function timeZoneEntry(value: string, year = new Date().getUTCFullYear()): TimeZoneEntry | null {
  const listed = TIME_ZONES.find((zone) => zone.value === value);
  if (listed) return listed;
  if (!isTimeZone(value)) return null;
  const january = offsetAt(value, new Date(Date.UTC(year, 0, 15, 12)));
  const july = offsetAt(value, new Date(Date.UTC(year, 6, 15, 12)));
  if (january === null || july === null) return null;
  const offsetMinutes = Math.min(january, july);
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  const offset = `(GMT${offsetMinutes < 0 ? '-' : '+'}${hours}:${minutes})`;
  // 'America/Argentina/Buenos_Aires': Buenos Aires; a fixed offset ('Etc/GMT-3') or 'UTC' says its offset alone
  const city = value.startsWith('Etc/') ? '' : (value.split('/').at(-1) ?? '').replaceAll('_', ' ');
  return { value, label: city === '' || value === 'UTC' ? offset : `${offset} ${city}`, offsetMinutes };
}

/** How a TIME_ZONE value reads wherever one is shown: the list's label, or one made alike (timeZoneEntry). */
export function timeZoneLabel(value: string): string {
  return timeZoneEntry(value)?.label ?? value;
}

/** The regional information of a unit (spec sections 2 and 5): a new venue or hotel goes on only with all three. */
export const REGIONAL_KEYS = ['LOCALE', 'CURRENCY', 'TIME_ZONE'] as const;
export type RegionalKey = (typeof REGIONAL_KEYS)[number];

/**
 * A new unit's own regional values: a key left out (or null) inherits, '' is a value the operator
 * cleared (nothing chosen, so the form cannot go on), anything else is set on the unit.
 */
export type RegionalOwn = Partial<Record<RegionalKey, string | null>>;
/** What a new unit would inherit, per key: the value and the name of who sets it. */
export type RegionalInherited = Partial<Record<RegionalKey, { value: string; fromName: string }>>;

/** A regional field as shown: its value (own, or inherited; null: none), and who an inherited one comes from. */
export function regionalShown(own: RegionalOwn, inherited: RegionalInherited, key: RegionalKey): { value: string | null; from: string | null } {
  const value = own[key];
  if (value === undefined || value === null) return { value: inherited[key]?.value ?? null, from: inherited[key]?.fromName ?? null };
  return { value: value === '' ? null : value, from: null };
}

/** Whether all three regional values are there, own or inherited. */
export function regionalComplete(own: RegionalOwn, inherited: RegionalInherited): boolean {
  return REGIONAL_KEYS.every((key) => regionalShown(own, inherited, key).value !== null);
}

/** The own value after the operator chose `chosen` (null: cleared): the inherited value again inherits (null). */
export function regionalChoice(chosen: string | null, inherited: RegionalInherited, key: RegionalKey): string | null {
  return chosen === null ? '' : chosen === inherited[key]?.value ? null : chosen;
}

/** The regional values a new unit writes: only those set on it, the rest stays inherited. */
export function regionalAttributes(own: RegionalOwn): Partial<Record<RegionalKey, string>> {
  const written: Partial<Record<RegionalKey, string>> = {};
  for (const key of REGIONAL_KEYS) {
    const value = own[key];
    if (value) written[key] = value;
  }
  return written;
}

/**
 * ISO 3166-1 alpha-2 codes of every country and territory (249). Names are not kept here: the
 * country selector writes them in the interface language with Intl.DisplayNames.
 */
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ',
  'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ',
  'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
  'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY',
  'HK', 'HM', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP',
  'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY',
  'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ',
  'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM',
  'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ',
  'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ',
  'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export function isCountryCode(value: string): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value);
}
