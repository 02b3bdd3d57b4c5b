import { Box, Button, CircularProgress } from '@mui/material';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiRequestError } from '../../shared/api/client.ts';
import { useListPages } from '../../shared/api/listPages.ts';
import { SearchForm } from '../../shared/ui/SearchForm.tsx';

/**
 * An admin list read a page at a time (the API names the next page in its Link header), searched
 * on the server. `query` has the shape the list states (QueryState) read: every page loaded so far.
 */
export function usePagedList<T>(path: string) {
  const [search, setSearch] = useState('');
  const list = useListPages<T>(
    [path, { q: search }],
    search ? `${path}?${new URLSearchParams({ q: search }).toString()}` : path,
  );
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.rows), [list.data]);
  const query = { ...list, data: rows } as unknown as UseQueryResult<T[]>;
  return { query, list, search, setSearch };
}

/**
 * A count an admin list states in a header of its first page (X-Total-Count: all its rows, unless
 * another header is named), or the length of a list not paged.
 */
export function useListTotal(path: string, header = 'x-total-count') {
  return useQuery({
    queryKey: [path, header],
    queryFn: async ({ signal }) => {
      const res = await fetch(path, { credentials: 'include', signal });
      if (!res.ok) throw new ApiRequestError(res.status, `${res.status}: ${res.statusText}`);
      const total = res.headers.get(header);
      const rows = (await res.json()) as unknown[];
      return total === null ? rows.length : Number(total);
    },
  });
}

/** The search box above an admin list. */
export function ListSearch({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  return <SearchForm label={label} value={value} onSearch={onSearch} sx={{ mb: 2.5, maxWidth: 520 }} />;
}

/** "Load more" under an admin list, while a next page exists. */
export function LoadMore({ list }: { list: ReturnType<typeof usePagedList>['list'] }) {
  if (!list.hasNextPage) return null;
  return (
    <Box sx={{ textAlign: 'center', mt: 2.5 }}>
      <Button
        variant="outlined"
        onClick={() => void list.fetchNextPage()}
        disabled={list.isFetchingNextPage}
        startIcon={list.isFetchingNextPage ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </Box>
  );
}
