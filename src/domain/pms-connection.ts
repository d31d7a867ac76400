/**
 * PMS connections (spec sections 3, 7 "PMS", 9): how an organization reaches a hotel's
 * property-management system. One schema for the form, the outbox and the gateway.
 */
import { z } from 'zod';

/** The outbox collection and draft kind of PMS connections (the Sync page labels their fields by it). */
export const PMS_CONNECTION_KIND = 'pms-connection';

export const PMS_CONNECTION_TYPES = ['OPERA_IFC8_XML', 'OPERA_IFC8_XML_AGENT', 'MOCK_PMS_INTERFACE'] as const;
export type PmsConnectionType = (typeof PMS_CONNECTION_TYPES)[number];

/** Labels of spec section 9. */
export const PMS_CONNECTION_TYPE_LABELS: Record<PmsConnectionType, string> = {
  OPERA_IFC8_XML: 'OPERA IFC8 XML',
  OPERA_IFC8_XML_AGENT: 'OPERA IFC8 XML AGENT',
  MOCK_PMS_INTERFACE: 'MOCK (for testing)',
};

const NAME_MAX = 100;
const HOST_MAX = 253;

export const PMS_CONNECTION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name can have at most ${NAME_MAX} characters`,
  nameTaken: 'Another PMS connection of this organization already has this name',
  hostRequired: 'Host is required',
  hostInvalid: 'Enter a host name or IP address',
  ipv4Invalid: 'Enter a valid IPv4 address: four numbers from 0 to 255, such as 10.0.0.12',
  port: 'Port must be a whole number from 1 to 65535',
  type: 'Select a connection type',
  nilUuid: 'The nil uuid cannot identify a connection: send another uuid, or none',
} as const;

/** Why a connection hotels use is not removed (409 `in_use`), naming them. */
export function pmsConnectionInUseMessage(hotels: readonly string[]): string {
  const which = hotels.length === 1 ? `the hotel ${hotels[0] ?? ''}` : `${hotels.length} hotels: ${hotels.join(', ')}`;
  return `This PMS connection is used by ${which}. Choose another connection for ${hotels.length === 1 ? 'it' : 'them'} first, then remove this one.`;
}

/** 00000000-0000-0000-0000-000000000000: a placeholder, never the identity of a record. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** A DNS name (letters, digits, hyphens in dot-separated labels of 1 to 63) or a dotted IPv4 address. */
const HOSTNAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const IPV6 = z.ipv6();

/**
 * Digits and dots only: meant as an IPv4 address (no top-level domain is all digits), so it must be
 * one, or 999.999.999.999 would be stored as a "host name" that never resolves.
 */
const LOOKS_LIKE_IPV4 = /^[\d.]+$/;
const OCTET = /^(?:0|[1-9]\d{0,2})$/;

/** Four dot-separated decimal octets from 0 to 255, without leading zeros (often read as octal). */
export function isIpv4Address(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => OCTET.test(part) && Number(part) <= 255);
}

/** Whether a host that looks like an IPv4 address is a valid one (true for every other host). */
export function ipv4HostValid(value: string): boolean {
  return !LOOKS_LIKE_IPV4.test(value) || isIpv4Address(value);
}

/** A host name, an IPv4 address, or an IPv6 address (optionally in brackets). */
function isHost(value: string): boolean {
  if (HOSTNAME.test(value)) return true;
  const bare = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  return IPV6.safeParse(bare).success;
}

/** What is wrong with a host (its length aside), or null: a malformed name, or digits and dots that are no IPv4 address. */
export function hostProblem(value: string): string | null {
  if (!ipv4HostValid(value)) return PMS_CONNECTION_MESSAGES.ipv4Invalid;
  return isHost(value) ? null : PMS_CONNECTION_MESSAGES.hostInvalid;
}

const pmsConnectionTypeSchema = z.enum(PMS_CONNECTION_TYPES, { error: PMS_CONNECTION_MESSAGES.type });

export const pmsConnectionInputSchema = z.object({
  name: z
    .string({ error: PMS_CONNECTION_MESSAGES.nameRequired })
    .trim()
    .min(1, PMS_CONNECTION_MESSAGES.nameRequired)
    .max(NAME_MAX, PMS_CONNECTION_MESSAGES.nameTooLong),
  type: pmsConnectionTypeSchema,
  host: z
    .string({ error: PMS_CONNECTION_MESSAGES.hostRequired })
    .trim()
    .min(1, PMS_CONNECTION_MESSAGES.hostRequired)
    .max(HOST_MAX, PMS_CONNECTION_MESSAGES.hostInvalid)
    .superRefine((value, ctx) => {
      // empty and too long are already reported above: one message per problem
      const problem = value.length === 0 || value.length > HOST_MAX ? null : hostProblem(value);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    }),
  port: z
    .number({ error: PMS_CONNECTION_MESSAGES.port })
    .int(PMS_CONNECTION_MESSAGES.port)
    .min(1, PMS_CONNECTION_MESSAGES.port)
    .max(65535, PMS_CONNECTION_MESSAGES.port),
});
export type PmsConnectionInput = z.infer<typeof pmsConnectionInputSchema>;

/** POST body: the input plus an optional client-generated uuid, so offline create chains need no round trip. */
export const pmsConnectionCreateSchema = pmsConnectionInputSchema.extend({
  uuid: z
    .string()
    .uuid()
    .toLowerCase()
    // the nil uuid is what a missing id defaults to in many clients: never accept it as an identity
    .refine((value) => value !== NIL_UUID, PMS_CONNECTION_MESSAGES.nilUuid)
    .optional(),
});
export type PmsConnectionCreate = z.infer<typeof pmsConnectionCreateSchema>;

export const pmsConnectionSchema = z.object({
  uuid: z.string().uuid(),
  orgUuid: z.string().uuid(),
  name: z.string(),
  type: pmsConnectionTypeSchema,
  host: z.string(),
  port: z.number().int(),
  version: z.number().int(),
});
export type PmsConnection = z.infer<typeof pmsConnectionSchema>;

/** GET /organization/{org}/pms-connection answers `{ data: [...] }`. */
export const pmsConnectionListResponseSchema = z.object({ data: z.array(pmsConnectionSchema) });

type PmsConnectionField = 'name' | 'type' | 'host' | 'port';
const FIELDS: readonly PmsConnectionField[] = ['name', 'type', 'host', 'port'];

/** A name as the uniqueness rule compares it: trimmed, case ignored ('Opera Main' and ' opera main' are one name). */
export function pmsConnectionNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en');
}

/**
 * Whether `name` is taken by another connection of the organization (`others`: its connections,
 * the one being edited among them or not). A connection keeps its own name: `self` (the uuid of the
 * one being edited) is never counted against it. Case and surrounding spaces are ignored.
 */
export function isPmsConnectionNameTaken(name: string, others: readonly { uuid: string; name: string }[], self: string | null = null): boolean {
  const key = pmsConnectionNameKey(name);
  if (key === '') return false;
  return others.some((other) => other.uuid !== self && pmsConnectionNameKey(other.name) === key);
}

/** The first message per field for a form; an empty object when the input is valid. */
export function pmsConnectionFieldErrors(input: unknown): Partial<Record<PmsConnectionField, string>> {
  const result = pmsConnectionInputSchema.safeParse(typeof input === 'object' && input !== null ? input : {});
  if (result.success) return {};
  const errors: Partial<Record<PmsConnectionField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(FIELDS as readonly string[]).includes(field)) continue;
    const key = field as PmsConnectionField;
    errors[key] ??= issue.message;
  }
  return errors;
}
