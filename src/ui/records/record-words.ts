import { isApiError, isForbiddenError, describeError } from '../../api';
import { t, type MessageKey } from '../../i18n';
import type { RemovalTexts } from '../save-outcome';

/** The words of a list and its form. */
export interface RecordListWords {
  add: string;
  empty: string;
  loading: string;
  /** the table's accessible name */
  tableLabel: string;
  searchPlaceholder?: string;
  createTitle: string;
  editTitle: string;
  editColumn: string;
  /** the Edit button's accessible name on a row */
  edit(name: string): string;
}

/** The words of a removal: asked, its outcome, taken back, refused. */
export interface RemovalWords {
  column: string;
  remove(name: string): string;
  undo(name: string): string;
  confirm(name: string): { title: string; message: string; confirmLabel: string; cancelLabel: string };
  outcome(name: string): RemovalTexts;
  undone(name: string): string;
  /** title of a refused removal's alert, and its message without one from the gateway */
  failedTitle: string;
  failedFallback: string;
}

type StandardKey =
  | 'add'
  | 'empty'
  | 'loading'
  | 'edit'
  | 'remove'
  | 'undoRemoveLabel'
  | 'column.edit'
  | 'column.remove'
  | 'form.editTitle'
  | 'form.createTitle'
  | 'form.cancel'
  | 'removeTitle'
  | 'removeText'
  | 'removeConfirm'
  | 'removed'
  | 'removeQueued'
  | 'removeWaiting'
  | 'removeRefused'
  | 'removeConflict'
  | 'removeUndone';

/** A catalogue section holding every word of a record list under the same names ('contract.removeTitle', …). */
export type RecordWordsSection = { [K in MessageKey]: K extends `${infer P}.removeUndone` ? (`${P}.${StandardKey}` extends MessageKey ? P : never) : never }[MessageKey];

/**
 * The words of a list whose catalogue section follows the usual names; `param` names the record in
 * its messages ('name', 'reference'). The section's own title and fallback keys may differ.
 */
export function sectionWords<S extends RecordWordsSection>(
  section: S,
  param: string,
  own: { tableLabel: string; failedTitle: string; failedFallback: string; searchPlaceholder?: string },
): { list: RecordListWords; removal: RemovalWords } {
  const w = (key: StandardKey, name?: string, extra: Record<string, string> = {}) => t(`${section}.${key}` as MessageKey, name === undefined ? undefined : { [param]: name, ...extra });
  return {
    list: {
      add: w('add'),
      empty: w('empty'),
      loading: w('loading'),
      tableLabel: own.tableLabel,
      searchPlaceholder: own.searchPlaceholder,
      createTitle: w('form.createTitle'),
      editTitle: w('form.editTitle'),
      editColumn: w('column.edit'),
      edit: (name) => w('edit', name),
    },
    removal: {
      column: w('column.remove'),
      remove: (name) => w('remove', name),
      undo: (name) => w('undoRemoveLabel', name),
      confirm: (name) => ({ title: w('removeTitle'), message: w('removeText', name), confirmLabel: w('removeConfirm'), cancelLabel: w('form.cancel') }),
      outcome: (name) => ({
        removed: w('removed', name),
        queued: w('removeQueued', name),
        waiting: w('removeWaiting', name),
        refused: (message) => w('removeRefused', name, { message }),
        fallback: own.failedFallback,
        conflict: w('removeConflict', name),
      }),
      undone: (name) => w('removeUndone', name),
      failedTitle: own.failedTitle,
      failedFallback: own.failedFallback,
    },
  };
}

/** Why a list could not be shown: its alert's title and text, and whether the address names nothing. */
export interface LoadFailure {
  title?: string;
  text: string;
  notFound: boolean;
}

/**
 * The usual reading of a list's failure: a 403 and a 404 each in the screen's words when it has
 * some, anything else under `title` as the request layer describes it.
 */
export function loadFailureOf(error: unknown, words: { title: string; forbidden?: [title: string, text: string]; notFound?: [title: string, text: string] }): LoadFailure {
  if (words.forbidden && isForbiddenError(error)) return { title: words.forbidden[0], text: words.forbidden[1], notFound: false };
  if (words.notFound && isApiError(error) && error.status === 404) return { title: words.notFound[0], text: words.notFound[1], notFound: true };
  return { title: words.title, text: describeError(error), notFound: false };
}

/** A form's rules say their problems in the domain's words; this gives each in the catalogue's (one not listed as it is). */
export function catalogued(words: Readonly<Record<string, MessageKey>>): (message: string | undefined) => string | undefined {
  return (message) => {
    if (message === undefined) return undefined;
    const key = words[message];
    return key ? t(key) : message;
  };
}

/** The catalogue's key for each of the domain's messages named, when the catalogue names them alike ('nameRequired' → 'pms.error.nameRequired'). */
export function wordsOfMessages<M extends Readonly<Record<string, string>>, N extends keyof M & string, K extends MessageKey>(messages: M, names: readonly N[], keyOf: (name: N) => K): Record<string, MessageKey> {
  return Object.fromEntries(names.map((name) => [messages[name], keyOf(name)]));
}
