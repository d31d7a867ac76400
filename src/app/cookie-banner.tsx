import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Box, Button, Flex, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { CONTENT_WIDTH, COOKIE_BANNER_Z_INDEX } from '../domain';
import { t } from '../i18n';
// the constant's own module: the banner shows on signed-out pages, which load no database code
import { READ_CACHE_MAX_AGE_DAYS } from '../offline/read-cache';

/**
 * The answer is kept in a cookie of its own (one year), not in localStorage: logout empties
 * localStorage (but the language) and the user's IndexedDB records, and consent is not a user's record.
 */
export const COOKIE_CONSENT_COOKIE = 'lobby_cookie_consent';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export function hasAccepted(): boolean {
  try {
    return document.cookie.split(';').some((part) => part.trim().startsWith(`${COOKIE_CONSENT_COOKIE}=`));
  } catch {
    return false;
  }
}

function remember(): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_CONSENT_COOKIE}=1; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

/** The consent notice fixed at the bottom of every page until accepted, then never again. */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(hasAccepted);
  // the banner's own height: taller on a phone, where its words wrap and Accept goes below them
  const banner = useElementSize();
  if (accepted) return null;

  const accept = () => {
    remember();
    setAccepted(true);
  };

  return (
    <>
      {/* keeps the end of every page scrollable above the fixed banner */}
      <Box h={Math.max(96, banner.height + 40)} aria-hidden />
      <Paper ref={banner.ref} component="section" aria-label={t('cookies.label')} pos="fixed" bottom={0} left={0} right={0} style={{ zIndex: COOKIE_BANNER_Z_INDEX }} shadow="md" radius={0} p="md" withBorder>
        <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="md" maw={CONTENT_WIDTH} mx="auto">
          <Text size="sm">
            {t('cookies.text', { days: READ_CACHE_MAX_AGE_DAYS })}{' '}
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
        </Flex>
      </Paper>
    </>
  );
}
