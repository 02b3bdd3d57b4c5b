import { Box, Button, CircularProgress, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiRequestError } from '../api/client.ts';
import { isNetworkError } from '../pwa/submit.ts';

/** What "More posts" reads and does of a list read a page at a time (an infinite query). */
interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage(): Promise<{ error: unknown }>;
  refetch(): Promise<unknown>;
}

/**
 * "More posts" under a list of posts while a page follows it: adds the next page's posts below.
 * With `to`, the next page's own address, it is a link as well, for a reader without scripts.
 * A next page refused with 400 was named by a post gone since (deleted, hidden or unpublished):
 * the pages are read again, which names the next page anew, and that one is read.
 */
export function MorePosts({ list, to }: { list: NextPages; to?: string }) {
  if (!list.hasNextPage) return null;
  const more = async (event: MouseEvent) => {
    event.preventDefault();
    const { error } = await list.fetchNextPage();
    if (error instanceof ApiRequestError && error.status === 400) {
      await list.refetch();
      await list.fetchNextPage();
    }
  };
  return (
    <Box sx={{ textAlign: 'center', mt: 5 }}>
      <Button
        {...(to ? { component: RouterLink, to, rel: 'next' } : {})}
        variant="outlined"
        size="large"
        disabled={list.isFetchingNextPage}
        onClick={(event: MouseEvent) => void more(event)}
        startIcon={list.isFetchingNextPage ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {list.isFetchingNextPage ? 'Loading...' : 'More posts'}
      </Button>
      {list.isFetchNextPageError && !list.isFetchingNextPage && (
        <Typography role="alert" color="error" sx={{ mt: 2 }}>
          {isNetworkError(list.error)
            ? 'You are offline — more posts will load once you are back online.'
            : 'Unable to load more posts. Please try again.'}
        </Typography>
      )}
    </Box>
  );
}
