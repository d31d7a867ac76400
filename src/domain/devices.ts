/**
 * Payment and POS devices (issue 17): a device belongs to one organization at a time (or none,
 * waiting to be assigned), carries an alias unique in its organization, and is placed on units of
 * that organization. One schema for the gateway, the outbox and the screens.
 */
import { z } from 'zod';
import { uniqueNameKey } from './names';
import { compareText } from './text-order';

export const DEVICE_KIND = 'device';
export const DEVICE_STATUSES = ['ONLINE', 'OFFLINE'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const DEVICE_ALIAS_MAX = 50;
/** How many aliases one unit assignment may carry. */
export const UNIT_DEVICES_MAX = 500;

export const DEVICE_MESSAGES = {
  /** the spec's words for any refused assignment, spelled as the spec spells them */
  updateRefused: 'Error occured while updating devices',
  aliasRequired: 'Alias is required',
  aliasTooLong: `Alias can have at most ${DEVICE_ALIAS_MAX} characters`,
  aliasTaken: 'Another device of this organization already has this alias',
  organizationMismatch: 'organizationUuid must be the organization of the path',
  deviceNotFound: 'Device not found',
  unitNotFound: 'Unit not found',
  forbidden: "You don't have permissions to set up these devices",
  unassignedNeedsSetup: 'Only organization setup may list unassigned devices',
} as const;

export const deviceAliasSchema = z
  .string({ error: DEVICE_MESSAGES.aliasRequired })
  .trim()
  .min(1, DEVICE_MESSAGES.aliasRequired)
  .max(DEVICE_ALIAS_MAX, DEVICE_MESSAGES.aliasTooLong);

export const deviceSchema = z.object({
  uuid: z.string().uuid(),
  version: z.number().int(),
  alias: z.string(),
  serial: z.string(),
  model: z.string(),
  status: z.enum(DEVICE_STATUSES),
  /** the organization it belongs to; null while unassigned */
  orgUuid: z.string().uuid().nullable(),
  /** units of that organization it is placed on, sorted */
  ouUuids: z.array(z.string().uuid()),
  /** ISO time it last reached the platform; null when never */
  lastSeen: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

/** GET …/devices answers `{ devices: [...] }` (the spec's shape), by alias. */
export const deviceListResponseSchema = z.object({ devices: z.array(deviceSchema) });
export type DeviceListResponse = z.infer<typeof deviceListResponseSchema>;

/** PUT …/organizations/{org}/devices/{device}/assign: the alias it takes there, and that organization. */
export const deviceAssignSchema = z.object({
  alias: deviceAliasSchema,
  organizationUuid: z.string().uuid().toLowerCase(),
});
export type DeviceAssign = z.infer<typeof deviceAssignSchema>;

/** PUT …/unassign: the organization it leaves (the alias, when sent, is only informative). */
export const deviceUnassignSchema = z.object({
  alias: z.string().max(DEVICE_ALIAS_MAX).optional(),
  organizationUuid: z.string().uuid().toLowerCase(),
});
export type DeviceUnassign = z.infer<typeof deviceUnassignSchema>;

/** PUT /device/v1/ous/{ou}/devices/assign: the aliases of the unit's devices, replacing its set. */
export const unitDeviceAssignSchema = z.array(deviceAliasSchema).max(UNIT_DEVICES_MAX);
export type UnitDeviceAssign = z.infer<typeof unitDeviceAssignSchema>;

export const deviceAliasKey = uniqueNameKey;

/** Whether a device may be assigned to `orgUuid`: it is unassigned, or already that organization's (a new alias). */
export function mayAssignDevice(device: { orgUuid: string | null }, orgUuid: string): boolean {
  return device.orgUuid === null || device.orgUuid === orgUuid;
}

/** Whether `alias` is taken by another device of the organization (case and surrounding spaces ignored). */
export function isDeviceAliasTaken(alias: string, devices: readonly { uuid: string; alias: string }[], self: string | null): boolean {
  const key = deviceAliasKey(alias);
  return devices.some((device) => device.uuid !== self && deviceAliasKey(device.alias) === key);
}

/**
 * The devices a unit assignment names: every alias must be one of the organization's devices
 * (`devices`: the organization's own). Answers their uuids (each once, in order), or null when an
 * alias is unknown there (the whole assignment is refused).
 */
export function resolveUnitAssignment(aliases: readonly string[], devices: readonly { uuid: string; alias: string }[]): string[] | null {
  const byAlias = new Map(devices.map((device) => [deviceAliasKey(device.alias), device.uuid]));
  const chosen: string[] = [];
  for (const alias of aliases) {
    const uuid = byAlias.get(deviceAliasKey(alias));
    if (uuid === undefined) return null;
    if (!chosen.includes(uuid)) chosen.push(uuid);
  }
  return chosen;
}

export const compareDevices = (a: Device, b: Device) => compareText(a.alias, b.alias) || a.serial.localeCompare(b.serial) || a.uuid.localeCompare(b.uuid);
