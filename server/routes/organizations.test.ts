import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationListResponseSchema } from '../../src/domain/index';
import { organizationalUnits, organizations } from '../db/schema';
import type { TestApp } from '../test-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, createUser, login, MANAGER_EMAIL, MANAGER_PASSWORD } from '../test-helpers';

const ORGS = '/api/organization/v1/organization';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const [alpha] = await t.db.insert(organizations).values({ name: 'Alpine Lodges', legalCompanyName: 'Alpine Lodges AG', status: 'INACTIVE' }).returning();
  if (!alpha) throw new Error('no org');
  await t.db.insert(organizationalUnits).values({ orgUuid: alpha.uuid, type: 'HOTEL', name: 'Glacier Hotel', attributes: { NAME: 'Glacier Hotel' } });
});
afterAll(async () => {
  await t.close();
});

async function names(email: string, password: string): Promise<string[]> {
  const session = await login(t.app, email, password);
  const response = await t.app.inject({ method: 'GET', url: ORGS, headers: bearer(session.token) });
  expect(response.statusCode).toBe(200);
  return organizationListResponseSchema.parse(response.json()).data.map((org) => org.name);
}

describe('GET /organization/v1/organization', () => {
  it('shows every organization, sorted by name, to omnipresence', async () => {
    expect(await names(ADMIN_EMAIL, ADMIN_PASSWORD)).toEqual(['Alpine Lodges', 'Demo Hospitality Group']);
  });

  it('shows the demo organization to the manager of one of its hotels only', async () => {
    expect(await names(MANAGER_EMAIL, MANAGER_PASSWORD)).toEqual(['Demo Hospitality Group']);
  });

  it('shows nothing to a user without memberships', async () => {
    await createUser(t.db, { email: 'nobody@example.com', password: 'Nobody-Password1' });
    expect(await names('nobody@example.com', 'Nobody-Password1')).toEqual([]);
  });

  it('counts BUSINESS_DATA memberships and organization memberships too', async () => {
    const [pos] = await t.db.select().from(organizationalUnits).where(eq(organizationalUnits.name, 'Pool Bar POS'));
    const [alpine] = await t.db.select().from(organizations).where(eq(organizations.name, 'Alpine Lodges'));
    await createUser(t.db, {
      email: 'cashier@example.com',
      password: 'Cashier-Password1',
      memberships: [
        { membershipType: 'BUSINESS_DATA', omnipresence: false, orgs: [], ous: [pos?.uuid ?? ''] },
        { membershipType: 'MANAGEMENT', omnipresence: false, orgs: [alpine?.uuid ?? ''], ous: [] },
      ],
    });
    expect(await names('cashier@example.com', 'Cashier-Password1')).toEqual(['Alpine Lodges', 'Demo Hospitality Group']);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: ORGS })).statusCode).toBe(401);
  });
});
