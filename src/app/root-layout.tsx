import { lazy, memo, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useSession } from '../api';
import { PageLoader } from '../ui';
import { AppFooter } from './app-footer';
import { CookieBanner } from './cookie-banner';
import { RouteFocus, SkipLink } from './route-focus';

/** The offline platform (Dexie, outbox replay) is for signed-in users: signed-out pages never load it. */
const OfflineSync = lazy(() => import('./offline-sync').then((module) => ({ default: module.OfflineSync })));

// drawn once: the layouts render again with each screen (their outlet), these do not need to
const Footer = memo(AppFooter);
const Banner = memo(CookieBanner);

/**
 * Around every route, from the app's first frame (while the first screen's code loads, too): the
 * skip link, the screen, focus and announcement after navigation, the cookie-consent banner until
 * it is accepted (fixed at the bottom: it never moves what is shown), and the outbox replay.
 */
export function RootLayout() {
  const session = useSession();
  // once someone signed in, it stays mounted, so a sign-out still clears the service worker's session mirror
  const [offlineNeeded, setOfflineNeeded] = useState(session !== null);
  if (session !== null && !offlineNeeded) setOfflineNeeded(true);
  return (
    <>
      <SkipLink />
      <Outlet />
      <RouteFocus />
      <Banner />
      {offlineNeeded && (
        <Suspense fallback={null}>
          <OfflineSync />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}

/**
 * The screen and, below it, the footer with the policies and the version: shown once the screen's
 * code is there (the router's loader stands in for both until then), so the footer never shows
 * first and is then pushed down by the screen.
 */
export function ScreenLayout() {
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <Footer />
    </>
  );
}
