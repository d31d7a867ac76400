import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Box, Button, Group, Paper, Text } from '@mantine/core';
import { CONTENT_WIDTH, COOKIE_BANNER_Z_INDEX } from '../domain';
import { t } from '../i18n';

/** Local-storage key of the answer; kept at logout. */
export const COOKIE_CONSENT_KEY = 'lobby.cookieConsent';

function hasAccepted(): boolean {
  try {
    return localStorage.getItem(COOKIE_CONSENT_KEY) !== null;
  } catch {
    return false;
  }
}

/** The consent notice fixed at the bottom of every page until accepted, then never again. */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(hasAccepted);
  if (accepted) return null;

  const accept = () => {
    try {
      localStorage.setItem(COOKIE_CONSENT_KEY, JSON.stringify({ acceptedAt: new Date().toISOString() }));
    } catch {
      // storage refused: the notice goes for this visit and returns on the next
    }
    setAccepted(true);
  };

  return (
    <>
      {/* keeps the end of every page scrollable above the fixed banner */}
      <Box h={96} aria-hidden />
      <Paper component="section" aria-label={t('cookies.label')} pos="fixed" bottom={0} left={0} right={0} style={{ zIndex: COOKIE_BANNER_Z_INDEX }} shadow="md" radius={0} p="md" withBorder>
        <Group justify="space-between" wrap="nowrap" maw={CONTENT_WIDTH} mx="auto">
          <Text size="sm">
            {t('cookies.text')}{' '}
            <Anchor component={Link} to="/privacy">
              {t('legal.privacy.title')}
            </Anchor>
            ,{' '}
            <Anchor component={Link} to="/terms">
              {t('legal.terms.title')}
            </Anchor>{' '}
            {t('cookies.and')}{' '}
            <Anchor component={Link} to="/cookies">
              {t('legal.cookies.title')}
            </Anchor>
            .
          </Text>
          <Button onClick={accept} flex="none">
            {t('cookies.accept')}
          </Button>
        </Group>
      </Paper>
    </>
  );
}
