import { Text, Title } from '@mantine/core';
import { t } from '../../i18n';
import { BrowserStorageList } from './browser-storage-list';
import { LegalPage } from './legal-page';

/** /privacy */
export function PrivacyPage() {
  return (
    <LegalPage title={t('legal.privacy.title')}>
      <Text>{t('legal.privacy.p1')}</Text>
      <Text>{t('legal.privacy.p2')}</Text>
      <Text>{t('legal.privacy.p3')}</Text>
      <Title order={2} fz="h4">
        {t('legal.privacy.browserTitle')}
      </Title>
      <Text>{t('legal.privacy.browserIntro')}</Text>
      <BrowserStorageList />
      <Text>{t('legal.cookies.p2')}</Text>
    </LegalPage>
  );
}

/** /terms */
export function TermsPage() {
  return (
    <LegalPage title={t('legal.terms.title')}>
      <Text>{t('legal.terms.p1')}</Text>
      <Text>{t('legal.terms.p2')}</Text>
      <Text>{t('legal.terms.p3')}</Text>
    </LegalPage>
  );
}

/** /cookies */
export function CookiesPage() {
  return (
    <LegalPage title={t('legal.cookies.title')}>
      <Text>{t('legal.cookies.p1')}</Text>
      <BrowserStorageList />
      <Text>{t('legal.cookies.p2')}</Text>
    </LegalPage>
  );
}
