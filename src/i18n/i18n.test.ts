import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGES } from '../domain';
import { en } from './messages-en';
import { LANGUAGE_STORAGE_KEY, getLanguage, t } from './index';

describe('t', () => {
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
    delete (globalThis as { window?: unknown }).window;
  });

  it('fills parameters and leaves unknown ones visible', () => {
    expect(t('app.pageTitle', { page: 'Organizations' })).toBe('Organizations - Lobby');
    expect(t('errors.requestFailed', { status: 500 })).toBe('Request failed with status 500');
    expect(t('app.pageTitle')).toBe('{page} - Lobby');
  });

  it('uses the spec words for the password rules the domain checks', () => {
    expect(en['password.tooShort']).toBe(PASSWORD_MESSAGES.tooShort);
    expect(en['password.noUppercase']).toBe(PASSWORD_MESSAGES.noUppercase);
    expect(en['password.mismatch']).toBe(PASSWORD_MESSAGES.mismatch);
  });

  it('defaults to en, also when an unknown language is stored', () => {
    expect(getLanguage()).toBe('en');
    const values = new Map([['lobby.language', 'xx']]);
    (globalThis as { localStorage?: unknown }).localStorage = { getItem: (key: string) => values.get(key) ?? null };
    expect(getLanguage()).toBe('en');
  });

  it('stores the default language on first start, and keeps a stored one as it is', () => {
    const values = new Map<string, string>();
    (globalThis as { localStorage?: unknown }).localStorage = { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => values.set(key, value) };
    expect(t('login.title')).toBe('Sign in');
    expect(values.get(LANGUAGE_STORAGE_KEY)).toBe('en');
    values.set(LANGUAGE_STORAGE_KEY, 'xx');
    expect(getLanguage()).toBe('en');
    expect(values.get(LANGUAGE_STORAGE_KEY)).toBe('xx');
  });

  it('reads the stored language once for many messages, and again once another tab changes it', () => {
    const tab = new EventTarget();
    (globalThis as { window?: unknown }).window = tab;
    const values = new Map([[LANGUAGE_STORAGE_KEY, 'en']]);
    const getItem = vi.fn((key: string) => values.get(key) ?? null);
    (globalThis as { localStorage?: unknown }).localStorage = { getItem, setItem: (key: string, value: string) => values.set(key, value) };
    for (let i = 0; i < 100; i += 1) t('login.title');
    expect(getItem).toHaveBeenCalledTimes(1);
    tab.dispatchEvent(Object.assign(new Event('storage'), { key: LANGUAGE_STORAGE_KEY }));
    expect(t('login.title')).toBe('Sign in');
    expect(getItem).toHaveBeenCalledTimes(2);
  });
});
