import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useSession } from '../api';
import { PageLoader } from '../ui';
import { AppFooter } from './app-footer';
import { CookieBanner } from './cookie-banner';
import { RouteFocus, SkipLink } from './route-focus';

/** The offline platform (Dexie, outbox replay) is for signed-in users: signed-out pages never load it. */
const OfflineSync = lazy(() => import('./offline-sync').then((module) => ({ default: module.OfflineSync })));

/**
 * Around every route: the skip link, the screen, the footer with the policies and the version, focus
 * and announcement after navigation, the cookie-consent banner until it is accepted, and the outbox replay.
 */
export function RootLayout() {
  const session = useSession();
  // once someone signed in, it stays mounted, so a sign-out still clears the service worker's session mirror
  const [offlineNeeded, setOfflineNeeded] = useState(session !== null);
  if (session !== null && !offlineNeeded) setOfflineNeeded(true);
  return (
    <>
      <SkipLink />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <AppFooter />
      <RouteFocus />
      <CookieBanner />
      {offlineNeeded && (
        <Suspense fallback={null}>
          <OfflineSync />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
