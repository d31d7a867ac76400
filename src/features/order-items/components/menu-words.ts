import type { UnitScope } from '../../../domain';
import { t } from '../../../i18n';
import { newRecordIdOf } from '../../../offline/resource';
import { issueProblems, loadFailureOf, sectionWords, type FieldProblems, type LoadFailure } from '../../../ui';

type MenuSection = 'category' | 'tag' | 'item';

/** The words of a menu section's list (the catalogue's usual keys) with the menu's failure words. */
export const menuWords = (section: MenuSection, tableLabel: string, searchPlaceholder?: string) =>
  sectionWords(section, 'name', { tableLabel, failedTitle: t('menu.errorMessage'), failedFallback: t('menu.failedFallback'), searchPlaceholder });

/** Why a menu list could not be read: a 403 in the catalogue's permission words. */
export const menuFailure = (query: { isError: boolean; error: unknown }): LoadFailure | null =>
  query.isError ? loadFailureOf(query.error, { title: t('menu.errorMessage'), forbidden: [t('errors.forbiddenTitle'), t('errors.forbidden')], notFound: [t('menu.notFoundTitle'), t('menu.notFound')] }) : null;

/** Whether another record of the list (not on its way out) already has this name, case ignored. */
export const nameTaken = (name: string, others: readonly { uuid: string; name: string; removal: unknown }[], self: string | null) =>
  others.some((other) => other.uuid !== self && other.removal === null && other.name.trim().toLocaleLowerCase('en') === name.trim().toLocaleLowerCase('en'));

type Parsed<Input> = { success: true; data: Input } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** The rules of a named record of the unit (a category, a tag): its schema's, then its name unique among the others. */
export function namedCheck<Input>(parsed: Parsed<Input>, fields: readonly string[], name: string, others: Parameters<typeof nameTaken>[1], self: string | null, taken: string): { problems: FieldProblems; input: Input | null } {
  const problems: FieldProblems = parsed.success ? {} : issueProblems(parsed.error.issues, fields);
  if (!problems.name && nameTaken(name, others, self)) problems.name = taken;
  return { problems, input: parsed.success ? parsed.data : null };
}

/** What every menu list declares alike: its rows, its drafts kept under the organization and its kind, and rows named by their name. */
export const menuList = <Row extends { name: string }, List>(scope: UnitScope, list: List, kind: string) => ({
  list,
  // a new record's draft is the unit's, not the organization's
  drafts: { org: scope.org, kind, newRecordId: newRecordIdOf(scope) },
  name: (row: Row) => row.name,
});
