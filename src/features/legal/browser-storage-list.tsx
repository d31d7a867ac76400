import { List } from '@mantine/core';
import { t } from '../../i18n';
// the constants' own modules, not the offline platform's index: a policy page loads no database code
import { READ_CACHE_MAX_AGE_DAYS, READ_CACHE_MAX_ENTRIES } from '../../offline/read-cache';
import { MAX_OUTCOMES } from '../../offline/records';

/**
 * Everything Lobby keeps in the browser, each with what it is for, how long it stays and what
 * removes it (ADR 0004). One list for the privacy and cookie policies, so they cannot diverge.
 */
export function BrowserStorageList() {
  return (
    <List spacing="xs">
      <List.Item>{t('legal.cookies.session')}</List.Item>
      <List.Item>{t('legal.cookies.tokenCopy')}</List.Item>
      <List.Item>{t('legal.cookies.outbox')}</List.Item>
      <List.Item>{t('legal.cookies.othersWork')}</List.Item>
      <List.Item>{t('legal.cookies.outcomes', { count: MAX_OUTCOMES })}</List.Item>
      <List.Item>{t('legal.cookies.readCache', { entries: READ_CACHE_MAX_ENTRIES, days: READ_CACHE_MAX_AGE_DAYS })}</List.Item>
      <List.Item>{t('legal.cookies.appFiles')}</List.Item>
      <List.Item>{t('legal.cookies.language')}</List.Item>
      <List.Item>{t('legal.cookies.logoutMarker')}</List.Item>
      <List.Item>{t('legal.cookies.consent')}</List.Item>
    </List>
  );
}
