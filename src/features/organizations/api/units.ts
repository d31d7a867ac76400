/**
 * The organization and units area's gateway calls (spec section 7, "Organization and units"): one
 * organization with its own attributes, its units with their effective attributes, and the unit
 * writes through the outbox (a unit created offline carries its uuid, so a revenue center can be
 * queued under a venue that is itself still queued).
 */
import {
  buildUnitTree,
  CONTRACT_KIND,
  HOTEL_SAVE_KIND,
  contractListResponseSchema,
  contractSchema,
  storedUnitAttributes,
  UNIT_CLONE_KIND,
  UNIT_KIND,
  unitListResponseSchema,
  unitSchema,
  type Attributes,
  type Contract,
  type ContractInput,
  type Unit,
  type UnitCreate,
  type UnitType,
} from '../../../domain';
import { t } from '../../../i18n';
import { enqueue, type OutboxEntry } from '../../../offline';
import { defineClientResource, type ResourceRow } from '../../../offline/resource';
import { compareText } from '../../../domain/text-order';
import { effectiveUnitsPath } from '../../../api/read-paths';

export const organizationPath = (org: string) => `/organization/${org}`;

/** GET /organization/{uuid}?inheritAttributes=TRUE (src/api: the hotel create reads it too). */
export { organizationDetailQuery, useOrganizationDetail } from '../../../api/units';

/** What a unit form edits: its type (a create's only), where it sits and its own attributes. */
export type UnitFormInput = Omit<UnitCreate, 'uuid'>;

const unitName = (input: Partial<UnitFormInput>) => input.attributes?.NAME ?? '';

/** A queued write's attributes as the gateway will keep them; one it would refuse, as sent (its refusal shows). */
export function shownAttributes(attributes: Attributes, type: UnitType): Attributes {
  try {
    return storedUnitAttributes(attributes, type);
  } catch {
    return attributes;
  }
}

/** Units of an organization, every depth, with effective attributes; writes through the outbox. */
export const units = defineClientResource<Unit, UnitFormInput>({
  kind: UNIT_KIND,
  queryKey: 'units',
  path: (org) => `/organization/${org}/ous`,
  listPath: effectiveUnitsPath,
  record: unitSchema,
  list: unitListResponseSchema,
  inputOf: ({ type, parentUuid, attributes }) => ({ type, parentUuid, attributes }),
  blank: (org) => ({ orgUuid: org, parentUuid: null, type: 'VENUE', name: '', attributes: {} }),
  // a queued body names the unit by its NAME attribute, and its attributes are shown as the gateway
  // will keep them, so the record it answers later is the same (a form on it stays unchanged); its
  // effective values wait for the gateway
  merge: (record, body) => ({ ...record, ...body, ...(body.attributes ? { attributes: shownAttributes(body.attributes, body.type ?? record.type) } : {}), name: unitName(body) || record.name }),
  compare: (a, b) => compareText(a.name, b.name) || a.uuid.localeCompare(b.uuid),
  // a queued hotel save carries its hotel (a hotel made offline is in the tree before it is sent);
  // a queued clone, the new unit as the app expects it (queueUnitClone keeps it as the entry's original)
  alsoWrites: (entry, org) => {
    if (entry.collection === UNIT_CLONE_KIND && entry.orgUuid === org && entry.recordUuid !== null) {
      const shown = entry.original as UnitFormInput | null;
      return shown ? { recordUuid: entry.recordUuid, body: shown } : null;
    }
    if (entry.collection !== HOTEL_SAVE_KIND || entry.orgUuid !== org || entry.recordUuid === null) return null;
    const hotel = (entry.body as { hotel?: Omit<UnitFormInput, 'type'> } | null)?.hotel;
    return hotel ? { recordUuid: entry.recordUuid, body: { ...hotel, type: 'HOTEL' } } : null;
  },
  labels: {
    create: (input) => t('units.label.create', { name: unitName(input) }),
    update: (input) => t('units.label.update', { name: unitName(input) }),
    delete: (unit) => t('units.label.delete', { name: unit.name }),
  },
});

export type UnitRow = ResourceRow<Unit>;

/**
 * Queue the clone of a hotel or venue (POST /organization/{org}/ous/{unit}/clone): one change with
 * the new unit's uuid, applied once (its Idempotency-Key) whenever the gateway is reachable. The
 * new unit as the app expects it (the source's own settings under the new name, beside it) is kept
 * as the entry's original, so the unit tree shows it, waiting to sync, before the gateway has it.
 */
export function queueUnitClone(org: string, userUuid: string, source: Pick<Unit, 'uuid' | 'type' | 'parentUuid' | 'attributes' | 'name'>, name: string): Promise<OutboxEntry> {
  const uuid = crypto.randomUUID();
  const expected: UnitFormInput = { type: source.type, parentUuid: source.parentUuid, attributes: { ...source.attributes, NAME: name } };
  return enqueue({
    method: 'POST',
    path: `${units.path(org)}/${source.uuid}/clone`,
    body: { uuid, name },
    userUuid,
    orgUuid: org,
    label: t('units.label.clone', { source: source.name, name }),
    recordUuid: uuid,
    collection: UNIT_CLONE_KIND,
    original: expected,
  });
}
export const useUnitRows = units.useRows;
export { buildUnitTree };

/** Customer contracts of an organization. */
export const contracts = defineClientResource<Contract, ContractInput>({
  kind: CONTRACT_KIND,
  queryKey: 'contracts',
  path: (org) => `/organization/${org}/contract`,
  record: contractSchema,
  list: contractListResponseSchema,
  inputOf: ({ reference, startDate, endDate, plan, status, notes }) => ({ reference, startDate, endDate, plan, status, notes }),
  blank: (org) => ({ orgUuid: org, reference: '', startDate: '', endDate: null, plan: '', status: 'DRAFT', notes: '' }),
  compare: (a, b) => b.startDate.localeCompare(a.startDate) || a.reference.localeCompare(b.reference),
  labels: {
    create: (input) => t('contract.label.create', { reference: input.reference }),
    update: (input) => t('contract.label.update', { reference: input.reference }),
    delete: (contract) => t('contract.label.delete', { reference: contract.reference }),
  },
});
