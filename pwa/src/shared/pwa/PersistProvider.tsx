import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientOptions,
} from '@tanstack/query-persist-client-core';
import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * TanStack's PersistQueryClientProvider with one change: the end of the restore re-renders the
 * queries at transition priority. The library's plain state update would make every part of a
 * prerendered page still waiting to hydrate do so at once, in one long task.
 */
export function PersistProvider({
  client,
  persistOptions,
  onSuccess,
  children,
}: {
  client: QueryClient;
  persistOptions: Omit<PersistQueryClientOptions, 'queryClient'>;
  onSuccess: () => void;
  children: ReactNode;
}) {
  const [isRestoring, setIsRestoring] = useState(true);
  const latest = useRef({ persistOptions, onSuccess });
  const restoreStarted = useRef(false);
  useEffect(() => {
    latest.current = { persistOptions, onSuccess };
  });
  useEffect(() => {
    const options = { ...latest.current.persistOptions, queryClient: client };
    if (!restoreStarted.current) {
      restoreStarted.current = true; // once, even when StrictMode runs the effect twice
      persistQueryClientRestore(options)
        .then(() => latest.current.onSuccess())
        .catch(() => undefined) // nothing restored: the queries fetch as on a first visit
        .finally(() => startTransition(() => setIsRestoring(false)));
    }
    return isRestoring ? undefined : persistQueryClientSubscribe(options);
  }, [client, isRestoring]);
  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
