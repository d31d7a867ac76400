import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { AppShell, Container } from '@mantine/core';
import { CONTENT_WIDTH } from '../domain';
import { sessionStore, useSession } from '../api';
import { t } from '../i18n';
import { PageLoader, SECONDARY_COLOR } from '../ui';
import { AppHeader } from './app-header';
import { FeedbackProviders, HEADER_HEIGHT } from './feedback-providers';
import { signedInRedirect } from './guards';

/** The signed-in frame: the header (menu, sync badge, account) above the screen. */
function SignedInFrame() {
  return (
    <FeedbackProviders>
      <AppShell header={{ height: HEADER_HEIGHT }} padding="lg">
        <AppShell.Header bg={`${SECONDARY_COLOR}.9`} withBorder={false} px="lg" className="lobby-header" aria-label={t('app.name')}>
          <AppHeader />
        </AppShell.Header>
        <AppShell.Main id="main" tabIndex={-1}>
          <Container size={CONTENT_WIDTH} px={0}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Container>
        </AppShell.Main>
      </AppShell>
    </FeedbackProviders>
  );
}

/**
 * Frame and guard of every signed-in route. It follows the session store, so a logout from
 * anywhere (the menu, a refused refresh, another tab) sends this tab to /login at once.
 */
export function SignedInLayout() {
  const session = useSession();
  const location = useLocation();
  const redirect = signedInRedirect(session, location, session === null && sessionStore.userless());
  if (redirect) return <Navigate to={redirect} replace />;
  return <SignedInFrame />;
}

/**
 * Around the 403 page: a signed-in user keeps the header and its menu there (the way on is one
 * click away); anyone else sees the page alone.
 */
export function ForbiddenLayout() {
  const session = useSession();
  return session !== null && session.uuid ? <SignedInFrame /> : <Outlet />;
}
