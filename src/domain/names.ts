/** Names an operator expects to be unique in their place (a category, a tag, a discount of one unit; a device alias of one organization). */
import { z } from 'zod';
import { NIL_UUID } from './pms-connection';

/** A name as uniqueness compares it: trimmed, case ignored ('Drinks' and ' drinks' are one name). */
export function uniqueNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en');
}

/** Whether `name` is taken among `others` by a record other than `self` (case and surrounding spaces ignored). */
export function isNameTaken(name: string, others: readonly { uuid: string; name: string }[], self: string | null = null): boolean {
  const key = uniqueNameKey(name);
  if (key === '') return false;
  return others.some((other) => other.uuid !== self && uniqueNameKey(other.name) === key);
}

/** The uuids that occur more than once in a list, each once. */
export function duplicatesOf(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const value of values) (seen.has(value) ? twice : seen).add(value);
  return [...twice];
}

/** A create's optional client-generated uuid (offline create chains): lower-cased, never the nil uuid. */
export const clientUuidSchema = (nilMessage = 'The nil uuid cannot identify a record: send another uuid, or none') =>
  z.string().uuid().toLowerCase().refine((value) => value !== NIL_UUID, nilMessage).optional();
