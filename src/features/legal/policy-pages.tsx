import { Text, Title } from '@mantine/core';
import { t, type MessageKey } from '../../i18n';
import { BrowserStorageList } from './browser-storage-list';
import { LegalPage } from './legal-page';

/** The catalogue's paragraphs, one after another. */
function Paragraphs({ keys }: { keys: readonly MessageKey[] }) {
  return keys.map((key) => <Text key={key}>{t(key)}</Text>);
}

/** /privacy */
export function PrivacyPage() {
  return (
    <LegalPage title={t('legal.privacy.title')}>
      <Paragraphs keys={['legal.privacy.p1', 'legal.privacy.p2', 'legal.privacy.p3']} />
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
      <Paragraphs keys={['legal.terms.p1', 'legal.terms.p2', 'legal.terms.p3']} />
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
