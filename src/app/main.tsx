// first: no zod schema may be built before zod is told not to compile (CSP, no eval)
import '../domain/zod-jitless';
// Mantine's styles for the components the app uses, not all of @mantine/core/styles.css
import './mantine-styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { getLanguage } from '../i18n';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
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
function start(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}
setTimeout(() => start(root), 0);

registerServiceWorker();
