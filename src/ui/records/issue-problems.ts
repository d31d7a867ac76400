import type { FieldProblems } from './use-record-form';

/**
 * The first problem of each field from a schema's issues (zod's safeParse), passed through `words`
 * (the catalogue's words for the domain's messages): what a form's `check` says per field.
 */
export function issueProblems<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly Field[],
  words: (message: string) => string | undefined = (message) => message,
): FieldProblems<Field> {
  const found: FieldProblems<Field> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field) && found[field as Field] === undefined) found[field as Field] = words(issue.message);
  }
  return found;
}
