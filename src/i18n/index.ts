import { DEFAULT_UI_LANGUAGE, UI_LANGUAGES } from '../domain';
import { en, type Catalogue, type MessageKey } from './messages-en';

export type { MessageKey } from './messages-en';
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/**
 * Local-storage key of the interface language (spec section 1: the UI language is stored, default
 * en). Written with the default on first start; kept at logout and when a session ends.
 */
export const LANGUAGE_STORAGE_KEY = 'lobby.language';

const catalogues: Record<UiLanguage, Catalogue> = { en };

function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage refused (privacy mode): the default language applies
  }
}

const DEFAULT_LANGUAGE = DEFAULT_UI_LANGUAGE as UiLanguage;

/**
 * The stored interface language. With none stored yet (first start, or site data cleared) the
 * default (en) is stored and used; an unknown stored value (say, from a newer version) is left as
 * it is and the default used.
 */
export function getLanguage(): UiLanguage {
  const from = storage();
  // every t() asks: the storage is read once, again after a change (setLanguage, another tab)
  if (from !== undefined && known?.from === from) return known.language;
  const stored = from?.getItem(LANGUAGE_STORAGE_KEY);
  if (isUiLanguage(stored)) return remember(from, stored);
  if (stored === null) setLanguage(DEFAULT_LANGUAGE);
  return stored === null ? DEFAULT_LANGUAGE : remember(from, DEFAULT_LANGUAGE);
}

/** The language last read from this storage; forgotten when it may have changed. */
let known: { from: Storage; language: UiLanguage } | null = null;
let watching = false;
function remember(from: Storage | undefined, language: UiLanguage): UiLanguage {
  known = from === undefined ? null : { from, language };
  if (!watching && typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    watching = true;
    // another tab wrote the language (or cleared the storage)
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key === LANGUAGE_STORAGE_KEY) known = null;
    });
  }
  return language;
}

export function setLanguage(language: UiLanguage): void {
  known = null;
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // no room or refused: the language still applies for this page
  }
}

/** The message for `key` in the current language, with `{param}` placeholders filled in. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const template = catalogues[getLanguage()][key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export { countList, formatDate, formatDateTime, formatList, formatNumber, formatRelativeTime, formatTime, plural, type PluralKey, type TimeZoneOption } from './format';
