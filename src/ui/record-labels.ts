import { PMS_CONNECTION_KIND, PMS_CONNECTION_TYPES, type PmsConnectionType } from '../domain';
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

const wordsOf = (collection: string | null, field: string): FieldWords | undefined => (collection === null ? undefined : FIELDS[collection]?.[field]);

/** The label of a field of a record of `collection`, as its form shows it; the key itself when none is known. */
export function recordFieldLabel(collection: string | null, field: string): string {
  const words = wordsOf(collection, field);
  return words ? t(words.label) : field;
}

/** A value of a field as the operator reads it: enum values by their labels, nothing as '—'. */
export function recordValueLabel(collection: string | null, field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return t('conflict.noValue');
  const named = wordsOf(collection, field)?.value?.(value);
  if (named) return named;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
