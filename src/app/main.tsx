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
import { PROFILE_PATH, readAhead, sessionStore } from '../api';
import { lastGrants } from '../api/grants-hint';
import { getLanguage } from '../i18n';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter, readsAheadAt } from './router';
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
// the profile every signed-in screen asks for first (the menu, what the screen offers), and what
// the screen this address opens reads first, sent at once; the queries that take their answers
// follow with their code (and zod's), beside the screen's
const session = sessionStore.get();
if (session !== null) {
  readAhead(PROFILE_PATH);
  for (const path of readsAheadAt(location.pathname, lastGrants(session.uuid))) readAhead(path);
  void import('../api/profile').then(({ profileQueryOptions }) => queryClient.prefetchQuery(profileQueryOptions(session.uuid)));
}
setTimeout(() => start(root, queryClient), 0);

registerServiceWorker();
