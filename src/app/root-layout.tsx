import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageLoader } from '../ui';
import { CookieBanner } from './cookie-banner';

/** Around every route: the screen, and the cookie-consent banner until it is accepted. */
export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <CookieBanner />
      <ScrollRestoration />
    </>
  );
}
