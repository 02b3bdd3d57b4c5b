import { Stack, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { ListSearch, LoadMore, usePagedList } from './pagedList.tsx';
import { ResponsiveTable, type ResponsiveTableProps } from './ResponsiveTable.tsx';

/** A tab's heading, with its buttons (if any) beside it. */
export function TabHeading({ title, children }: { title: string; children?: ReactNode }) {
  if (!children) {
    return (
      <Typography variant="h4" component="h2" sx={{ color: 'primary.dark', mb: 2.5 }}>
        {title}
      </Typography>
    );
  }
  return (
    <Stack
      direction="row"
      sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2.5, gap: 2, flexWrap: 'wrap' }}
    >
      <Typography variant="h4" component="h2" sx={{ color: 'primary.dark' }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** What an admin list says while it loads, when it is empty, and as its table's name. */
export interface AdminListTexts {
  /** What is loading or failed to load ("the users"). */
  what: string;
  emptyTitle: string;
  emptyText: string;
  /** Names the table for assistive technology. */
  table: string;
}

/** A searched list's texts: the list's, and its search box's label. */
export interface PagedListTexts extends AdminListTexts {
  search: string;
}

type TableProps<T> = Omit<ResponsiveTableProps<T>, 'rows' | 'label'>;

/** An admin list read whole: its loading, error and empty states, then the table. */
export function AdminList<T>({
  query,
  texts,
  ...table
}: TableProps<T> & { query: UseQueryResult<T[]>; texts: AdminListTexts }) {
  return (
    <QueryState query={query} what={texts.what} emptyTitle={texts.emptyTitle} emptyText={texts.emptyText}>
      {(rows) => <ResponsiveTable {...table} label={texts.table} rows={rows} />}
    </QueryState>
  );
}

/** An admin list searched on the server and read a page at a time: the search box, the list, "Load more". */
export function PagedAdminList<T>({
  path,
  texts,
  ...table
}: TableProps<T> & { /** The list's API path. */ path: string; texts: PagedListTexts }) {
  const paged = usePagedList<T>(path);
  return (
    <>
      <ListSearch label={texts.search} value={paged.search} onSearch={paged.setSearch} />
      <AdminList {...table} query={paged.query} texts={texts} />
      <LoadMore list={paged.list} />
    </>
  );
}
