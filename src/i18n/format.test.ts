import { describe, expect, it } from 'vitest';
import { PMS_CONNECTION_MESSAGES, PMS_CONNECTION_TYPE_LABELS, PMS_CONNECTION_TYPES } from '../domain';
import { en } from './messages-en';
import { countList, formatDate, formatDateTime, formatList, formatNumber, formatRelativeTime, formatTime, plural, t } from './index';

const minute = 60_000;

describe('formatDateTime', () => {
  it('writes one format in the interface language: day, short month, year and 24-hour time', () => {
    expect(formatDateTime('2026-11-23T07:21:00Z', { timeZone: 'UTC' })).toBe('23 Nov 2026, 07:21');
    expect(formatDateTime(Date.UTC(2026, 0, 5, 17, 5), { timeZone: 'UTC' })).toBe('5 Jan 2026, 17:05');
    expect(formatDateTime(new Date('2026-11-23T23:59:00Z'), { timeZone: 'Europe/Zurich' })).toBe('24 Nov 2026, 00:59');
  });

  it("uses the operator's own time zone unless told another", () => {
    const at = new Date(2026, 10, 23, 7, 21);
    expect(formatDateTime(at)).toBe('23 Nov 2026, 07:21');
  });

  it('writes nothing for a value that is no date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });

  it('writes the time alone the same way', () => {
    expect(formatTime('2026-11-23T19:04:00Z', { timeZone: 'UTC' })).toBe('19:04');
  });

  it('makes one formatter for a list of dates, not one a date, and a new one for other options', () => {
    const Original = Intl.DateTimeFormat;
    let made = 0;
    (Intl as { DateTimeFormat: unknown }).DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    };
    try {
      const days = Array.from({ length: 50 }, (_, i) => Date.UTC(2026, 0, 1 + i, 9, 30));
      const written = days.map((day) => formatDateTime(day, { timeZone: 'Asia/Tokyo' }));
      expect(written[0]).toBe('1 Jan 2026, 18:30');
      expect(written[49]).toBe('19 Feb 2026, 18:30');
      expect(made).toBeLessThanOrEqual(1);
      expect(formatDateTime(days[0] as number, { timeZone: 'America/New_York' })).toBe('1 Jan 2026, 04:30');
      expect(formatDateTime(days[1] as number, { timeZone: 'Asia/Tokyo' })).toBe('2 Jan 2026, 18:30');
    } finally {
      (Intl as { DateTimeFormat: unknown }).DateTimeFormat = Original;
    }
  });
});

describe('formatDate', () => {
  it('writes the date part of formatDateTime: day, short month, year', () => {
    expect(formatDate('2026-11-23T07:21:00Z', { timeZone: 'UTC' })).toBe('23 Nov 2026');
    expect(formatDate(Date.UTC(2026, 0, 5, 17, 5), { timeZone: 'UTC' })).toBe('5 Jan 2026');
    expect(formatDate(new Date('2026-11-23T23:59:00Z'), { timeZone: 'Europe/Zurich' })).toBe('24 Nov 2026');
  });

  it('writes an ISO day as that day in every time zone', () => {
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDate('2026-01-01', { timeZone: 'America/Los_Angeles' })).toBe('1 Jan 2026');
    expect(formatDate('2026-12-31', { timeZone: 'Pacific/Kiritimati' })).toBe('31 Dec 2026');
  });

  it('writes nothing for a value that is no date, or a day that does not exist', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2026-02-30')).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.UTC(2026, 10, 23, 12, 0);

  it('says how long ago in the largest whole unit, in words', () => {
    expect(formatRelativeTime(now, now)).toBe('now');
    expect(formatRelativeTime(now - 45_000, now)).toBe('45 seconds ago');
    expect(formatRelativeTime(now - 2 * minute, now)).toBe('2 minutes ago');
    expect(formatRelativeTime(now - 1 * minute, now)).toBe('1 minute ago');
    expect(formatRelativeTime(now - 3 * 60 * minute, now)).toBe('3 hours ago');
    expect(formatRelativeTime(now - 24 * 60 * minute, now)).toBe('yesterday');
    expect(formatRelativeTime(now - 4 * 24 * 60 * minute, now)).toBe('4 days ago');
  });

  it('says a time to come as such', () => {
    expect(formatRelativeTime(now + 5 * minute, now)).toBe('in 5 minutes');
  });
});

describe('formatNumber', () => {
  it('writes whole numbers as the Intl formatter of the language does, without making one', () => {
    const intl = new Intl.NumberFormat('en-GB');
    const values = [0, 7, -7, 999, 1000, -1000, 1234, 12345, 123456, 1234567, -9876543210, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];
    for (let power = 0; power <= 15; power += 1) values.push(10 ** power, 10 ** power - 1, -(10 ** power));
    const Real = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      made += 1;
      return new Real(...args);
    } as unknown as typeof Intl.NumberFormat;
    try {
      for (const value of values) expect(formatNumber(value)).toBe(intl.format(value));
      expect(formatNumber(1234567)).toBe('1,234,567');
    } finally {
      Intl.NumberFormat = Real;
    }
    expect(made).toBe(0);
  });
  it('leaves fractions and numbers past the safe range to the Intl formatter', () => {
    const intl = new Intl.NumberFormat('en-GB');
    for (const value of [0.5, 1234.5678, -1234.25, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatNumber(value)).toBe(intl.format(value));
  });
});

describe('plural', () => {
  it('chooses the form the language gives the count (Intl.PluralRules)', () => {
    expect(plural('sync.badge.conflict', 1)).toBe('1 conflict');
    expect(plural('sync.badge.conflict', 0)).toBe('0 conflicts');
    expect(plural('sync.badge.conflict', 3)).toBe('3 conflicts');
    expect(plural('sync.now.sent', 1)).toBe('Sent 1 change to the gateway');
    expect(plural('sync.now.sent', 12)).toBe('Sent 12 changes to the gateway');
  });

  it('writes large counts with the grouping of the language', () => {
    expect(plural('logout.work.changes', 1234)).toBe('1,234 unsynced changes');
  });

  it('has a one and an other form for every plural message', () => {
    const keys = Object.keys(en);
    for (const key of keys.filter((candidate) => candidate.endsWith('.one'))) expect(keys, key).toContain(key.replace(/\.one$/, '.other'));
  });
});

describe('lists of counts', () => {
  it('leaves out the zero parts and joins the rest as the language does', () => {
    const work = (changes: number, drafts: number) =>
      countList([
        ['logout.work.changes', changes],
        ['logout.work.drafts', drafts],
      ]);
    expect(work(3, 0)).toBe('3 unsynced changes');
    expect(work(0, 1)).toBe('1 unsaved draft');
    expect(work(1, 2)).toBe('1 unsynced change and 2 unsaved drafts');
    expect(work(0, 0)).toBe('');
    expect(formatList(['a', null, 'b', '', 'c'])).toBe('a, b and c');
  });

  it('makes the logout warning agree with the count', () => {
    expect(plural('logout.unsyncedText', 3, { work: '3 unsynced changes' })).toBe('Your 3 unsynced changes are kept only in this browser. Logging out deletes them.');
    expect(plural('logout.unsyncedText', 1, { work: '1 unsaved draft' })).toBe('Your 1 unsaved draft is kept only in this browser. Logging out deletes it.');
  });
});

describe('the words of the spec', () => {
  it('names the PMS connection types as spec section 9 does', () => {
    expect(PMS_CONNECTION_TYPES.map((type) => t(`pms.type.${type}`))).toEqual(PMS_CONNECTION_TYPES.map((type) => PMS_CONNECTION_TYPE_LABELS[type]));
    expect(PMS_CONNECTION_TYPES.map((type) => t(`pms.type.${type}`))).toEqual(['OPERA IFC8 XML', 'OPERA IFC8 XML AGENT', 'MOCK (for testing)']);
  });

  it('has the words of the PMS connection rules the domain and the gateway check', () => {
    expect(en['pms.error.nameRequired']).toBe(PMS_CONNECTION_MESSAGES.nameRequired);
    expect(en['pms.error.nameTooLong']).toBe(PMS_CONNECTION_MESSAGES.nameTooLong);
    expect(en['pms.error.nameTaken']).toBe(PMS_CONNECTION_MESSAGES.nameTaken);
    expect(en['pms.error.hostRequired']).toBe(PMS_CONNECTION_MESSAGES.hostRequired);
    expect(en['pms.error.hostInvalid']).toBe(PMS_CONNECTION_MESSAGES.hostInvalid);
    expect(en['pms.error.ipv4Invalid']).toBe(PMS_CONNECTION_MESSAGES.ipv4Invalid);
    expect(en['pms.error.port']).toBe(PMS_CONNECTION_MESSAGES.port);
    expect(en['pms.error.type']).toBe(PMS_CONNECTION_MESSAGES.type);
  });

  it("has the spec's unsaved-changes words, and says 'cannot be undone' in its own texts", () => {
    expect(en['unsaved.title']).toBe('You have unsaved changes');
    expect(en['unsaved.text']).toBe('Are you sure you want to leave and discard changes?');
    // the spec's own words for the rate-code and access-service removals, verbatim
    const spec = new Set<string>(['rateCodes.removeText', 'accessControl.removeText']);
    expect(en['rateCodes.removeText']).toBe('Are you sure you want to remove {name}? This action can not be undone.');
    expect(en['accessControl.removeText']).toBe('Are you sure you want to delete {name}? This can not be undone.');
    const own = Object.entries(en)
      .filter(([key, text]) => !spec.has(key) && /undone/.test(text))
      .map(([, text]) => text);
    expect(own.length).toBeGreaterThan(0);
    for (const text of own) expect(text).not.toMatch(/can not be undone/);
  });
});
