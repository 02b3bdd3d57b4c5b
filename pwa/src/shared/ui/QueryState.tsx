import { Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './LoadError.tsx';

/**
 * The states of a list read from the API: skeletons while loading, an error with a retry, an
 * empty state, or the list itself.
 */
export function QueryState<T>({
  query,
  what,
  emptyTitle,
  emptyText,
  emptyAction,
  children,
}: {
  query: UseQueryResult<T[]>;
  what: string;
  emptyTitle: string;
  emptyText: string;
  emptyAction?: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack spacing={2} role="status" aria-label={`Loading ${what}`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={84} sx={{ borderRadius: 4 }} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <LoadError what={what} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return (
      <Card sx={{ textAlign: 'center' }}>
        <CardContent sx={{ p: { xs: 4, sm: 6 } }}>
          <Typography variant="h4" component="h3" sx={{ color: 'primary.dark' }}>
            {emptyTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: emptyAction ? 3 : 0 }}>
            {emptyText}
          </Typography>
          {emptyAction}
        </CardContent>
      </Card>
    );
  }
  return children(query.data);
}
