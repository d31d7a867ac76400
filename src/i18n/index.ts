import { DEFAULT_UI_LANGUAGE, UI_LANGUAGES } from '../domain';
import { en, type Catalogue, type MessageKey } from './messages-en';

export type { MessageKey } from './messages-en';
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Local-storage key of the interface language; kept at logout. */
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

/** The stored interface language, or the default (en) when none or an unknown one is stored. */
export function getLanguage(): UiLanguage {
  const stored = storage()?.getItem(LANGUAGE_STORAGE_KEY);
  return isUiLanguage(stored) ? stored : (DEFAULT_UI_LANGUAGE as UiLanguage);
}

export function setLanguage(language: UiLanguage): void {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
}

/** The message for `key` in the current language, with `{param}` placeholders filled in. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const template = catalogues[getLanguage()][key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
