/**
 * Devices as client resources (issue 17): an organization's devices (with the unassigned ones when
 * asked, for operators who assign them) and a unit's devices, each a read list with the operator's
 * queued assignments shown; assign, unassign and a unit's set go through the outbox.
 */
import { DEVICE_KIND, compareDevices, deviceListResponseSchema, deviceSchema, unitScopeOf, type Device, type UnitScope } from '../../../domain';
import { t } from '../../../i18n';
import { enqueue, type DraftScope, type OutboxEntry } from '../../../offline';
import { defineClientResource, type ResourceRow } from '../../../offline/resource';

export { DEVICE_KIND };
/** The outbox collection of a unit's device set (PUT /device/v1/ous/{ou}/devices/assign). */
export const UNIT_DEVICES_KIND = 'unit-devices';

/** An organization's device list; `unassigned` 'TRUE' adds the devices of no organization (organization setup only). */
export interface OrganizationDevicesScope {
  org: string;
  unassigned: 'TRUE' | 'FALSE';
  [key: string]: string;
}
export const organizationDevicesScopeOf = (org: string, includeUnassigned = false): OrganizationDevicesScope => ({ org, unassigned: includeUnassigned ? 'TRUE' : 'FALSE' });

export { unitScopeOf, type UnitScope };

/** What an operator edits of a device: its alias. */
export interface DeviceInput {
  alias: string;
}

/** The gateway answers `{ devices }` (the spec's shape); the client resources read it as `{ data }`. */
const deviceList = deviceListResponseSchema.transform(({ devices }) => ({ data: devices }));

export const devicesPath = (org: string) => `/device/v1/organizations/${org}/devices`;
export const unitDevicesPath = (ou: string) => `/device/v1/ous/${ou}/devices`;

const labels = {
  create: (input: DeviceInput) => t('devices.label.assign', { alias: input.alias }),
  update: (input: DeviceInput) => t('devices.label.update', { alias: input.alias }),
  delete: (device: Device) => t('devices.label.delete', { alias: device.alias }),
};
/** An assignment's body also names the organization the device joins. */
type AssignBody = Partial<DeviceInput> & { organizationUuid?: string };
// a queued assignment shows its new alias, and an unassigned device as the organization's; the rest waits for the gateway
const merge = (record: Device, body: AssignBody): Device => ({
  ...record,
  ...(typeof body.alias === 'string' ? { alias: body.alias.trim() } : {}),
  ...(typeof body.organizationUuid === 'string' ? { orgUuid: body.organizationUuid } : {}),
});
/** A device leaves its organization by a PUT …/unassign: its row waits as a removal does, with Undo. */
const removes = (entry: OutboxEntry) => entry.method === 'DELETE' || (entry.method === 'PUT' && entry.path.endsWith('/unassign'));
const blankDevice = (orgUuid: string | null): Omit<Device, 'uuid' | 'version'> => ({ alias: '', serial: '', model: '', status: 'OFFLINE', orgUuid, ouUuids: [], lastSeen: null });

/** What both device lists share: the record, the gateway's list, the form's input, order, and the queued changes laid over a row. */
const deviceRecords = {
  record: deviceSchema,
  list: deviceList,
  inputOf: ({ alias }: Device): DeviceInput => ({ alias }),
  blank: ({ org }: { org: string }) => blankDevice(org),
  compare: compareDevices,
  merge,
  labels,
};

/** GET /device/v1/organizations/{org}/devices[?includeUnassigned=TRUE] */
export const organizationDevices = defineClientResource<Device, DeviceInput, OrganizationDevicesScope>({
  kind: DEVICE_KIND,
  queryKey: 'devices',
  path: ({ org }) => devicesPath(org),
  listPath: ({ org, unassigned }) => `${devicesPath(org)}?includeUnassigned=${unassigned}`,
  ...deviceRecords,
  removes,
});

/** GET /device/v1/ous/{ou}/devices */
export const unitDevices = defineClientResource<Device, DeviceInput, UnitScope>({
  kind: UNIT_DEVICES_KIND,
  queryKey: 'unit-devices',
  path: ({ ou }) => unitDevicesPath(ou),
  ...deviceRecords,
});

export type DeviceRow = ResourceRow<Device>;
export const useOrganizationDevices = organizationDevices.useList;
export const useOrganizationDeviceRows = organizationDevices.useRows;
export const useUnitDevices = unitDevices.useList;
export const useUnitDeviceRows = unitDevices.useRows;

/**
 * Queue PUT …/organizations/{org}/devices/{device}/assign: the device joins the organization under
 * `alias` (or takes a new alias there). Over the device's version, so a device changed meanwhile
 * comes back as a conflict; a device of another organization is refused (403 'Error occured while updating devices').
 */
export function queueAssignDevice(org: string, userUuid: string, device: Device, alias: string, draft: DraftScope | null = null): Promise<OutboxEntry> {
  return enqueue({
    method: 'PUT',
    path: `${devicesPath(org)}/${device.uuid}/assign`,
    body: { alias, organizationUuid: org },
    ifMatch: device.version,
    userUuid,
    orgUuid: org,
    label: t('devices.label.assign', { alias }),
    recordUuid: device.uuid,
    collection: DEVICE_KIND,
    original: { alias: device.alias, version: device.version },
    draft,
  });
}

/** Queue PUT …/organizations/{org}/devices/{device}/unassign: the device leaves the organization and all its units. */
export function queueUnassignDevice(org: string, userUuid: string, device: Device): Promise<OutboxEntry> {
  return enqueue({
    method: 'PUT',
    path: `${devicesPath(org)}/${device.uuid}/unassign`,
    body: { alias: device.alias, organizationUuid: org },
    ifMatch: device.version,
    userUuid,
    orgUuid: org,
    label: t('devices.label.unassign', { alias: device.alias }),
    recordUuid: device.uuid,
    collection: DEVICE_KIND,
    original: { alias: device.alias, version: device.version },
  });
}

/** Queue PUT /device/v1/ous/{ou}/devices/assign: `aliases` become the unit's devices (the set is replaced whole). */
export function queueUnitDevices(scope: UnitScope, userUuid: string, aliases: readonly string[], unitName: string, draft: DraftScope | null = null): Promise<OutboxEntry> {
  return enqueue({
    method: 'PUT',
    path: `${unitDevicesPath(scope.ou)}/assign`,
    body: [...aliases],
    userUuid,
    orgUuid: scope.org,
    label: t('devices.label.unitAssign', { unit: unitName, count: aliases.length }),
    recordUuid: scope.ou,
    collection: UNIT_DEVICES_KIND,
    draft,
  });
}
