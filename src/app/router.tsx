import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { sessionStore } from '../api';
import type { RoutePrefetch } from '../api/prefetch';
import { effectiveUnitsPath, organizationDetailPath, ORGANIZATIONS_PATH, type ReadsAhead } from '../api/read-paths';
import type { Grants } from '../domain/grants';
import { hotelWizardReads, pmsSetupReads } from '../features/pms/api/paths';
import { PageLoader } from '../ui';
import { RootLayout, ScreenLayout } from './root-layout';
import { RouteError } from './route-error';

/** A route whose screen is loaded on first visit: its code is a separate chunk. */
const ous = () => import('../features/organizations/pages/ous-page');

type Lazy = NonNullable<RouteObject['lazy']>;
/** What a screen reads first, by its route's `lazy` (createAppRouter gives those routes a loader). */
const readsOf = new WeakMap<Lazy, () => Promise<RoutePrefetch>>();

/** A route's handle: what its screen reads first, as paths the app's first script sends (readsAheadAt). */
interface ScreenHandle {
  readsAhead: ReadsAhead;
}

/**
 * A route whose screen's code loads on first visit; `reads` loads what the screen reads first,
 * asked for as soon as it is there (createAppRouter), not after the screen's first render. It may
 * come from a small module of its own, so the reads start before the screen's whole code is there.
 * `ahead` names the same first reads as paths, for the page whose address opens on this screen: its
 * first script sends them before any screen's code (main.tsx).
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, reads?: () => Promise<RoutePrefetch>, ahead?: ReadsAhead): Pick<RouteObject, 'lazy' | 'handle'> {
  const lazy: Lazy = async () => ({ Component: pick(await load()) });
  if (reads) readsOf.set(lazy, reads);
  return ahead ? { lazy, handle: { readsAhead: ahead } satisfies ScreenHandle } : { lazy };
}

const organizationsReads: ReadsAhead = () => [ORGANIZATIONS_PATH];
const organizationReads: ReadsAhead = ({ uuid }) => (uuid ? [ORGANIZATIONS_PATH, organizationDetailPath(uuid)] : []);
const unitTreeReads: ReadsAhead = ({ uuid }) => (uuid ? [organizationDetailPath(uuid), effectiveUnitsPath(uuid)] : []);

const login = screen(() => import('../features/auth/pages/login-page'), (m) => m.LoginPage);
const newPassword = () => import('../features/auth/pages/new-password-pages');
const policies = () => import('../features/legal/policy-pages');
const organizations = () => import('../features/organizations/pages/organizations-page');
const statusPages = () => import('./pages/status-page');
const hotelWizard = () => import('../features/pms/pages/hotel-wizard-page');
const organizationPage = () => import('../features/organizations/pages/organization-page');
const pmsPage = () => import('../features/pms/pages/pms-page');

/** Every route of the app (spec section 2 routes built so far); public first, then signed-in. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // the screen and its footer; until the first screen's code is there, the loader stands for
        // them inside the root layout: the cookie banner shows at once and stays, not drawn again
        Component: ScreenLayout,
        HydrateFallback: () => <PageLoader />,
        children: [
          { index: true, ...login },
          { path: 'login', ...login },
          { path: 'logout', ...screen(() => import('../features/auth/pages/logout-page'), (m) => m.LogoutPage) },
          { path: 'reset-password', ...screen(() => import('../features/auth/pages/reset-password-page'), (m) => m.ResetPasswordPage) },
          { path: 'password/reset/:token', ...screen(newPassword, (m) => m.PasswordResetPage) },
          { path: 'users/:userUuid/set-password/:activationCode', ...screen(newPassword, (m) => m.SetPasswordPage) },
          { path: 'users/:userUuid/activate/:activationCode', ...screen(newPassword, (m) => m.ActivateUserPage) },
          { path: 'validate/phone/:token', ...screen(() => import('../features/auth/pages/validate-phone-page'), (m) => m.ValidatePhonePage) },
          { path: 'validate/email/:token', ...screen(() => import('../features/profile/pages/validate-email-page'), (m) => m.ValidateEmailPage) },
          { path: 'privacy', ...screen(policies, (m) => m.PrivacyPage) },
          { path: 'terms', ...screen(policies, (m) => m.TermsPage) },
          { path: 'cookies', ...screen(policies, (m) => m.CookiesPage) },
          {
            // a signed-in user keeps the header and menu on the 403 page; others see it alone
            ...screen(() => import('./signed-in-layout'), (m) => m.ForbiddenLayout),
            children: [{ path: '403', ...screen(statusPages, (m) => m.ForbiddenPage) }],
          },
          {
            // the signed-in frame (header, sync badge, outbox counts) is its own chunk: signed-out pages skip it
            ...screen(() => import('./signed-in-layout'), (m) => m.SignedInLayout),
            children: [
              { path: 'organizations', ...screen(organizations, (m) => m.OrganizationsPage, () => organizations().then((m) => m.prefetchOrganizations), organizationsReads) },
              { path: 'user-management', ...screen(() => import('../features/users/pages/user-management-page'), (m) => m.UserManagementPage) },
              { path: 'organization/new', ...screen(organizationPage, (m) => m.NewOrganizationPage) },
              { path: 'organization', ...screen(organizationPage, (m) => m.NewOrganizationPage) },
              { path: 'organization/:uuid', ...screen(organizationPage, (m) => m.OrganizationPage, () => organizationPage().then((m) => m.prefetchOrganization), organizationReads) },
              { path: 'organization/:uuid/pms', ...screen(pmsPage, (m) => m.PmsPage, () => pmsPage().then((m) => m.prefetchPms), pmsSetupReads) },
              { path: 'organization/:uuid/packages', ...screen(() => import('../features/pms/pages/packages-page'), (m) => m.PackagesPage) },
              { path: 'organization/:uuid/contract', ...screen(() => import('../features/organizations/pages/contract-page'), (m) => m.ContractPage) },
              { path: 'organization/:uuid/devices', ...screen(() => import('../features/devices/pages/devices-page'), (m) => m.DevicesPage) },
              { path: 'organization/:uuid/pos', ...screen(() => import('../features/pos/pages/pos-page'), (m) => m.PosPage) },
              { path: 'organization/:uuid/ous', ...screen(ous, (m) => m.OusPage, () => ous().then((m) => m.prefetchOus), unitTreeReads) },
              { path: 'organization/:uuid/ous/new', ...screen(() => import('../features/organizations/pages/unit-new-page'), (m) => m.UnitNewPage) },
              { path: 'organization/:uuid/ous/:ouUuid', ...screen(ous, (m) => m.OusPage, () => ous().then((m) => m.prefetchOus), unitTreeReads) },
              { path: 'organization/:uuid/ous/:ouUuid/order-items', ...screen(() => import('../features/order-items/pages/order-items-page'), (m) => m.OrderItemsPage) },
              { path: 'organization/:uuid/ous/:ouUuid/discounts', ...screen(() => import('../features/discounts/pages/discounts-page'), (m) => m.DiscountsPage) },
              { path: 'organization/:uuid/ous/venue/create', ...screen(() => import('../features/organizations/pages/venue-create-page'), (m) => m.VenueCreatePage) },
              { path: 'organization/:uuid/ous/venue/:venueUuid', ...screen(() => import('../features/organizations/pages/venue-edit-page'), (m) => m.VenueEditPage) },
              { path: 'organization/:uuid/ous/hotel/create', ...screen(hotelWizard, (m) => m.HotelCreatePage) },
              { path: 'organization/:uuid/ous/hotel/:hotelUuid', ...screen(hotelWizard, (m) => m.HotelEditPage, () => import('../features/pms/api/hotel-wizard-prefetch').then((m) => m.prefetchHotelWizard), hotelWizardReads) },
              { path: 'organization/:uuid/ous/revenueCenter/create', ...screen(() => import('../features/organizations/pages/revenue-center-create-page'), (m) => m.RevenueCenterCreatePage) },
              { path: 'organization/:uuid/ous/revenueCenter/:revenueCenterUuid', ...screen(() => import('../features/organizations/pages/revenue-center-edit-page'), (m) => m.RevenueCenterEditPage) },
              { path: 'organization/:uuid/transactions/:transactionUuid?/:tab?', ...screen(() => import('../features/transactions/pages/transactions-page'), (m) => m.TransactionsPage) },
              { path: 'organization/:uuid/access-log', ...screen(() => import('../features/access-log/pages/access-log-page'), (m) => m.AccessLogPage) },
              { path: 'organization/:uuid/activity', ...screen(() => import('../features/organizations/pages/activity-page'), (m) => m.ActivityPage) },
              { path: 'exports/:jobUuid', ...screen(() => import('../features/exports/pages/export-download-page'), (m) => m.ExportDownloadPage) },
              { path: 'sync', ...screen(() => import('../features/sync/pages/sync-page'), (m) => m.SyncPage) },
              { path: 'profile', ...screen(() => import('../features/profile/pages/profile-page'), (m) => m.ProfilePage) },
              { path: 'join', ...screen(() => import('../features/profile/pages/join-page'), (m) => m.JoinPage) },
            ],
          },
          { path: '*', ...screen(statusPages, (m) => m.NotFoundPage) },
        ],
      },
    ],
  },
];

/**
 * The paths of the reads the screen at `pathname` makes first (its route's and its parents'), for
 * a user who had `grants` at the profile's last read here: sent by the page's first script, before
 * the router and any screen's code, and taken by the screen's reads when they are made.
 */
export function readsAheadAt(pathname: string, grants: Grants | null): string[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route, params }) => (route.handle as ScreenHandle | undefined)?.readsAhead(params, grants) ?? []);
}

/**
 * The routes, each screen that names what it reads first with a loader starting it into
 * `queryClient` (a loader that does not wait for it; signed out, nothing is read for it).
 */
function withPrefetches(table: RouteObject[], queryClient: QueryClient): RouteObject[] {
  return table.map((route): RouteObject => {
    const children = route.children && withPrefetches(route.children, queryClient);
    const lazy = typeof route.lazy === 'function' ? route.lazy : undefined;
    const reads = lazy && readsOf.get(lazy);
    if (lazy === undefined || reads === undefined) return { ...route, children } as RouteObject;
    return {
      ...route,
      children,
      // a loader of the route itself, not one its `lazy` gives: the router runs it beside `lazy`, so
      // the reads start once their own module is there, whether or not the screen's code is
      loader: async ({ params }) => {
        const prefetch = await reads();
        const session = sessionStore.get();
        if (session !== null) prefetch(queryClient, session.uuid, params);
        return null;
      },
    } as RouteObject;
  });
}

export function createAppRouter<R>(queryClient: QueryClient, create: (table: RouteObject[]) => R = createBrowserRouter as (table: RouteObject[]) => R): R {
  return create(withPrefetches(routes, queryClient));
}
