import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTE_GROUPS,
  ATTRIBUTE_KEYS,
  attributeDefinition,
  attributeFieldKeysOfGroup,
  attributeKeysOfGroup,
  attributeKeysOfKind,
  attributesWriteSchema,
  decodeAttribute,
  encodeAttribute,
  INHERITABLE_ATTRIBUTE_KEYS,
  isAttributeKey,
  normalizeAttributes,
  UNIT_ATTRIBUTES,
  validateAttributes,
} from './unit-attributes';

/** Spec section 3, "Organizational unit": the attribute keys requested from the API, by its groups. */
const SPEC_KEYS = {
  General: 'TYPE NAME DESCRIPTION CURRENCY LOCALE TIME_ZONE LOCATION WEBSITE GST_NUMBER LOGO LOGO_URL PHONE_NUMBER POI_BACKGROUND_IMAGE POI_BACKGROUND_IMAGE_URL POI_IDLE_IMAGE POI_IDLE_IMAGE_URL POI_IDLE_TIME POI_LOCATION_NAME POI_SEARCH_FILTER_BEHAVIOR',
  Tipping: 'POI_TIP_ENABLED POI_TIP_PERCENTAGES POI_CUSTOM_TIP_ENABLED',
  Payment: 'POI_SPLIT_ENABLED POI_SPLIT_BY_ITEM_ENABLED POI_CASH_PAYMENT_ENABLED POI_CARD_PAYMENT_ENABLED POI_CITY_LEDGER_ENABLED POI_VOID_ENABLED POI_REFUND_ENABLED POI_BALANCE_INQUIRY_ENABLED',
  Receipts: 'POI_GET_RECEIPT_BY_EMAIL_ENABLED POI_GET_RECEIPT_BY_SMS_ENABLED POI_QR_RECEIPT_ENABLED POI_GET_RECEIPT_HARDCOPY_ENABLED POI_PREFORMATTED_RECEIPT_ENABLED RECEIPT_BOTTOM_IMAGE RECEIPT_BOTTOM_IMAGE_URL',
  'Employee, ordering': 'POI_EMPLOYEE_IDENTIFICATION_ENABLED POI_EMPLOYEE_IDENTIFICATION_METHOD POI_LOTTERY_ENABLED POI_FISCAL_DEVICE_ENABLED POI_ORDERING_ENABLED POI_QUICK_SERVICE_ENABLED POI_ITEMS_IMAGE_GRID_ENABLED POI_FAV_ITEMS_ENABLED POI_DISCOUNTS_ENABLED',
  'Table and guest': 'POI_TABLE_NUMBER_ENABLED POI_TABLE_NUMBER_REQUIRED POI_NUMBER_OF_GUESTS_ENABLED POI_NUMBER_OF_GUESTS_REQUIRED POI_GUEST_NAME_ENABLED POI_GUEST_NAME_REQUIRED',
  'Hotel and PMS': 'POI_ROOM_CHARGE_ENABLED POI_ROOM_CHARGE_DEFAULT_HOTEL POI_ROOM_CHARGE_HOTEL_LIST POI_PMS_POSTING_ENABLED PMS_CONNECTION PMS_NOTIFICATION_EMAILS PMS_PROPERTY_ID PMS_DELEGATE_TAXES PMS_POSTING_HOTEL_UUID',
  'Access control': 'POI_ACCESS_CONTROL_ENABLED POI_ACCESS_CONTROL_SERVICES',
};
const specKeys = Object.values(SPEC_KEYS).flatMap((keys) => keys.split(' '));

const HOTEL = '6f1c1f47-3c55-4b8e-9a36-2f7c9f0e5a11';
const OTHER_HOTEL = '7a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6';

describe('the attribute registry', () => {
  it('holds every key of spec section 3, in its order, and no other', () => {
    expect(ATTRIBUTE_KEYS).toEqual(specKeys);
    expect(ATTRIBUTE_KEYS).toHaveLength(63);
  });

  it('puts every key in one of the unit settings groups, and every group has keys', () => {
    const grouped = ATTRIBUTE_GROUPS.flatMap((group) => attributeKeysOfGroup(group));
    expect([...grouped].sort()).toEqual([...ATTRIBUTE_KEYS].sort());
    for (const group of ATTRIBUTE_GROUPS) expect(attributeKeysOfGroup(group).length, group).toBeGreaterThan(0);
    expect(attributeKeysOfGroup('regional')).toEqual(['CURRENCY', 'LOCALE', 'TIME_ZONE']);
    expect(attributeKeysOfGroup('tipping')).toEqual(['POI_TIP_ENABLED', 'POI_TIP_PERCENTAGES', 'POI_CUSTOM_TIP_ENABLED']);
    expect(attributeKeysOfGroup('access-control')).toEqual(['POI_ACCESS_CONTROL_ENABLED', 'POI_ACCESS_CONTROL_SERVICES']);
  });

  it('gives each kind the keys it belongs to', () => {
    expect(attributeKeysOfKind('email-list')).toEqual(['PMS_NOTIFICATION_EMAILS']);
    expect(attributeKeysOfKind('tip-percentages')).toEqual(['POI_TIP_PERCENTAGES']);
    expect(attributeKeysOfKind('enum')).toEqual(['TYPE', 'POI_SEARCH_FILTER_BEHAVIOR', 'POI_EMPLOYEE_IDENTIFICATION_METHOD']);
    expect(attributeKeysOfKind('image')).toEqual(['LOGO', 'POI_BACKGROUND_IMAGE', 'POI_IDLE_IMAGE', 'RECEIPT_BOTTOM_IMAGE']);
    expect(attributeKeysOfKind('currency')).toEqual(['CURRENCY']);
    expect(attributeKeysOfKind('locale')).toEqual(['LOCALE']);
    expect(attributeKeysOfKind('time-zone')).toEqual(['TIME_ZONE']);
    // every *_ENABLED and *_REQUIRED flag, and PMS_DELEGATE_TAXES, is a tri-state
    const flags = ATTRIBUTE_KEYS.filter((key) => /_(ENABLED|REQUIRED)$/.test(key) || key === 'PMS_DELEGATE_TAXES');
    expect(attributeKeysOfKind('tri-state')).toEqual(flags);
  });

  it('pairs each image with its _URL companion, which forms do not show as a field of its own', () => {
    for (const image of attributeKeysOfKind('image')) {
      const urlKey = attributeDefinition(image).urlKey;
      expect(urlKey).toBe(`${image}_URL`);
      expect(isAttributeKey(urlKey ?? '') && attributeDefinition(urlKey as 'LOGO_URL').companionOf).toBe(image);
    }
    expect(attributeFieldKeysOfGroup('branding')).toEqual(['LOGO', 'POI_BACKGROUND_IMAGE', 'POI_IDLE_IMAGE', 'POI_IDLE_TIME']);
  });

  it('offers PIN and CREDENTIALS for the employee identification method', () => {
    expect(attributeDefinition('POI_EMPLOYEE_IDENTIFICATION_METHOD').options).toEqual(['PIN', 'CREDENTIALS']);
    expect(attributeDefinition('CURRENCY').options).toEqual(['EUR', 'SGD', 'USD', 'AED', 'QAR', 'JOD', 'GBP', 'THB']);
  });

  it('lets units inherit settings, but not their identity or their PMS set-up', () => {
    for (const key of ['CURRENCY', 'LOCALE', 'TIME_ZONE', 'LOGO', 'POI_TIP_ENABLED', 'POI_TIP_PERCENTAGES', 'POI_ROOM_CHARGE_HOTEL_LIST'] as const) expect(INHERITABLE_ATTRIBUTE_KEYS).toContain(key);
    for (const key of ['TYPE', 'NAME', 'DESCRIPTION', 'POI_LOCATION_NAME', 'PMS_CONNECTION', 'PMS_PROPERTY_ID', 'PMS_NOTIFICATION_EMAILS'] as const) {
      expect(UNIT_ATTRIBUTES[key].inheritable, key).toBe(false);
    }
  });
});

describe('decodeAttribute and encodeAttribute', () => {
  it('read and write each kind as the string it is stored as', () => {
    expect(decodeAttribute('POI_TIP_ENABLED', 'true')).toBe(true);
    expect(encodeAttribute('POI_TIP_ENABLED', false)).toBe('false');
    expect(decodeAttribute('POI_TIP_PERCENTAGES', '[10,12.5]')).toEqual([10, 12.5]);
    expect(encodeAttribute('POI_TIP_PERCENTAGES', [10, 12.5])).toBe('[10,12.5]');
    expect(decodeAttribute('PMS_NOTIFICATION_EMAILS', '["ops@hotel.com"]')).toEqual(['ops@hotel.com']);
    expect(decodeAttribute('POI_IDLE_TIME', '90')).toBe(90);
    expect(encodeAttribute('POI_IDLE_TIME', 90)).toBe('90');
    expect(decodeAttribute('CURRENCY', 'SGD')).toBe('SGD');
  });

  it('read null for a value not set here, and for one that is no value of the kind', () => {
    expect(decodeAttribute('POI_TIP_ENABLED', null)).toBeNull();
    expect(decodeAttribute('POI_TIP_ENABLED', undefined)).toBeNull();
    expect(decodeAttribute('POI_TIP_ENABLED', 'yes')).toBeNull();
    expect(decodeAttribute('CURRENCY', 'CHF')).toBeNull();
    expect(encodeAttribute('POI_TIP_ENABLED', null)).toBeNull();
  });
});

describe('validateAttributes', () => {
  it('accepts a valid write, nulls (reset to inherit) included', () => {
    expect(
      validateAttributes({
        NAME: 'Rooftop Bar',
        TYPE: 'VENUE',
        CURRENCY: 'EUR',
        LOCALE: 'en-GB',
        TIME_ZONE: 'Europe/Lisbon',
        WEBSITE: 'https://hotel.example',
        PHONE_NUMBER: '+351 21 000 0000',
        POI_TIP_ENABLED: 'true',
        POI_TIP_PERCENTAGES: '[10,12.5,15]',
        POI_EMPLOYEE_IDENTIFICATION_METHOD: 'CREDENTIALS',
        POI_SEARCH_FILTER_BEHAVIOR: 'CONTAINS',
        PMS_NOTIFICATION_EMAILS: '["ops@hotel.com","night@hotel.com"]',
        POI_ROOM_CHARGE_HOTEL_LIST: JSON.stringify([HOTEL, OTHER_HOTEL]),
        POI_ROOM_CHARGE_DEFAULT_HOTEL: HOTEL,
        LOGO: 'tmp/7f3a.jpg',
        LOGO_URL: 'https://cdn.example/tmp/7f3a.jpg',
        POI_IDLE_TIME: '120',
        POI_CASH_PAYMENT_ENABLED: null,
        DESCRIPTION: '',
      }),
    ).toEqual([]);
  });

  it('names an unknown key', () => {
    expect(validateAttributes({ POI_TELEPORT_ENABLED: 'true' })).toEqual([
      { key: 'POI_TELEPORT_ENABLED', code: 'unknown-key', message: 'POI_TELEPORT_ENABLED is not an attribute of a unit' },
    ]);
    // keys of Object.prototype are no attributes either
    expect(validateAttributes(JSON.parse('{"constructor":"x","__proto__":"y"}')).map((p) => p.code)).toEqual(['unknown-key', 'unknown-key']);
  });

  it('names a value of the wrong kind, and says what the key takes', () => {
    expect(validateAttributes({ POI_TIP_ENABLED: true })).toEqual([
      { key: 'POI_TIP_ENABLED', code: 'wrong-kind', message: "POI_TIP_ENABLED must be 'true' or 'false', or null to inherit" },
    ]);
    expect(validateAttributes({ POI_TIP_ENABLED: 'yes' })[0]?.code).toBe('wrong-kind');
    expect(validateAttributes({ POI_TIP_PERCENTAGES: '10,15' })[0]?.message).toBe('POI_TIP_PERCENTAGES must be a JSON list of numbers, or null to inherit');
    expect(validateAttributes({ POI_TIP_PERCENTAGES: '["10"]' })[0]?.code).toBe('wrong-kind');
    expect(validateAttributes({ PMS_NOTIFICATION_EMAILS: ['ops@hotel.com'] })[0]?.code).toBe('wrong-kind');
    expect(validateAttributes({ POI_IDLE_TIME: 60 })[0]?.code).toBe('wrong-kind');
    expect(validateAttributes({ POI_IDLE_TIME: '1.5' })[0]?.code).toBe('wrong-kind');
  });

  it("names a bad value with the spec's words where it has them", () => {
    const problem = (record: Record<string, unknown>) => validateAttributes(record).map(({ key, code, message }) => `${key} ${code}: ${message}`);
    expect(problem({ PMS_NOTIFICATION_EMAILS: '["ops@hotel.com","ops@"]' })).toEqual(['PMS_NOTIFICATION_EMAILS bad-value: ops@ is not a valid email address.']);
    expect(problem({ PMS_NOTIFICATION_EMAILS: '["ops@hotel.com","OPS@hotel.com"]' })).toEqual(['PMS_NOTIFICATION_EMAILS bad-value: OPS@hotel.com has already been added.']);
    expect(problem({ POI_TIP_PERCENTAGES: '[10,-5]' })).toEqual(['POI_TIP_PERCENTAGES bad-value: -5 is not a number.']);
    expect(problem({ POI_TIP_PERCENTAGES: '[10,10.0]' })).toEqual(['POI_TIP_PERCENTAGES bad-value: 10 has already been added.']);
    expect(problem({ CURRENCY: 'CHF' })).toEqual(['CURRENCY bad-value: Choose one of the currencies offered: EUR, SGD, USD, AED, QAR, JOD, GBP, THB']);
    expect(problem({ LOCALE: 'xx-YY' })).toEqual(['LOCALE bad-value: Choose one of the locales offered']);
    expect(problem({ TIME_ZONE: 'Mars/Olympus' })).toEqual(['TIME_ZONE bad-value: Choose an IANA time zone, such as Europe/Paris']);
    expect(problem({ POI_EMPLOYEE_IDENTIFICATION_METHOD: 'FACE' })).toEqual(['POI_EMPLOYEE_IDENTIFICATION_METHOD bad-value: Choose one of: PIN, CREDENTIALS']);
    expect(problem({ NAME: '   ' })).toEqual(['NAME bad-value: It cannot be empty']);
    expect(problem({ NAME: 'x'.repeat(51) })).toEqual(['NAME bad-value: It can have at most 50 characters']);
    expect(problem({ WEBSITE: 'javascript:alert(1)' })).toEqual(['WEBSITE bad-value: Enter a web address starting with http:// or https://']);
    expect(problem({ PHONE_NUMBER: 'call me' })[0]).toContain('PHONE_NUMBER bad-value');
    expect(problem({ POI_IDLE_TIME: '-1' })).toEqual(['POI_IDLE_TIME bad-value: Enter a whole number from 0 to 86400']);
    expect(problem({ PMS_CONNECTION: 'opera' })).toEqual(['PMS_CONNECTION bad-value: It must be the uuid of a PMS connection']);
    expect(problem({ POI_ROOM_CHARGE_HOTEL_LIST: JSON.stringify([HOTEL, HOTEL]) })).toEqual([`POI_ROOM_CHARGE_HOTEL_LIST bad-value: ${HOTEL} has already been added.`]);
    expect(problem({ LOGO: 'my logo.png' })).toEqual(['LOGO bad-value: It must be the key of an uploaded image']);
  });

  it('reports one problem per key, every key', () => {
    expect(validateAttributes({ CURRENCY: 'CHF', FOO: 'x', POI_TIP_ENABLED: 1, NAME: 'ok' }).map((p) => p.key)).toEqual(['CURRENCY', 'FOO', 'POI_TIP_ENABLED']);
  });

  it('refuses attributes that are no object', () => {
    for (const value of [null, 'NAME', ['NAME'], 3]) expect(validateAttributes(value)).toEqual([{ key: null, code: 'not-an-object', message: 'Attributes must be an object of attribute keys and values' }]);
  });
});

describe('attributesWriteSchema', () => {
  it('passes a valid write and gives each problem as an issue at its key', () => {
    expect(attributesWriteSchema.parse({ CURRENCY: 'EUR', POI_TIP_ENABLED: null })).toEqual({ CURRENCY: 'EUR', POI_TIP_ENABLED: null });
    const result = attributesWriteSchema.safeParse({ CURRENCY: 'CHF', FOO: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['CURRENCY', 'Choose one of the currencies offered: EUR, SGD, USD, AED, QAR, JOD, GBP, THB'],
      ['FOO', 'FOO is not an attribute of a unit'],
    ]);
  });
});

describe('normalizeAttributes', () => {
  it('writes every valid value in one spelling and keeps nulls', () => {
    expect(normalizeAttributes({ POI_TIP_PERCENTAGES: '[ 10.0, 12.50 ]', CURRENCY: 'EUR', POI_TIP_ENABLED: null })).toEqual({
      POI_TIP_PERCENTAGES: '[10,12.5]',
      CURRENCY: 'EUR',
      POI_TIP_ENABLED: null,
    });
    expect(() => normalizeAttributes({ CURRENCY: 'CHF' })).toThrow('Choose one of the currencies offered');
  });
});
