import {
  CALCULATION_RULE_LABELS,
  CALCULATION_RULES,
  CONTRACT_KIND,
  CONTRACT_STATUSES,
  DEVICE_KIND,
  HOTEL_SAVE_KIND,
  isAttributeKey,
  ORGANIZATION_KIND,
  PMS_CONNECTION_KIND,
  PMS_CONNECTION_TYPES,
  PMS_PACKAGE_KIND,
  POS_INSTALLATION_KIND,
  UNIT_KIND,
  UNIT_TYPES,
  type ContractStatus,
  type PmsConnectionType,
} from '../domain';
import { attributeLabel, attributeOptionLabel } from './inputs/labels';
import { t, type MessageKey } from '../i18n';

/**
 * The words an operator reads for the fields and values of a record, by its collection (the
 * outbox's `collection`): the form's labels for field keys, the spec's labels for enum values. The
 * Sync page's conflict view shows a record of any kind with them; a new resource adds its fields here.
 */

const PMS_TYPE_LABEL: Record<PmsConnectionType, MessageKey> = {
  OPERA_IFC8_XML: 'pms.type.OPERA_IFC8_XML',
  OPERA_IFC8_XML_AGENT: 'pms.type.OPERA_IFC8_XML_AGENT',
  MOCK_PMS_INTERFACE: 'pms.type.MOCK_PMS_INTERFACE',
};

const isPmsConnectionType = (value: unknown): value is PmsConnectionType => (PMS_CONNECTION_TYPES as readonly unknown[]).includes(value);

/** A PMS connection type as spec section 9 names it ('OPERA IFC8 XML', 'MOCK (for testing)'). */
export function pmsConnectionTypeLabel(type: PmsConnectionType): string {
  return t(PMS_TYPE_LABEL[type]);
}

interface FieldWords {
  label: MessageKey;
  /** a unit attribute's key: its own label is the field's */
  key?: string;
  /** the words for a value of this field, when it is one the catalogue names */
  value?: (value: unknown) => string | null;
}

const FIELDS: Record<string, Record<string, FieldWords>> = {
  [PMS_CONNECTION_KIND]: {
    name: { label: 'pms.form.name' },
    type: { label: 'pms.form.type', value: (value) => (isPmsConnectionType(value) ? pmsConnectionTypeLabel(value) : null) },
    host: { label: 'pms.form.host' },
    port: { label: 'pms.form.port' },
  },
};

const isContractStatus = (value: unknown): value is ContractStatus => (CONTRACT_STATUSES as readonly unknown[]).includes(value);

/** A unit's or organization's own settings as a line per setting ('Currency: EUR'), not as JSON. */
function attributesWords(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const lines = Object.entries(value as Record<string, unknown>)
    .filter(([, raw]) => raw !== null && raw !== undefined && raw !== '')
    .map(([key, raw]) => `${isAttributeKey(key) ? attributeLabel(key) : key}: ${attributeOptionLabel(String(raw))}`);
  return lines.length > 0 ? lines.join('; ') : t('conflict.noValue');
}

FIELDS[CONTRACT_KIND] = {
  reference: { label: 'contract.form.reference' },
  startDate: { label: 'contract.form.startDate' },
  endDate: { label: 'contract.form.endDate' },
  plan: { label: 'contract.form.plan' },
  status: { label: 'contract.form.status', value: (value) => (isContractStatus(value) ? t(`contract.status.${value}`) : null) },
  notes: { label: 'contract.form.notes' },
};
FIELDS[UNIT_KIND] = {
  type: { label: 'units.form.type', value: (value) => ((UNIT_TYPES as readonly unknown[]).includes(value) ? attributeOptionLabel(String(value)) : null) },
  parentUuid: { label: 'units.form.placement' },
  attributes: { label: 'organizationSettings.title', value: attributesWords },
  // a unit's devices, offered discounts and favourites, each written as a whole (names in order)
  devices: { label: 'pos.column.devices' },
  discounts: { label: 'history.field.discounts' },
  favorites: { label: 'history.field.favorites' },
};
FIELDS[DEVICE_KIND] = {
  alias: { label: 'devices.form.alias' },
  assigned: { label: 'history.field.assigned', value: (value) => (typeof value === 'boolean' ? t(value ? 'history.yes' : 'history.no') : null) },
  ouUuids: { label: 'devices.column.units', value: (value) => (Array.isArray(value) ? t('history.unitCount', { count: String(value.length) }) : null) },
};
FIELDS[POS_INSTALLATION_KIND] = {
  name: { label: 'pos.column.name' },
  catalogVersion: { label: 'pos.column.catalogVersion' },
  syncedCatalogVersion: { label: 'history.field.syncedCatalogVersion' },
};
FIELDS[ORGANIZATION_KIND] = {
  legalCompanyName: { label: 'organizationSettings.legalCompanyName' },
  status: { label: 'organizationSettings.status', value: (value) => (value === 'ACTIVE' || value === 'INACTIVE' ? t(`organizations.status.${value}`) : null) },
  attributes: { label: 'organizationSettings.title', value: attributesWords },
};

// a hotel save: the wizard's fields (src/features/pms/api/hotel-save.ts HOTEL_SUMMARY_FIELDS)
FIELDS[HOTEL_SAVE_KIND] = {
  name: { label: 'hotelWizard.name' },
  propertyId: { label: 'hotelWizard.propertyId' },
  pmsConnectionUuid: { label: 'hotelWizard.connection' },
  notificationEmails: { label: 'hotelWizard.emails' },
  roomAccess: { label: 'hotelWizard.step1' },
  definitionName: { label: 'hotelWizard.definitionName' },
};
// a managed user (src/features/users/api/users.ts, kind 'user')
FIELDS.user = {
  email: { label: 'users.form.email' },
  telephone: { label: 'users.form.telephone' },
  permissions: { label: 'users.column.grants' },
  memberships: { label: 'users.column.units' },
  active: { label: 'users.column.status' },
  // the user's own profile writes (the password only ever as changed)
  emailValidated: { label: 'history.field.emailValidated' },
  phoneValidated: { label: 'history.field.phoneValidated' },
  image: { label: 'history.field.image' },
  passwordHash: { label: 'history.field.password' },
};

FIELDS[PMS_PACKAGE_KIND] = {
  externalId: { label: 'packages.form.id' },
  calculationRule: { label: 'packages.form.rule', value: (value) => ((CALCULATION_RULES as readonly unknown[]).includes(value) ? CALCULATION_RULE_LABELS[value as (typeof CALCULATION_RULES)[number]] : null) },
};

/** One setting of a unit or organization as the change history names it ('attributes.CURRENCY'): the setting's own words. */
const attributeWords = (field: string): FieldWords | undefined => {
  const key = field.startsWith('attributes.') ? field.slice('attributes.'.length) : null;
  if (key === null || !isAttributeKey(key)) return undefined;
  return { label: 'organizationSettings.title', value: (value) => attributeOptionLabel(String(value)), key };
};

const wordsOf = (collection: string | null, field: string): FieldWords | undefined => (collection === null ? undefined : (FIELDS[collection]?.[field] ?? attributeWords(field)));

/** The label of a field of a record of `collection`, as its form shows it; the key itself when none is known. */
export function recordFieldLabel(collection: string | null, field: string): string {
  const words = wordsOf(collection, field);
  if (words?.key !== undefined && isAttributeKey(words.key)) return attributeLabel(words.key);
  return words ? t(words.label) : field;
}

/** A value of a field as the operator reads it: enum values by their labels, nothing as '—'. */
export function recordValueLabel(collection: string | null, field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return t('conflict.noValue');
  const named = wordsOf(collection, field)?.value?.(value);
  if (named) return named;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
  if (typeof value === 'number') return String(value);
  // a list of names (a unit's devices, discounts, favourites) reads as the names
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.length > 0 ? value.join(', ') : t('conflict.noValue');
  return JSON.stringify(value);
}
