/**
 * First-start data on an empty database (no users): the administrator with omnipresent MANAGEMENT
 * and BUSINESS_DATA memberships and every permission, and unless LOBBY_DEMO=0 a demo organization
 * with 2 hotels, 3 venues, 4 revenue centers and 2 PMS connections plus a manager of one hotel, 20
 * devices (6 unassigned), a POS installation per venue, and on the Rooftop Bar a menu of 120 items in
 * 10 categories with tags and 12 favourites and 8 discounts (2 DEACTIVATED). A
 * database that has users is never touched, so a restart keeps everything; an advisory lock keeps
 * two gateways starting at once from seeding twice.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { AccessControlIdMethod, Attributes, DeviceStatus, DiscountStatus, DiscountType, PmsConnectionInput, UnitType } from '../../src/domain/index';
import { deviceAliasKey, parseMinor, PERMISSIONS } from '../../src/domain/index';
import { hashPassword } from '../auth/passwords';
import { generatePassword } from '../auth/secrets';
import type { Database, Transaction } from './client';
import { DEMO_ACCESS_LOG_DEFAULT, seedDemoAccessLog } from './seed-access-log';
import { afterDemoHistory, seedDemoHistory } from './seed-transactions';
import {
  accessControlServices,
  devices,
  deviceUnits,
  discounts,
  hotelDefinitions,
  memberships,
  orderItemCategories,
  orderItemDefinitions,
  orderItemTags,
  organizationalUnits,
  organizations,
  pmsConnections,
  pmsPackages,
  posInstallations,
  rateCodes,
  users,
} from './schema';

export const DEMO_ORGANIZATION_NAME = 'Demo Hospitality Group';
export const DEMO_MANAGER_EMAIL = 'manager@lobby.local';
const SEED_LOCK_ID = 7_401_202_502;

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string | null;
  demo: boolean;
  demoPassword: string | null;
  /** demo access-log entries (LOBBY_DEMO_ACCESS_LOG); default DEMO_ACCESS_LOG_DEFAULT */
  demoAccessLog?: number;
  /** demo transactions to generate (default DEMO_TRANSACTIONS_DEFAULT; 0: none) */
  demoTransactions?: number;
  /** progress lines of a long seed (the demo history); none by default */
  report?: (line: string) => void;
  /** the seed date the demo history ends at (default now) */
  now?: Date;
}

export interface SeededAccount {
  role: 'admin' | 'manager';
  email: string;
  /** the password this run generated for the account (to print once); null otherwise */
  password: string | null;
  /**
   * generated: made up by this run (see password); environment: this run created the account with
   * the password given in LOBBY_ADMIN_PASSWORD or LOBBY_DEMO_PASSWORD, which is never printed;
   * first-start: the account existed already.
   */
  passwordFrom: 'generated' | 'environment' | 'first-start';
}

export interface SeedResult {
  created: boolean;
  accounts: SeededAccount[];
}

interface DemoUnit {
  key: string;
  parent: string | null;
  type: UnitType;
  name: string;
  /** settings of its own, over what it inherits; '{hotel:harbour}' and '{pms:Opera Main}' name seeded records */
  attributes?: Attributes;
}

/**
 * The demo organization's own settings: what every unit inherits unless it sets its own, so the
 * set-here and inherited marks show on first start.
 */
export const DEMO_ORGANIZATION_ATTRIBUTES: Attributes = {
  LOCALE: 'en-GB',
  CURRENCY: 'EUR',
  TIME_ZONE: 'Europe/London',
  WEBSITE: 'https://demo-hospitality.example',
  POI_TIP_ENABLED: 'true',
  POI_TIP_PERCENTAGES: '[10,12.5,15]',
  POI_CUSTOM_TIP_ENABLED: 'false',
  POI_CASH_PAYMENT_ENABLED: 'true',
  POI_CARD_PAYMENT_ENABLED: 'true',
  POI_REFUND_ENABLED: 'true',
  POI_EMPLOYEE_IDENTIFICATION_ENABLED: 'true',
  POI_EMPLOYEE_IDENTIFICATION_METHOD: 'PIN',
  POI_GET_RECEIPT_BY_EMAIL_ENABLED: 'true',
  POI_ORDERING_ENABLED: 'true',
};

export const DEMO_UNITS: readonly DemoUnit[] = [
  {
    key: 'harbour',
    parent: null,
    type: 'HOTEL',
    name: 'Harbour View Hotel',
    attributes: { PHONE_NUMBER: '+351 21 000 0000', PMS_CONNECTION: '{pms:Opera Main}', PMS_PROPERTY_ID: 'HVH01', POI_PMS_POSTING_ENABLED: 'true', PMS_NOTIFICATION_EMAILS: '["night.audit@harbour.example"]' },
  },
  {
    key: 'sunset',
    parent: null,
    type: 'HOTEL',
    name: 'Sunset Bay Resort',
    attributes: { LOCALE: 'en-US', CURRENCY: 'USD', TIME_ZONE: 'America/New_York', POI_TIP_PERCENTAGES: '[15,18,20]' },
  },
  { key: 'rooftop', parent: 'harbour', type: 'VENUE', name: 'Rooftop Bar', attributes: { POI_EMPLOYEE_IDENTIFICATION_METHOD: 'CREDENTIALS', POI_ROOM_CHARGE_ENABLED: 'true', POI_ROOM_CHARGE_DEFAULT_HOTEL: '{hotel:harbour}', POI_ROOM_CHARGE_HOTEL_LIST: '["{hotel:harbour}"]' } },
  { key: 'restaurant', parent: 'harbour', type: 'VENUE', name: 'Harbour Restaurant', attributes: { POI_TABLE_NUMBER_ENABLED: 'true', POI_NUMBER_OF_GUESTS_ENABLED: 'true' } },
  { key: 'beach', parent: 'sunset', type: 'VENUE', name: 'Beach Club', attributes: { POI_CUSTOM_TIP_ENABLED: 'true' } },
  { key: 'rooftop-pos', parent: 'rooftop', type: 'REVENUE_CENTER', name: 'Rooftop Bar POS' },
  { key: 'restaurant-pos', parent: 'restaurant', type: 'REVENUE_CENTER', name: 'Restaurant POS', attributes: { POI_SPLIT_ENABLED: 'true' } },
  { key: 'pool-pos', parent: 'beach', type: 'REVENUE_CENTER', name: 'Pool Bar POS', attributes: { POI_CASH_PAYMENT_ENABLED: 'false' } },
  { key: 'terrace-pos', parent: 'beach', type: 'REVENUE_CENTER', name: 'Beach Terrace POS' },
];
const MANAGED_HOTEL = 'harbour';

/** PMS connections of the demo organization. */
export const DEMO_PMS_CONNECTIONS: readonly PmsConnectionInput[] = [
  { name: 'Opera Main', type: 'OPERA_IFC8_XML', host: 'opera.demo.local', port: 5010 },
  { name: 'Mock PMS', type: 'MOCK_PMS_INTERFACE', host: 'localhost', port: 7000 },
];

async function userCount(db: Database | Transaction): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

async function existingAccounts(db: Database, options: SeedOptions): Promise<SeededAccount[]> {
  const accounts: SeededAccount[] = [];
  const [admin] = await db.select({ email: users.email }).from(users).where(eq(users.email, options.adminEmail.toLowerCase()));
  if (admin) accounts.push({ role: 'admin', email: admin.email, password: null, passwordFrom: 'first-start' });
  const [manager] = await db.select({ email: users.email }).from(users).where(eq(users.email, DEMO_MANAGER_EMAIL));
  if (manager) accounts.push({ role: 'manager', email: manager.email, password: null, passwordFrom: 'first-start' });
  return accounts;
}

async function seedDemo(tx: Transaction, managerUuid: string, options: SeedOptions): Promise<void> {
  const [org] = await tx
    .insert(organizations)
    .values({ name: DEMO_ORGANIZATION_NAME, legalCompanyName: DEMO_ORGANIZATION_NAME, status: 'ACTIVE', attributes: DEMO_ORGANIZATION_ATTRIBUTES })
    .returning({ uuid: organizations.uuid });
  if (!org) throw new Error('demo organization not created');
  const connections = await tx
    .insert(pmsConnections)
    .values(DEMO_PMS_CONNECTIONS.map((connection) => ({ orgUuid: org.uuid, ...connection })))
    .returning({ uuid: pmsConnections.uuid, name: pmsConnections.name });
  const uuids = new Map<string, string>();
  // '{hotel:key}' and '{pms:name}' in a demo value stand for the uuid of a record seeded before it
  const resolve = (value: string) =>
    value.replace(/\{(hotel|pms):([^}]+)\}/g, (_whole, kind: string, name: string) => {
      const uuid = kind === 'hotel' ? uuids.get(name) : connections.find((connection) => connection.name === name)?.uuid;
      if (!uuid) throw new Error(`demo reference ${kind}:${name} missing`);
      return uuid;
    });
  for (const unit of DEMO_UNITS) {
    const parentUuid = unit.parent === null ? null : (uuids.get(unit.parent) ?? null);
    const own = Object.fromEntries(Object.entries(unit.attributes ?? {}).map(([key, value]) => [key, value === null ? null : resolve(value)]));
    const attributes: Attributes = { NAME: unit.name, TYPE: unit.type, ...own };
    const [row] = await tx
      .insert(organizationalUnits)
      .values({ orgUuid: org.uuid, parentUuid, type: unit.type, name: unit.name, attributes })
      .returning({ uuid: organizationalUnits.uuid });
    if (!row) throw new Error(`demo unit ${unit.name} not created`);
    uuids.set(unit.key, row.uuid);
  }
  let index = 0;
  for (const unit of DEMO_UNITS.filter((candidate) => candidate.type === 'HOTEL')) {
    const connection = connections[index % connections.length];
    await seedDemoHotel(tx, org.uuid, uuids.get(unit.key) ?? '', unit.name, connection?.uuid ?? null, index);
    index += 1;
  }
  await seedDemoDevicesAndPos(tx, org.uuid, uuids);
  await seedDemoMenu(tx, org.uuid, uuids.get(DEMO_MENU_VENUE) ?? '', DEMO_ORGANIZATION_ATTRIBUTES.CURRENCY ?? 'EUR');
  await seedDemoAccessLog(tx, org.uuid, options.demoAccessLog ?? DEMO_ACCESS_LOG_DEFAULT);
  const hotel = uuids.get(MANAGED_HOTEL);
  if (!hotel) throw new Error('demo hotel missing');
  await tx.insert(memberships).values({ userUuid: managerUuid, membershipType: 'MANAGEMENT', omnipresence: false, orgs: [], ous: [hotel] });
  await seedDemoHistory(tx, org.uuid, options);
}

/** Package IDs of a demo hotel: 20 offers, each for adults and for children (40). */
const DEMO_PACKAGE_OFFERS = [
  'BREAKFAST', 'HALF_BOARD', 'FULL_BOARD', 'SPA', 'GYM', 'POOL', 'PARKING', 'LATE_CHECKOUT', 'EARLY_CHECKIN', 'MINIBAR',
  'WIFI_PREMIUM', 'AIRPORT_TRANSFER', 'BIKE', 'GOLF', 'TENNIS', 'KIDS_CLUB', 'LOUNGE', 'LAUNDRY', 'WINE_TASTING', 'SAUNA',
] as const;
export const DEMO_PACKAGES_PER_HOTEL = DEMO_PACKAGE_OFFERS.length * 2;
export const DEMO_RATE_CODES_PER_HOTEL = 150;
export const DEMO_ACCESS_SERVICES_PER_HOTEL = 5;
const DEMO_RATE_CODE_FAMILIES = ['BAR', 'RACK', 'CORP', 'PROMO', 'GOV', 'AAA', 'WKND', 'LONG', 'GRP', 'PKG'] as const;
const DEMO_ACCESS_SERVICES = [
  { name: 'Spa door', offers: ['SPA', 'SAUNA'] },
  { name: 'Gym door', offers: ['GYM'] },
  { name: 'Pool gate', offers: ['POOL', 'KIDS_CLUB'] },
  { name: 'Car park barrier', offers: ['PARKING'] },
  { name: 'Executive lounge', offers: ['LOUNGE', 'WINE_TASTING'] },
] as const;

/**
 * A demo hotel's PMS set-up: its hotel definition on one of the organization's connections, 40
 * packages, 150 rate codes of one to three packages, and 5 access-control services.
 */
async function seedDemoHotel(tx: Transaction, orgUuid: string, hotelUuid: string, name: string, connectionUuid: string | null, index: number): Promise<void> {
  const [definition] = await tx
    .insert(hotelDefinitions)
    .values({
      orgUuid,
      hotelUuid,
      name: name.slice(0, 50),
      externalId: `DEMO${String(index + 1).padStart(2, '0')}`,
      pmsConnectionUuid: connectionUuid,
      isManualRoomEntryEnabled: true,
      isRoomCardReadingEnabled: true,
      ...(index % 2 === 0 ? { magneticCardTrack: 2, magneticCardType: 'MICROS' as const } : { contactlessCardType: 'MIFARE_CLASSIC' as const, contactlessCardSector: 1, contactlessCardKeyId: 0 }),
    })
    .returning({ uuid: hotelDefinitions.uuid });
  if (!definition) throw new Error(`demo hotel definition of ${name} not created`);
  const packageValues = DEMO_PACKAGE_OFFERS.flatMap((offer) => [
    { orgUuid, hotelUuid, name: offer, externalId: offer, calculationRule: offer === 'PARKING' ? ('PERSON' as const) : ('ADULT' as const) },
    { orgUuid, hotelUuid, name: `${offer}_CHD`, externalId: `${offer}_CHD`, calculationRule: 'CHILDREN' as const },
  ]);
  const packages = await tx.insert(pmsPackages).values(packageValues).returning({ uuid: pmsPackages.uuid, externalId: pmsPackages.externalId });
  const packageUuid = new Map(packages.map((item) => [item.externalId, item.uuid]));
  const codes = Array.from({ length: DEMO_RATE_CODES_PER_HOTEL }, (_, n) => {
    const code = `${DEMO_RATE_CODE_FAMILIES[n % DEMO_RATE_CODE_FAMILIES.length]}${String(Math.floor(n / DEMO_RATE_CODE_FAMILIES.length) + 1).padStart(2, '0')}`;
    const chosen = Array.from({ length: (n % 3) + 1 }, (_unused, k) => packages[(n * 7 + k * 11) % packages.length]?.uuid ?? '');
    return { orgUuid, hotelUuid, name: code, externalId: code, packages: [...new Set(chosen)] };
  });
  await tx.insert(rateCodes).values(codes);
  await tx.insert(accessControlServices).values(
    DEMO_ACCESS_SERVICES.map((service) => ({
      orgUuid,
      hotelUuid,
      name: service.name,
      defaultHotelUuid: hotelUuid,
      idMethods: ['MSR', 'Contactless'] as AccessControlIdMethod[],
      hotelsAndPackages: service.offers.map((offer) => ({ hotelDefinitionUuid: definition.uuid, pmsPackageUuid: packageUuid.get(offer) ?? '' })),
    })),
  );
}

/** Demo devices: 20, of which 6 wait unassigned and 14 are the demo organization's, 9 of those placed on its venues (3 each). */
export const DEMO_DEVICES = 20;
export const DEMO_UNASSIGNED_DEVICES = 6;
const DEMO_DEVICE_MODELS = ['PAX A920 Pro', 'SUNMI V2s', 'Ingenico Move/5000'] as const;
const DEMO_VENUES = ['rooftop', 'restaurant', 'beach'] as const;
/** The venue whose menu and discounts are seeded (in the managed hotel, in its currency). */
export const DEMO_MENU_VENUE = 'rooftop';

/** Devices (multi-row inserts) and one POS installation per venue; the beach club's waits for a catalogue sync. */
async function seedDemoDevicesAndPos(tx: Transaction, orgUuid: string, units: ReadonlyMap<string, string>): Promise<void> {
  const seenAt = new Date('2026-11-01T09:00:00Z');
  const rows = await tx
    .insert(devices)
    .values(
      Array.from({ length: DEMO_DEVICES }, (_, n) => {
        const serial = `LBY${String(202600 + n + 1)}`;
        const assigned = n >= DEMO_UNASSIGNED_DEVICES;
        const alias = assigned ? `Terminal ${String(n - DEMO_UNASSIGNED_DEVICES + 1).padStart(2, '0')}` : serial;
        const status: DeviceStatus = n % 3 === 0 ? 'OFFLINE' : 'ONLINE';
        return {
          orgUuid: assigned ? orgUuid : null,
          alias,
          aliasKey: deviceAliasKey(alias),
          serial,
          model: DEMO_DEVICE_MODELS[n % DEMO_DEVICE_MODELS.length] as string,
          status,
          lastSeen: n % 5 === 4 ? null : new Date(seenAt.getTime() + n * 3_600_000),
        };
      }),
    )
    .returning({ uuid: devices.uuid, orgUuid: devices.orgUuid });
  const assigned = rows.filter((row) => row.orgUuid !== null);
  const venues = DEMO_VENUES.map((key) => units.get(key) ?? '');
  await tx.insert(deviceUnits).values(assigned.slice(0, 9).map((device, n) => ({ deviceUuid: device.uuid, ouUuid: venues[Math.floor(n / 3)] as string })));
  await tx.insert(posInstallations).values(
    DEMO_VENUES.map((key, n) => {
      const unit = DEMO_UNITS.find((candidate) => candidate.key === key);
      return {
        orgUuid,
        ouUuid: venues[n] as string,
        name: `${unit?.name ?? key} POS`,
        catalogVersion: key === 'beach' ? 2 : 1,
        syncedCatalogVersion: 1,
        lastSync: new Date('2026-11-20T03:00:00Z'),
      };
    }),
  );
}

/** The demo menu: 10 categories in 2 groups, 12 items each (prices as decimal text, stored in minor units). */
const DEMO_MENU: readonly { name: string; group: string; items: readonly string[]; from: string; step: string }[] = [
  { name: 'Cocktails', group: 'Drinks', from: '9.50', step: '0.50', items: ['Negroni', 'Mojito', 'Old Fashioned', 'Margarita', 'Daiquiri', 'Aperol Spritz', 'Espresso Martini', 'Moscow Mule', 'Pina Colada', 'Caipirinha', 'Cosmopolitan', 'Whisky Sour'] },
  { name: 'Beers', group: 'Drinks', from: '3.80', step: '0.20', items: ['Lager', 'Pale Ale', 'IPA', 'Stout', 'Pilsner', 'Wheat Beer', 'Amber Ale', 'Porter', 'Sour', 'Alcohol-free Lager', 'Cider', 'Radler'] },
  { name: 'Wines', group: 'Drinks', from: '5.00', step: '0.75', items: ['House Red', 'House White', 'Rosé', 'Vinho Verde', 'Douro Red', 'Alvarinho', 'Port Tawny', 'Port Ruby', 'Prosecco', 'Champagne', 'Moscatel', 'Sangria'] },
  { name: 'Soft drinks', group: 'Drinks', from: '2.20', step: '0.10', items: ['Cola', 'Cola Zero', 'Lemonade', 'Orange Juice', 'Apple Juice', 'Iced Tea', 'Tonic', 'Ginger Ale', 'Still Water', 'Sparkling Water', 'Coconut Water', 'Smoothie'] },
  { name: 'Hot drinks', group: 'Drinks', from: '1.20', step: '0.25', items: ['Espresso', 'Double Espresso', 'Americano', 'Cappuccino', 'Latte', 'Flat White', 'Mocha', 'Hot Chocolate', 'Black Tea', 'Green Tea', 'Herbal Tea', 'Chai Latte'] },
  { name: 'Starters', group: 'Food', from: '6.00', step: '0.50', items: ['Olives', 'Bread Basket', 'Garlic Prawns', 'Calamari', 'Bruschetta', 'Soup of the Day', 'Burrata', 'Ceviche', 'Croquettes', 'Padron Peppers', 'Hummus', 'Cheese Board'] },
  { name: 'Mains', group: 'Food', from: '14.00', step: '1.25', items: ['Grilled Sea Bass', 'Ribeye Steak', 'Chicken Piri-Piri', 'Codfish', 'Risotto', 'Burger', 'Veggie Burger', 'Octopus', 'Lamb Chops', 'Pasta Carbonara', 'Seafood Rice', 'Tofu Curry'] },
  { name: 'Desserts', group: 'Food', from: '5.50', step: '0.35', items: ['Pastel de Nata', 'Chocolate Mousse', 'Cheesecake', 'Tiramisu', 'Crème Brûlée', 'Fruit Salad', 'Ice Cream', 'Sorbet', 'Apple Pie', 'Brownie', 'Panna Cotta', 'Affogato'] },
  { name: 'Sides', group: 'Food', from: '3.00', step: '0.30', items: ['Fries', 'Sweet Potato Fries', 'Green Salad', 'Rice', 'Grilled Vegetables', 'Mashed Potatoes', 'Onion Rings', 'Coleslaw', 'Garlic Bread', 'Corn on the Cob', 'Side Pasta', 'Roast Potatoes'] },
  { name: 'Snacks', group: 'Food', from: '2.50', step: '0.40', items: ['Nachos', 'Chicken Wings', 'Spring Rolls', 'Mini Burgers', 'Crisps', 'Nuts', 'Popcorn', 'Toastie', 'Club Sandwich', 'Wrap', 'Quesadilla', 'Pretzel'] },
];
export const DEMO_MENU_ITEMS = DEMO_MENU.reduce((total, category) => total + category.items.length, 0);
const DEMO_TAGS = ['Vegan', 'Vegetarian', 'Gluten free', 'Spicy', 'Signature', 'New', 'Alcohol-free', 'Local'] as const;
export const DEMO_FAVORITES = 12;
const DEMO_DISCOUNTS: readonly { name: string; label: string; type: DiscountType; value: number; status: DiscountStatus; enabled: boolean }[] = [
  { name: 'Happy hour', label: 'HAPPY', type: 'PERCENTAGE', value: 2000, status: 'ACTIVE', enabled: true },
  { name: 'Staff meal', label: 'STAFF', type: 'PERCENTAGE', value: 5000, status: 'ACTIVE', enabled: true },
  { name: 'Hotel guest', label: 'GUEST', type: 'PERCENTAGE', value: 1000, status: 'ACTIVE', enabled: true },
  { name: 'Loyalty 12.5 %', label: 'LOYAL', type: 'PERCENTAGE', value: 1250, status: 'ACTIVE', enabled: false },
  { name: 'Birthday treat', label: 'BDAY', type: 'AMOUNT', value: 500, status: 'ACTIVE', enabled: true },
  { name: 'Manager voucher', label: 'VOUCHER', type: 'AMOUNT', value: 1000, status: 'ACTIVE', enabled: false },
  { name: 'Summer launch', label: 'SUMMER', type: 'PERCENTAGE', value: 1500, status: 'DEACTIVATED', enabled: false },
  { name: 'Old coupon', label: 'COUPON', type: 'AMOUNT', value: 250, status: 'DEACTIVATED', enabled: false },
];
export const DEMO_DISCOUNTS_COUNT = DEMO_DISCOUNTS.length;

/** A venue's menu (categories, tags, 120 items, 12 favourites) and its 8 discounts, all multi-row inserts. */
async function seedDemoMenu(tx: Transaction, orgUuid: string, ouUuid: string, currency: string): Promise<void> {
  const categories = await tx
    .insert(orderItemCategories)
    .values(DEMO_MENU.map(({ name, group }) => ({ orgUuid, ouUuid, name, group })))
    .returning({ uuid: orderItemCategories.uuid, name: orderItemCategories.name });
  const tags = await tx
    .insert(orderItemTags)
    .values(DEMO_TAGS.map((name) => ({ orgUuid, ouUuid, name })))
    .returning({ uuid: orderItemTags.uuid });
  const minor = (text: string) => {
    const value = parseMinor(text, currency);
    if (value === null) throw new Error(`demo price ${text} is not a ${currency} amount`);
    return value;
  };
  let n = 0;
  const items = DEMO_MENU.flatMap((category) => {
    const categoryUuid = categories.find((row) => row.name === category.name)?.uuid ?? null;
    return category.items.map((name, k) => {
      const index = n;
      n += 1;
      return {
        orgUuid,
        ouUuid,
        name,
        priceMinor: minor(category.from) + k * minor(category.step),
        categoryUuid,
        tagUuids: index % 4 === 0 ? [] : [tags[index % tags.length]?.uuid ?? '', ...(index % 3 === 0 ? [tags[(index + 3) % tags.length]?.uuid ?? ''] : [])],
        slu: category.group,
        status: index % 17 === 16 ? ('INACTIVE' as const) : ('ACTIVE' as const),
        favorite: false,
        favoriteOrder: null as number | null,
      };
    });
  });
  // the favourites: the first item of each category, then two more, in that order
  const favorites = [...DEMO_MENU.map((_, c) => c * 12), 1, 13].slice(0, DEMO_FAVORITES);
  favorites.forEach((index, place) => {
    const item = items[index];
    if (item) Object.assign(item, { favorite: true, favoriteOrder: place, status: 'ACTIVE' });
  });
  await tx.insert(orderItemDefinitions).values(items);
  await tx.insert(discounts).values(DEMO_DISCOUNTS.map((discount) => ({ orgUuid, ouUuid, ...discount })));
}

/** Seeds an empty database; on a database with users it changes nothing and names the known accounts. */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  if ((await userCount(db)) > 0) return { created: false, accounts: await existingAccounts(db, options) };
  const adminPassword = options.adminPassword ?? generatePassword();
  const managerPassword = options.demo ? (options.demoPassword ?? generatePassword()) : null;
  const adminHash = await hashPassword(adminPassword);
  const managerHash = managerPassword === null ? null : await hashPassword(managerPassword);

  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if ((await userCount(tx)) > 0) return false;
    const [admin] = await tx
      .insert(users)
      .values({ email: options.adminEmail.toLowerCase(), passwordHash: adminHash, emailValidated: true, active: true, permissions: [...PERMISSIONS] })
      .returning({ uuid: users.uuid });
    if (!admin) throw new Error('admin not created');
    await tx.insert(memberships).values([
      { userUuid: admin.uuid, membershipType: 'MANAGEMENT', omnipresence: true, orgs: [], ous: [] },
      { userUuid: admin.uuid, membershipType: 'BUSINESS_DATA', omnipresence: true, orgs: [], ous: [] },
    ]);
    if (managerHash !== null) {
      const [manager] = await tx
        .insert(users)
        .values({ email: DEMO_MANAGER_EMAIL, passwordHash: managerHash, emailValidated: true, active: true, permissions: ['SETUP_OU', 'SETUP_ORG'] })
        .returning({ uuid: users.uuid });
      if (!manager) throw new Error('demo manager not created');
      await seedDemo(tx, manager.uuid, options);
    }
    return true;
  });
  if (!created) return { created: false, accounts: await existingAccounts(db, options) };
  if (managerHash !== null) await afterDemoHistory(db);
  // a password from the environment is the operator's own: it is not handed on to be printed
  const account = (role: SeededAccount['role'], email: string, password: string, given: string | null): SeededAccount =>
    given === null ? { role, email, password, passwordFrom: 'generated' } : { role, email, password: null, passwordFrom: 'environment' };
  const accounts: SeededAccount[] = [account('admin', options.adminEmail.toLowerCase(), adminPassword, options.adminPassword)];
  if (managerPassword !== null) accounts.push(account('manager', DEMO_MANAGER_EMAIL, managerPassword, options.demoPassword));
  return { created: true, accounts };
}
