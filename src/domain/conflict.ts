/**
 * The conflict model: when the gateway answers 412, the operator's change ("mine"), the gateway's
 * current record ("theirs") and the record as the operator first saw it ("original") are compared
 * field by field, and the operator picks a side per field.
 */

export type ConflictSide = 'mine' | 'theirs' | 'original';

export interface ConflictField {
  field: string;
  mine: unknown;
  theirs: unknown;
  original: unknown;
  /** the side proposed: mine where I changed the field, otherwise theirs */
  proposed: ConflictSide;
  /** both sides changed the field to different values */
  contested: boolean;
}

/** Bookkeeping fields that are never the operator's choice. */
const SYSTEM_FIELDS = new Set(['uuid', 'version', 'orgUuid', 'createdAt', 'updatedAt']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const asRecord = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/** The fields of the operator's change, each with the three values. */
export function conflictFields(mine: unknown, theirs: unknown, original: unknown): ConflictField[] {
  const m = asRecord(mine);
  const t = asRecord(theirs);
  const o = asRecord(original);
  return Object.keys(m)
    .filter((field) => !SYSTEM_FIELDS.has(field))
    .map((field) => {
      const iChanged = !same(m[field], o[field]);
      const theyChanged = !same(t[field], o[field]);
      return {
        field,
        mine: m[field],
        theirs: t[field],
        original: o[field],
        proposed: iChanged ? 'mine' : 'theirs',
        contested: iChanged && theyChanged && !same(m[field], t[field]),
      } satisfies ConflictField;
    });
}

/** The body to send: the operator's change with each field taken from the chosen side. */
export function resolveFields(fields: readonly ConflictField[], choices: Readonly<Record<string, ConflictSide>>, mine: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = { ...asRecord(mine) };
  for (const field of fields) {
    const side = choices[field.field] ?? field.proposed;
    result[field.field] = field[side];
  }
  return result;
}
