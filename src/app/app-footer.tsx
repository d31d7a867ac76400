import { Link } from 'react-router-dom';
import { Anchor, Container, Group, Text } from '@mantine/core';
import { CONTENT_WIDTH } from '../domain';
import { t } from '../i18n';
import { builtStamp, versionParts } from './version';

/** The policies (reachable after the cookie banner is gone) and the version of the running app. */
export function AppFooter() {
  const { release, builtAt } = versionParts();
  return (
    <Container component="footer" aria-label={t('layout.footer')} size={CONTENT_WIDTH} py="lg" mt="xl">
      <Group justify="space-between" gap="md">
        <Group gap="lg" component="nav" aria-label={t('layout.footer')}>
          <Anchor component={Link} to="/privacy" size="sm">
            {t('legal.privacy.title')}
          </Anchor>
          <Anchor component={Link} to="/terms" size="sm">
            {t('legal.terms.title')}
          </Anchor>
          <Anchor component={Link} to="/cookies" size="sm">
            {t('legal.cookies.title')}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed" data-testid="app-version">
          {t('layout.release', { release })}
          {builtAt && `, ${t('layout.built', { when: builtStamp(builtAt) })}`}
        </Text>
      </Group>
    </Container>
  );
}
