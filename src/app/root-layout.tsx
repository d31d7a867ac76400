import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useSession } from '../api';
import { PageLoader } from '../ui';
import { CookieBanner } from './cookie-banner';

/** The offline platform (Dexie, outbox replay) is for signed-in users: signed-out pages never load it. */
const OfflineSync = lazy(() => import('./offline-sync').then((module) => ({ default: module.OfflineSync })));

/** Around every route: the screen, the cookie-consent banner until it is accepted, and the outbox replay. */
export function RootLayout() {
  const session = useSession();
  // once someone signed in, it stays mounted, so a sign-out still clears the service worker's session mirror
  const [offlineNeeded, setOfflineNeeded] = useState(session !== null);
  if (session !== null && !offlineNeeded) setOfflineNeeded(true);
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
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
