import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../shared/api/client.ts';
import { PersistProvider } from '../shared/pwa/PersistProvider.tsx';
import { persistOptions, refreshPersistedWhenOnline } from '../shared/api/persist.ts';
import { theme } from '../shared/theme.ts';

/**
 * Theme and data providers shared by the app and the component tests. `persist` (the app only)
 * keeps the public reads in IndexedDB so pages read before show their data offline.
 */
export function AppProviders({
  children,
  client,
  persist = false,
}: {
  children: ReactNode;
  client?: QueryClient;
  persist?: boolean;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [persisted] = useState(() => (persist ? persistOptions(queryClient) : null));
  const themed = (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
  return persisted ? (
    <PersistProvider
      client={queryClient}
      persistOptions={persisted}
      onSuccess={() => refreshPersistedWhenOnline(queryClient)}
    >
      {themed}
    </PersistProvider>
  ) : (
    <QueryClientProvider client={queryClient}>{themed}</QueryClientProvider>
  );
}
