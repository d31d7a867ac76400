import { useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
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

/** Theme, server-state cache, notifications and modals around the whole app. */
export function AppProviders({ queryClient, env = 'default', children }: AppProvidersProps) {
  useEffect(() => clearCacheOnUserChange(queryClient, sessionStore), [queryClient]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="top-center" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
