import { describe, expect, it } from 'vitest';
import { transactionUnitUuids, type Grants, type TreeOrganization } from './permissions';
import {
  accessLogQuerySchema,
  csvCell,
  csvRecord,
  formatInZone,
  paymentTypeSign,
  TRANSACTION_MESSAGES,
  transactionExportQuerySchema,
  transactionSearchQuerySchema,
} from './transactions';

const ORG = '00000000-0000-4000-8000-00000000000a';
const OTHER_ORG = '00000000-0000-4000-8000-00000000000b';
const HOTEL = '00000000-0000-4000-8000-000000000001';
const VENUE = '00000000-0000-4000-8000-000000000002';
const RC = '00000000-0000-4000-8000-000000000003';
const OTHER_HOTEL = '00000000-0000-4000-8000-000000000004';
const ELSEWHERE = '00000000-0000-4000-8000-000000000005';
const tree: TreeOrganization[] = [
  { uuid: ORG, ous: [{ uuid: HOTEL, parentUuid: null }, { uuid: VENUE, parentUuid: HOTEL }, { uuid: RC, parentUuid: VENUE }, { uuid: OTHER_HOTEL, parentUuid: null }] },
  { uuid: OTHER_ORG, ous: [{ uuid: ELSEWHERE, parentUuid: null }] },
];
const business = (ous: string[], omnipresence = false) => ({ membershipType: 'BUSINESS_DATA' as const, orgs: [], ous, omnipresence });

describe('whose transactions a user reads', () => {
  it('a one-hotel grant reads that hotel and the units below it, nothing else', () => {
    const grants: Grants = { permissions: ['VIEW_TRANSACTIONS'], memberships: [business([HOTEL])] };
    expect([...transactionUnitUuids(grants, tree)].sort()).toEqual([HOTEL, VENUE, RC].sort());
  });
  it('without VIEW_TRANSACTIONS a business-data membership reads nothing', () => {
    expect(transactionUnitUuids({ permissions: ['SETUP_OU'], memberships: [business([HOTEL])] }, tree).size).toBe(0);
  });
  it('a management membership is not a business-data one', () => {
    const grants: Grants = { permissions: ['VIEW_TRANSACTIONS'], memberships: [{ membershipType: 'MANAGEMENT', orgs: [ORG], ous: [], omnipresence: false }] };
    expect(transactionUnitUuids(grants, tree).size).toBe(0);
  });
  it('omnipresent business data reads every unit of every organization', () => {
    expect(transactionUnitUuids({ permissions: [], memberships: [business([], true)] }, tree).size).toBe(5);
  });
});

describe('the sign of an amount', () => {
  it('sales and voided refunds add, refunds and voided sales take away', () => {
    expect([paymentTypeSign('SALES'), paymentTypeSign('VOID_REFUND'), paymentTypeSign('REFUND'), paymentTypeSign('VOID_SALES')]).toEqual([1, 1, -1, -1]);
  });
});

describe('transaction search query', () => {
  const base = { ouUuids: `${HOTEL},${VENUE}` };
  it('reads comma-separated and repeated lists, defaults and TRUE/FALSE', () => {
    const parsed = transactionSearchQuerySchema.parse({ ...base, paymentTypes: ['SALES', 'REFUND'], includeDescendants: 'false' });
    expect(parsed.ouUuids).toEqual([HOTEL, VENUE]);
    expect(parsed.paymentTypes).toEqual(['SALES', 'REFUND']);
    expect(parsed.includeDescendants).toBe(false);
    expect(parsed.page).toBe(0);
    expect(parsed.pageSize).toBe(10);
    expect(transactionSearchQuerySchema.parse(base).includeDescendants).toBe(true);
  });
  it('refuses a bad date, an inverted range, an oversized or too deep page, an unknown type and no units', () => {
    const messages = (query: Record<string, unknown>) => {
      const result = transactionSearchQuerySchema.safeParse(query);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ ...base, after: '26/11/2026' })).toContain(TRANSACTION_MESSAGES.badDate);
    expect(messages({ ...base, after: '2026-11-26T10:00:00Z', before: '2026-11-26T09:00:00Z' })).toContain(TRANSACTION_MESSAGES.invertedRange);
    expect(messages({ ...base, pageSize: '101' })).toContain(TRANSACTION_MESSAGES.pageTooLarge);
    expect(messages({ ...base, page: '10000', pageSize: '100' })).toContain(TRANSACTION_MESSAGES.pageTooDeep);
    expect(messages({ ...base, paymentMethodTypes: 'CARD_PRESENT,BITCOIN' })[0]).toMatch(/paymentMethodTypes takes CARD_PRESENT/);
    expect(messages({})).toContain(TRANSACTION_MESSAGES.unitsRequired);
    expect(messages({ ouUuids: 'not-a-uuid' })).toContain('ouUuids must be unit uuids');
  });
});

describe('export query', () => {
  const query = { after: '2026-11-01T00:00:00Z', before: '2026-11-26T00:00:00Z', timeZone: 'Europe/Lisbon', email: ' Night.Audit@Example.com ' };
  it('takes a range, an IANA zone and an address (trimmed, lower case)', () => {
    expect(transactionExportQuerySchema.parse(query)).toMatchObject({ email: 'night.audit@example.com', includeDescendants: true });
  });
  it('refuses an unknown zone, a bad address and an inverted range', () => {
    expect(transactionExportQuerySchema.safeParse({ ...query, timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(transactionExportQuerySchema.safeParse({ ...query, email: 'audit' }).success).toBe(false);
    expect(transactionExportQuerySchema.safeParse({ ...query, after: query.before, before: query.after }).success).toBe(false);
  });
});

describe('access log query', () => {
  it('refuses an unknown identification method and a limit over 500', () => {
    expect(accessLogQuerySchema.safeParse({ orgUuid: ORG, identificationMethods: 'MSR,Face' }).success).toBe(false);
    expect(accessLogQuerySchema.safeParse({ orgUuid: ORG, limit: '501' }).success).toBe(false);
    expect(accessLogQuerySchema.parse({ orgUuid: ORG, identificationMethods: 'MSR,Contactless' }).identificationMethods).toEqual(['MSR', 'Contactless']);
  });
});

describe('CSV cells', () => {
  it('quotes what needs quoting (RFC 4180) and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Smith, John')).toBe('"Smith, John"');
    expect(csvCell('the "VIP" table')).toBe('"the ""VIP"" table"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvRecord(['a', 1, null])).toBe('a,1,\r\n');
  });
  it('neutralises formula prefixes in text and keeps negative numbers as numbers', () => {
    for (const text of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx']) expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(-1250)).toBe('-1250');
  });
});

describe('times in a zone', () => {
  it('writes the same instant as the clock of each zone', () => {
    const instant = new Date('2026-07-01T12:30:05Z');
    expect(formatInZone(instant, 'Europe/Lisbon')).toBe('2026-07-01 13:30:05');
    expect(formatInZone(instant, 'America/New_York')).toBe('2026-07-01 08:30:05');
    expect(formatInZone(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01 00:00:00');
  });
});
