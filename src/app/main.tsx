// first: no zod schema may be built before zod is told not to compile (CSP, no eval)
import '../domain/zod-jitless';
// Mantine's styles for the components the app uses, not all of @mantine/core/styles.css
import './mantine-styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { sessionStore, startEarlyReads } from '../api';
import { PROFILE_PATH } from '../api/read-paths';
// the rule alone, without zod's schemas (src/domain/grants.ts)
import { canSetupOrganization, type Grants } from '../domain/grants';
import { getLanguage } from '../i18n';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter, earlyReadsOf } from './router';
import { registerServiceWorker } from './service-worker';
import { APP_VERSION } from './version';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
document.documentElement.lang = getLanguage();
document.documentElement.dataset.version = APP_VERSION;

/**
 * The router (which matches the URL and starts loading the screen's code) and the first render run
 * in a task of their own, after the modules' evaluation: not one long task of both (ADR 0022).
 */
function start(container: HTMLElement, queryClient: QueryClient) {
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createAppRouter(queryClient)} />
      </AppProviders>
    </StrictMode>
  );
  // a transition: the first render yields to the browser every few milliseconds (no long task of
  // the frame and the first screen together), as the router's later renders do
  startTransition(() => createRoot(container).render(app));
}
const queryClient = createQueryClient();
const session = sessionStore.get();
if (session !== null) {
  // the profile every signed-in screen asks for first (the menu, what the screen offers, whether it
  // reads the PMS setup), and the first screen's first reads (its route names them), asked for at
  // once, before the screen's code, the profile's and zod's are there: the screen's requests take
  // these answers (src/api/early-reads.ts)
  const early = earlyReadsOf(location.pathname);
  const [profile] = startEarlyReads([PROFILE_PATH, ...early.now]);
  // and those for who may set the organization up, once the profile says so (its answer not checked
  // by its schema here: a wrong one only means nothing more is asked for early; the screen asks
  // itself and the gateway decides)
  if (profile !== undefined && early.organizationSetup.length > 0) {
    profile.then(
      (grants) => {
        try {
          startEarlyReads(early.organizationSetup.filter(({ org }) => canSetupOrganization(grants as Grants, org)).flatMap(({ paths }) => paths));
        } catch {
          // not a profile: the screen reads it again and says why
        }
      },
      () => undefined,
    );
  }
  // the profile read by its schema as soon as that is there, not after the screen's first render
  void import('../api/profile').then(({ profileQueryOptions }) => queryClient.prefetchQuery(profileQueryOptions(session.uuid)));
}
setTimeout(() => start(root, queryClient), 0);

registerServiceWorker();
