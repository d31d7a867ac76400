/**
 * The gateway's tables, one drizzle schema for both PGlite (embedded default) and PostgreSQL.
 * Security-relevant choices live here: tokens and one-time codes are stored only as SHA-256
 * hashes (a leaked table cannot be replayed), emails are unique in lower case, and throttling and
 * idempotency state is in the database so several gateways on one PostgreSQL agree.
 * Change this file, then `npx drizzle-kit generate` and commit the new migration.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  AccessControlIdMethod,
  Attributes,
  CalculationRule,
  ContractStatus,
  DeviceStatus,
  DiscountStatus,
  DiscountType,
  ItemStatus,
  MembershipType,
  Permission,
  PmsConnectionType,
  CardBrand,
  ExportStatus,
  PaymentMethodType,
  PaymentType,
  PmsPostingStatus,
  UnitType,
  HistoryAction,
  HistoryBulk,
  HistoryChange,
} from '../../src/domain/index';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  /** always stored lower-cased */
  email: text('email').notNull().unique(),
  /** argon2id PHC string; null until the user activated or set a password */
  passwordHash: text('password_hash'),
  telephone: text('telephone'),
  emailValidated: boolean('email_validated').notNull().default(false),
  phoneValidated: boolean('phone_validated').notNull().default(false),
  image: text('image'),
  active: boolean('active').notNull().default(true),
  /** set when a user manager deactivated the user (active is then false); null otherwise */
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  permissions: jsonb('permissions').$type<Permission[]>().notNull().default(sql`'[]'::jsonb`),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    membershipType: text('membership_type').$type<MembershipType>().notNull(),
    omnipresence: boolean('omnipresence').notNull().default(false),
    orgs: jsonb('orgs').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    ous: jsonb('ous').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [index('memberships_user_idx').on(t.userUuid)],
);

export const organizations = pgTable('organizations', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  legalCompanyName: text('legal_company_name').notNull(),
  status: text('status').$type<'ACTIVE' | 'INACTIVE'>().notNull().default('ACTIVE'),
  /** the organization's own unit attributes: the root every unit inherits from (unit-inheritance.ts) */
  attributes: jsonb('attributes').$type<Attributes>().notNull().default(sql`'{}'::jsonb`),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const organizationalUnits = pgTable(
  'organizational_units',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    parentUuid: uuid('parent_uuid'),
    type: text('type').$type<UnitType>().notNull(),
    name: text('name').notNull(),
    attributes: jsonb('attributes').$type<Attributes>().notNull().default(sql`'{}'::jsonb`),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('organizational_units_org_idx').on(t.orgUuid),
    index('organizational_units_parent_idx').on(t.parentUuid),
    // what a hotel's packages and rate codes name: their hotel, of their organization (migration 0019)
    unique('organizational_units_uuid_org_unique').on(t.uuid, t.orgUuid),
  ],
);

/** How an organization reaches a hotel's property-management system (spec section 3). */
export const pmsConnections = pgTable(
  'pms_connections',
  {
    /** client-generated when given, so offline create chains need no round trip */
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<PmsConnectionType>().notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pms_connections_org_idx').on(t.orgUuid)],
);

/**
 * A hotel as its PMS knows it (spec section 3, "PMS hotel definition"): the property ID, the
 * connection, and how rooms are opened. One per hotel unit at most (hotel_uuid), so the hotel save
 * can find it; one made on the PMS page may wait for its hotel (null).
 */
export const hotelDefinitions = pgTable(
  'hotel_definitions',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    /** one definition per hotel: checked under the organization's lock by the write that sets it */
    hotelUuid: uuid('hotel_uuid').references(() => organizationalUnits.uuid, { onDelete: 'set null' }),
    name: text('name').notNull(),
    externalId: text('external_id').notNull().default(''),
    pmsConnectionUuid: uuid('pms_connection_uuid').references(() => pmsConnections.uuid, { onDelete: 'set null' }),
    isManualRoomEntryEnabled: boolean('is_manual_room_entry_enabled').notNull().default(false),
    isRoomCardReadingEnabled: boolean('is_room_card_reading_enabled').notNull().default(false),
    magneticCardTrack: integer('magnetic_card_track'),
    magneticCardType: text('magnetic_card_type').$type<'MICROS'>(),
    contactlessCardType: text('contactless_card_type').$type<'MIFARE_CLASSIC'>(),
    contactlessCardSector: integer('contactless_card_sector'),
    contactlessCardPassword: text('contactless_card_password'),
    contactlessCardKeyId: integer('contactless_card_key_id'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('hotel_definitions_org_idx').on(t.orgUuid), index('hotel_definitions_hotel_idx').on(t.hotelUuid)],
);

/**
 * A hotel's PMS packages (spec section 3): removal only flags them, so rate codes can say what went
 * missing. `pms_packages` is a view (migration 0017, docs/adr/0044) of the table pms_package_rows:
 * its rows but those a hotel save wrote ahead and has not made live (imported_by names a
 * registration in rate_code_publications that is not `live`, or none), as rate_codes is of
 * rate_code_rows. Every query reads and writes packages through the view; only the save's
 * write-ahead writes pms_package_rows itself. A column or an index added here needs a hand-written
 * migration: on pms_package_rows, and the view made again for a column.
 */
export const pmsPackages = pgTable(
  'pms_packages',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid').notNull(),
    hotelUuid: uuid('hotel_uuid').notNull(),
    name: text('name').notNull(),
    externalId: text('external_id').notNull(),
    calculationRule: text('calculation_rule').$type<CalculationRule>().notNull(),
    deleted: boolean('deleted').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pms_packages_hotel_idx').on(t.hotelUuid),
    // one key for both: the hotel, a unit of this organization (migration 0019: one check a row, not two)
    foreignKey({ name: 'pms_packages_hotel_of_org_fk', columns: [t.hotelUuid, t.orgUuid], foreignColumns: [organizationalUnits.uuid, organizationalUnits.orgUuid] }).onDelete('cascade'),
  ],
);

/**
 * A hotel's rate codes (spec section 3); `packages` are package uuids in the operator's order.
 * `rate_codes` is a view (migration 0016, docs/adr/0042) of the table rate_code_rows: its rows but
 * those an import wrote ahead and has not made live (imported_by names an import whose
 * rate_code_publications row is not `live`, or that has none). Every query reads and writes rate
 * codes through the view (it is automatically updatable); only the import writes rate_code_rows
 * itself. A column or an index added here needs a hand-written migration: on rate_code_rows, and
 * the view made again for a column.
 */
export const rateCodes = pgTable(
  'rate_codes',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid').notNull(),
    hotelUuid: uuid('hotel_uuid').notNull(),
    name: text('name').notNull(),
    externalId: text('external_id').notNull(),
    packages: jsonb('packages').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rate_codes_hotel_idx').on(t.hotelUuid),
    // one key for both: the hotel, a unit of this organization (migration 0019: one check a row, not two)
    foreignKey({ name: 'rate_codes_hotel_of_org_fk', columns: [t.hotelUuid, t.orgUuid], foreignColumns: [organizationalUnits.uuid, organizationalUnits.orgUuid] }).onDelete('cascade'),
  ],
);

/**
 * Rows written ahead, out of sight (docs/adr/0042, 0044): an import's new rate codes (`kind`
 * 'import') or a hotel save's new packages and rate codes ('save') are registered here before the
 * first is written into rate_code_rows or pms_package_rows (imported_by: `importUuid`); they are in
 * the rate_codes and pms_packages views once `live` is set, all at once, in the last transaction of
 * the import or save. One that goes no further has its rows cleared, then this row. No foreign key
 * on the hotel: a save writes ahead the packages of a hotel it creates in its last transaction.
 */
export const rateCodePublications = pgTable('rate_code_publications', {
  importUuid: uuid('import_uuid').primaryKey(),
  hotelUuid: uuid('hotel_uuid').notNull(),
  live: boolean('live').notNull().default(false),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  kind: text('kind').$type<'import' | 'save'>().notNull().default('import'),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A mark per hotel that every statement writing its packages or rate codes moves on (statement
 * triggers on pms_package_rows, rate_code_rows and rate_code_publications, fired in every
 * replication role: migration 0018, docs/adr/0044). A big save that checked its rows written ahead
 * against the hotel knows, by the mark, whether anything of the hotel changed before its
 * transaction. No foreign key: a hotel's mark may come before its unit (rows written ahead).
 */
export const hotelItemMarks = pgTable('hotel_item_marks', {
  hotelUuid: uuid('hotel_uuid').primaryKey(),
  mark: bigint('mark', { mode: 'number' }).notNull().default(0),
});

/**
 * A rate-code CSV import in progress (docs/adr/0030): one per hotel at a time, so a second import of
 * the same hotel is refused while the first runs. Removed when its rows go live or are refused; one
 * left by a gateway that stopped (its heartbeat older than limits.importLeaseMs) is taken over
 * by the next import and cleared by housekeeping, or at once by the same request sent again (same
 * user and Idempotency-Key: docs/adr/0033).
 */
export const rateCodeImports = pgTable(
  'rate_code_imports',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    hotelUuid: uuid('hotel_uuid')
      .notNull()
      .references(() => organizationalUnits.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** the request's Idempotency-Key (null: sent without one) */
    idempotencyKey: text('idempotency_key'),
    /** refreshed every few seconds while the import runs; older than the lease: its gateway stopped (docs/adr/0036) */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rate_code_imports_hotel_idx').on(t.hotelUuid), index('rate_code_imports_user_idx').on(t.userUuid)],
);

/**
 * Rows of a rate-code import, staged in small batches while the file arrives (docs/adr/0030): each
 * a run of consecutive rows of one rate code, its packages already as uuids. They go live in one
 * short transaction and are then cleared in batches; never read by anything but the import.
 */
export const rateCodeImportRows = pgTable(
  'rate_code_import_rows',
  {
    importUuid: uuid('import_uuid').notNull(),
    seq: integer('seq').notNull(),
    /** the uuid the rate code gets if it is new: made while staging, not in the short transaction that makes the rows live */
    uuid: uuid('uuid').notNull().defaultRandom(),
    name: text('name').notNull(),
    packages: jsonb('packages').$type<string[]>().notNull(),
    firstLine: integer('first_line').notNull(),
    /** the name is longer than a rate code's ID may be (measured as the app measures it) */
    longName: boolean('long_name').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.importUuid, t.seq] })],
);

/** Access-control services of a hotel (spec section 3): which packages of which hotels open what. */
export const accessControlServices = pgTable(
  'access_control_services',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    hotelUuid: uuid('hotel_uuid')
      .notNull()
      .references(() => organizationalUnits.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    defaultHotelUuid: uuid('default_hotel_uuid'),
    idMethods: jsonb('id_methods').$type<AccessControlIdMethod[]>().notNull().default(sql`'[]'::jsonb`),
    hotelsAndPackages: jsonb('hotels_and_packages').$type<{ hotelDefinitionUuid: string; pmsPackageUuid: string }[]>().notNull().default(sql`'[]'::jsonb`),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('access_control_services_hotel_idx').on(t.hotelUuid)],
);

/** The pairing code of an OPERA IFC8 XML AGENT connection: one at a time, stored hashed, single-use, expiring. */
export const agentPairingCodes = pgTable('agent_pairing_codes', {
  connectionUuid: uuid('connection_uuid')
    .primaryKey()
    .references(() => pmsConnections.uuid, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Customer contracts of an organization (src/domain/contract.ts). */
export const contracts = pgTable(
  'contracts',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    /** ISO days, YYYY-MM-DD */
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    plan: text('plan').notNull().default(''),
    status: text('status').$type<ContractStatus>().notNull(),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contracts_org_idx').on(t.orgUuid)],
);

/**
 * Payment and POS devices (src/domain/devices.ts): provisioned by the platform, not created by
 * operators. A device belongs to one organization at a time (null: waiting to be assigned); its
 * alias is unique in that organization, case ignored (alias_key, the alias trimmed and lower-cased).
 */
export const devices = pgTable(
  'devices',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid').references(() => organizations.uuid, { onDelete: 'set null' }),
    alias: text('alias').notNull(),
    aliasKey: text('alias_key').notNull(),
    serial: text('serial').notNull().unique(),
    model: text('model').notNull(),
    status: text('status').$type<DeviceStatus>().notNull().default('OFFLINE'),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('devices_org_idx').on(t.orgUuid), uniqueIndex('devices_org_alias_idx').on(t.orgUuid, t.aliasKey)],
);

/** The units a device is placed on (units of the device's organization; unassigning removes them all). */
export const deviceUnits = pgTable(
  'device_units',
  {
    deviceUuid: uuid('device_uuid')
      .notNull()
      .references(() => devices.uuid, { onDelete: 'cascade' }),
    ouUuid: uuid('ou_uuid')
      .notNull()
      .references(() => organizationalUnits.uuid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.deviceUuid, t.ouUuid] }), index('device_units_ou_idx').on(t.ouUuid)],
);

/** A unit's POS installation (src/domain/pos.ts): a catalogue reset raises catalog_version until the installation reports a sync. */
export const posInstallations = pgTable(
  'pos_installations',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    ouUuid: uuid('ou_uuid')
      .notNull()
      .references(() => organizationalUnits.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    catalogVersion: integer('catalog_version').notNull().default(1),
    syncedCatalogVersion: integer('synced_catalog_version').notNull().default(0),
    lastSync: timestamp('last_sync', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pos_installations_org_idx').on(t.orgUuid), index('pos_installations_ou_idx').on(t.ouUuid)],
);

/** Categories of a unit's menu, each in a category group (src/domain/order-items.ts). */
export const orderItemCategories = pgTable(
  'order_item_categories',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    ouUuid: uuid('ou_uuid')
      .notNull()
      .references(() => organizationalUnits.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    group: text('category_group').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_item_categories_ou_idx').on(t.ouUuid)],
);

/** Tags of a unit's menu. */
export const orderItemTags = pgTable(
  'order_item_tags',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    ouUuid: uuid('ou_uuid')
      .notNull()
      .references(() => organizationalUnits.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_item_tags_ou_idx').on(t.ouUuid)],
);

/** Order item definitions of a unit's menu: price_minor in integer minor units of the unit's currency. */
export const orderItemDefinitions = pgTable(
  'order_item_definitions',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    ouUuid: uuid('ou_uuid')
      .notNull()
      .references(() => organizationalUnits.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceMinor: integer('price_minor').notNull(),
    categoryUuid: uuid('category_uuid').references(() => orderItemCategories.uuid, { onDelete: 'set null' }),
    /** tag uuids in the operator's order; a removed tag is left out of answers */
    tagUuids: jsonb('tag_uuids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** key of an image of the organization (images table) */
    image: text('image'),
    slu: text('slu').notNull().default(''),
    favorite: boolean('favorite').notNull().default(false),
    favoriteOrder: integer('favorite_order'),
    status: text('status').$type<ItemStatus>().notNull().default('ACTIVE'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_item_definitions_ou_idx').on(t.ouUuid), index('order_item_definitions_category_idx').on(t.categoryUuid)],
);

/** Discounts of a unit (src/domain/discounts.ts); `enabled`: the unit offers it. */
export const discounts = pgTable(
  'discounts',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    ouUuid: uuid('ou_uuid')
      .notNull()
      .references(() => organizationalUnits.uuid, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    label: text('label').notNull().default(''),
    type: text('type').$type<DiscountType>().notNull(),
    /** PERCENTAGE: hundredths of a percent; AMOUNT: minor units */
    value: integer('value').notNull(),
    status: text('status').$type<DiscountStatus>().notNull().default('ACTIVE'),
    enabled: boolean('enabled').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('discounts_ou_idx').on(t.ouUuid)],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Images uploaded for an organization (logos, terminal backgrounds, receipt images): the bytes as
 * sent, the content type judged from them, and the unguessable key that names them.
 */
export const images = pgTable(
  'images',
  {
    key: text('key').primaryKey(),
    /** the organization the image is for; null for a user's profile image (see userUuid) */
    orgUuid: uuid('org_uuid').references(() => organizations.uuid, { onDelete: 'cascade' }),
    /** the user whose profile image it is, or null */
    userUuid: uuid('user_uuid').references(() => users.uuid, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
    /**
     * An organization's image that housekeeping found named by no unit or organization: since when
     * (null while it is named, or not looked at yet). A write naming it clears this; a day after,
     * housekeeping removes the image (server/services/images.ts removeUnusedImages).
     */
    unreferencedSince: timestamp('unreferenced_since', { withTimezone: true }),
  },
  (t) => [index('images_org_idx').on(t.orgUuid)],
);

/**
 * Transactions taken by the units' POS (issue 18; src/domain/transactions.ts). Written by the
 * platform (the demo seed here), read by search, detail and export. Amounts are signed integer
 * minor units of the row's currency; items, discounts and taxes are kept as the POS sent them.
 *
 * Which index serves which search (server/routes/transactions.ts; figures in `npm run bench -- transactions`
 * and docs/adr/0028-transaction-totals-from-day-rollups.md):
 * - transactions_time_idx (occurred_at, uuid): the page of a search over many units, newest first —
 *   read in its order, it stops after the page's rows instead of sorting every match (the search
 *   orders DESC NULLS LAST like the index, or the planner cannot use it);
 * - transactions_ou_time_idx (ou_uuid, occurred_at, uuid, then currency, total_minor and both type
 *   columns): one unit's page in order, and the count and totals of the partial UTC days at the two
 *   ends of a unit/range/type search by an index-only scan (the trailing columns make it covering;
 *   drizzle has no INCLUDE) — the whole days and months between come from transaction_day_totals and
 *   transaction_month_totals (below), so a count costs about the same whatever the range;
 * - transactions_ou_room_idx and transactions_ou_check_idx: roomNumber and checkNumber, page and totals
 *   (selective: read from the table, not the rollups);
 * - transactions_related_idx: a sale's refunds and voids (detail).
 */
export const transactions = pgTable(
  'transactions',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    ouUuid: uuid('ou_uuid')
      .notNull()
      .references(() => organizationalUnits.uuid, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    checkNumber: integer('check_number').notNull(),
    tableNumber: text('table_number'),
    guests: integer('guests'),
    employee: text('employee').notNull(),
    paymentMethodType: text('payment_method_type').$type<PaymentMethodType>().notNull(),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    currency: text('currency').notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
    tipMinor: integer('tip_minor').notNull().default(0),
    totalMinor: integer('total_minor').notNull(),
    items: jsonb('items').$type<{ name: string; quantity: number; unitPriceMinor: number; totalMinor: number }[]>().notNull(),
    discounts: jsonb('discounts').$type<{ name: string; amountMinor: number }[]>().notNull().default(sql`'[]'::jsonb`),
    taxes: jsonb('taxes').$type<{ name: string; rateBasisPoints: number; amountMinor: number }[]>().notNull().default(sql`'[]'::jsonb`),
    cardBrand: text('card_brand').$type<CardBrand>(),
    cardLast4: text('card_last4'),
    roomNumber: text('room_number'),
    guestName: text('guest_name'),
    pmsPostingStatus: text('pms_posting_status').$type<PmsPostingStatus>(),
    /** the sale a refund or void belongs to */
    relatedUuid: uuid('related_uuid'),
    receiptNumber: text('receipt_number').notNull(),
  },
  (t) => [
    index('transactions_time_idx').on(t.occurredAt.desc(), t.uuid.desc()),
    index('transactions_ou_time_idx').on(t.ouUuid, t.occurredAt.desc(), t.uuid.desc(), t.currency, t.totalMinor, t.paymentMethodType, t.paymentType),
    index('transactions_ou_room_idx').on(t.ouUuid, t.roomNumber, t.occurredAt.desc()).where(sql`${t.roomNumber} is not null`),
    index('transactions_ou_check_idx').on(t.ouUuid, t.checkNumber, t.occurredAt.desc()),
    index('transactions_related_idx').on(t.relatedUuid).where(sql`${t.relatedUuid} is not null`),
  ],
);

/**
 * Rollups of transactions for the search's count and totals (docs/adr/0028): per unit, UTC day (or
 * UTC month, its first day), payment method, payment type and currency, how many rows and the sum
 * of their signed totals. Kept by the database itself: statement-level AFTER INSERT / DELETE /
 * UPDATE triggers on transactions (migration 0009, function transaction_totals_apply) add the
 * aggregated deltas of each statement's transition tables, and drop a group whose count falls to 0.
 * No foreign key: deleting a unit cascades to its transactions, whose trigger empties its groups.
 */
export const transactionDayTotals = pgTable(
  'transaction_day_totals',
  {
    ouUuid: uuid('ou_uuid').notNull(),
    /** the UTC date of occurred_at */
    day: date('day').notNull(),
    paymentMethodType: text('payment_method_type').$type<PaymentMethodType>().notNull(),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    currency: text('currency').notNull(),
    count: integer('count').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'transaction_day_totals_pk', columns: [t.ouUuid, t.day, t.paymentMethodType, t.paymentType, t.currency] })],
);

/** The same rollup per UTC month (month = its first day); see transactionDayTotals. */
export const transactionMonthTotals = pgTable(
  'transaction_month_totals',
  {
    ouUuid: uuid('ou_uuid').notNull(),
    month: date('month').notNull(),
    paymentMethodType: text('payment_method_type').$type<PaymentMethodType>().notNull(),
    paymentType: text('payment_type').$type<PaymentType>().notNull(),
    currency: text('currency').notNull(),
    count: integer('count').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'transaction_month_totals_pk', columns: [t.ouUuid, t.month, t.paymentMethodType, t.paymentType, t.currency] })],
);

/**
 * Transaction exports (issue 18): a job per request, claimed by one gateway at a time (a lease
 * other gateways on the same PostgreSQL respect), its CSV kept in export_chunks until it expires.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    /** the unit named by the path; null for the organization's export */
    scopeOuUuid: uuid('scope_ou_uuid'),
    /** the units the export reads (resolved when requested, descendants included as asked) */
    ouUuids: uuid('ou_uuids').array().notNull(),
    includeDescendants: boolean('include_descendants').notNull(),
    after: timestamp('after', { withTimezone: true }).notNull(),
    before: timestamp('before', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    email: text('email').notNull(),
    status: text('status').$type<ExportStatus>().notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    /** the claim of the gateway running it; only that claim may finish it */
    claimToken: uuid('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    rowCount: integer('row_count'),
    byteCount: integer('byte_count'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('export_jobs_status_idx').on(t.status, t.createdAt), index('export_jobs_expires_idx').on(t.expiresAt)],
);

/**
 * An export's CSV, in order: written in batches while the job runs. Text, not bytea: the file is
 * UTF-8 CSV, and PGlite moves text about 15 times faster than bytea (bench/export.ts).
 */
export const exportChunks = pgTable(
  'export_chunks',
  {
    jobUuid: uuid('job_uuid')
      .notNull()
      .references(() => exportJobs.uuid, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobUuid, t.seq] })],
);

/** Access-control events of the hotels' doors and gates (issue 18): who was let in where, or refused. */
export const accessLogEntries = pgTable(
  'access_log_entries',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    orgUuid: uuid('org_uuid')
      .notNull()
      .references(() => organizations.uuid, { onDelete: 'cascade' }),
    hotelUuid: uuid('hotel_uuid')
      .notNull()
      .references(() => organizationalUnits.uuid, { onDelete: 'cascade' }),
    serviceUuid: uuid('service_uuid').references(() => accessControlServices.uuid, { onDelete: 'set null' }),
    /** the service's name when the entry was written (kept when the service is removed) */
    serviceName: text('service_name').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    room: text('room').notNull(),
    identificationMethod: text('identification_method').$type<AccessControlIdMethod>().notNull(),
    granted: boolean('granted').notNull(),
    deviceAlias: text('device_alias'),
  },
  // hotel_time: the default page and the time, method and granted filters (newest first, no sort);
  // hotel_room_time: a room's entries; service_time: a service's entries (and the service's removal)
  (t) => [
    index('access_log_hotel_time_idx').on(t.hotelUuid, t.occurredAt.desc(), t.uuid.desc()),
    index('access_log_hotel_room_time_idx').on(t.hotelUuid, t.room, t.occurredAt.desc(), t.uuid.desc()),
    index('access_log_service_time_idx').on(t.serviceUuid, t.occurredAt.desc(), t.uuid.desc()),
    index('access_log_org_time_idx').on(t.orgUuid, t.occurredAt.desc()),
  ],
);

/** One sign-in = one family; every access and refresh token issued by refreshing it belongs to it. */
export const tokenFamilies = pgTable(
  'token_families',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    /** the user's previous sign-in, answered as lastLoginTime by this family's sessions */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('token_families_user_idx').on(t.userUuid)],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    /** SHA-256 (hex) of the bearer token */
    tokenHash: text('token_hash').primaryKey(),
    familyUuid: uuid('family_uuid')
      .notNull()
      .references(() => tokenFamilies.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('access_tokens_family_idx').on(t.familyUuid), index('access_tokens_expires_idx').on(t.expiresAt)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** SHA-256 (hex) of the refresh token */
    tokenHash: text('token_hash').primaryKey(),
    familyUuid: uuid('family_uuid')
      .notNull()
      .references(() => tokenFamilies.uuid, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** set when the token was rotated; a second use after that is reuse (or the grace case) */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** set by the one use allowed within the grace after rotation; any further use is reuse */
    graceUsedAt: timestamp('grace_used_at', { withTimezone: true }),
    /** SHA-256 of the access token issued with this refresh token: a refresh must present it */
    accessTokenHash: text('access_token_hash'),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyUuid)],
);

export const activationCodes = pgTable(
  'activation_codes',
  {
    /** SHA-256 (hex) of the one-time code */
    codeHash: text('code_hash').primaryKey(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<ActivationPurpose>().notNull(),
    /** what the code confirms beyond its owner: the new email or telephone (purposes email, phone, phone-code) */
    payload: text('payload'),
    /** wrong guesses of a short code (phone-code); the code stops working at the limit */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('activation_codes_user_idx').on(t.userUuid)],
);
/**
 * reset: password reset link; activate: a new user's activation link; phone: the link of a phone
 * validation SMS; phone-code: its 6-digit code (entered signed in); email: an email change link.
 */
export type ActivationPurpose = 'reset' | 'activate' | 'phone' | 'phone-code' | 'email';

/**
 * Throttling events (failed sign-ins, code requests) keyed like `pair:<email>|<address>` or
 * `ip:<address>`, and `known:<email>|<address>` markers of successful sign-ins (server/auth/throttle.ts).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    channel: text('channel').$type<'mail' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient)],
);

/** Stored outcome of a mutation per (user, Idempotency-Key); written in the effect's transaction. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userUuid: uuid('user_uuid').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** null only while the first request holds the transaction */
    statusCode: integer('status_code'),
    response: jsonb('response').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userUuid, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Change history (docs/adr/0029-change-history.md): one row per write, written in the write's
 * transaction. Secrets never enter `changes` (src/domain/history.ts); a bulk change is one row with
 * counts and a sample. No foreign keys: an entry outlives the record, unit and user it names, and is
 * removed only by retention (housekeeping). org_applied: the activity page, newest first.
 */
export const historyEntries = pgTable(
  'history_entries',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    recordUuid: uuid('record_uuid').notNull(),
    orgUuid: uuid('org_uuid').notNull(),
    unitUuid: uuid('unit_uuid'),
    userUuid: uuid('user_uuid').notNull(),
    action: text('action').$type<HistoryAction>().notNull(),
    changes: jsonb('changes').$type<HistoryChange[]>().notNull(),
    bulk: jsonb('bulk').$type<HistoryBulk>(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    offline: boolean('offline').notNull().default(false),
  },
  (t) => [
    index('history_org_applied_idx').on(t.orgUuid, t.appliedAt.desc(), t.uuid.desc()),
    // the Activity page's filters (issue 21): each one's newest entries and its count without reading the others
    index('history_org_kind_applied_idx').on(t.orgUuid, t.kind, t.appliedAt.desc(), t.uuid.desc()),
    index('history_org_unit_applied_idx').on(t.orgUuid, t.unitUuid, t.appliedAt.desc(), t.uuid.desc()),
    index('history_org_user_applied_idx').on(t.orgUuid, t.userUuid, t.appliedAt.desc(), t.uuid.desc()),
    index('history_record_idx').on(t.recordUuid, t.appliedAt.desc()),
    index('history_applied_idx').on(t.appliedAt),
  ],
);
