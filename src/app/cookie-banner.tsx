import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Box, Button, Flex, Paper, Text, useMantineTheme } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { CONTENT_WIDTH, COOKIE_BANNER_Z_INDEX } from '../domain';
import { t } from '../i18n';
// its own module: the banner shows on signed-out pages, which load no other ui code
import { useRootCssVar } from '../ui/root-css-var';
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

/** The three policies, as the banner links them: 'Privacy Policy, Terms of Use and Cookie Policy.' */
function PolicyLinks() {
  return (
    <>
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
    </>
  );
}

/** The banner's height while it shows, on the document's root element. */
const BANNER_HEIGHT_VAR = '--lobby-cookie-banner-height';

/**
 * The consent notice fixed at the bottom of every page until accepted, then never again. On a
 * phone it stays compact (one short sentence, the policies and Accept side by side, what is kept
 * behind a disclosure), so it does not cover a third of the screen.
 */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(hasAccepted);
  // the banner's own height, for the space kept below every page
  const banner = useElementSize();
  const { breakpoints } = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${breakpoints.sm})`, undefined, { getInitialValueInEffect: false });
  // notices at the bottom open above the banner, not behind it (global.css: .lobby-notices)
  useRootCssVar(BANNER_HEIGHT_VAR, accepted ? null : `${Math.ceil(banner.height)}px`);
  if (accepted) return null;

  const accept = () => {
    remember();
    setAccepted(true);
  };

  return (
    <>
      {/* keeps the end of every page scrollable above the fixed banner */}
      <Box h={Math.max(phone ? 64 : 96, banner.height + (phone ? 16 : 40))} aria-hidden />
      <Paper
        ref={banner.ref}
        component="section"
        aria-label={t('cookies.label')}
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        style={{ zIndex: COOKIE_BANNER_Z_INDEX }}
        shadow="md"
        radius={0}
        p={phone ? 'xs' : 'md'}
        withBorder
      >
        {phone ? (
          <>
            <Flex justify="space-between" align="center" gap="xs">
              <Text size="xs">
                {t('cookies.short')} <PolicyLinks />
              </Text>
              <Button onClick={accept} size="xs" flex="none">
                {t('cookies.accept')}
              </Button>
            </Flex>
            <Box component="details" mt={4} fz="xs">
              <Box component="summary" style={{ cursor: 'pointer' }}>
                {t('cookies.details')}
              </Box>
              <Text size="xs" mt={4}>
                {t('cookies.kept', { days: READ_CACHE_MAX_AGE_DAYS })}
              </Text>
            </Box>
          </>
        ) : (
          <Flex direction="row" justify="space-between" align="center" gap="md" maw={CONTENT_WIDTH} mx="auto">
            <Text size="sm">
              {t('cookies.text', { days: READ_CACHE_MAX_AGE_DAYS })} <PolicyLinks />
            </Text>
            <Button onClick={accept} flex="none">
              {t('cookies.accept')}
            </Button>
          </Flex>
        )}
      </Paper>
    </>
  );
}
