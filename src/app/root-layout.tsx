import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageLoader } from '../ui';
import { CookieBanner } from './cookie-banner';
import { OfflineSync } from './offline-sync';

/** Around every route: the screen, the cookie-consent banner until it is accepted, and the outbox replay. */
export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <CookieBanner />
      <OfflineSync />
      <ScrollRestoration />
    </>
  );
}
