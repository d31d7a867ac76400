import { useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { sessionStore } from '../api';
import { theme } from '../ui';
import { clearCacheOnUserChange } from './query-client';

interface AppProvidersProps {
  queryClient: QueryClient;
  /** 'test' turns Mantine transitions and portals off. */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** Theme and server-state cache around the whole app (modals and notifications: FeedbackProviders, signed-in only). */
export function AppProviders({ queryClient, env = 'default', children }: AppProvidersProps) {
  useEffect(() => clearCacheOnUserChange(queryClient, sessionStore), [queryClient]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient}>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
