import type { AdminUser } from '@coach/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { ListSearch, LoadMore, usePagedList } from './pagedList.tsx';
import { formatLongDate } from '../../shared/dates.ts';
import { USERS_KEY } from './queries.ts';
import { ResponsiveTable, type Column } from './ResponsiveTable.tsx';
import { useConfirmedDelete } from './useConfirmedDelete.ts';
import { ConfirmedDeleteDialog } from './ConfirmedDeleteDialog.tsx';
import { EmailAddress } from '../../shared/ui/EmailAddress.tsx';

const COLUMNS: readonly Column<AdminUser>[] = [
  { label: 'Name', render: (u) => u.name },
  { label: 'Username', render: (u) => u.username },
  { label: 'Email', render: (u) => <EmailAddress email={u.email} /> },
  {
    label: 'Role',
    render: (u) => (
      <Chip
        size="small"
        label={u.role === 'admin' ? 'Admin' : 'Member'}
        color={u.role === 'admin' ? 'primary' : 'default'}
      />
    ),
  },
  { label: 'Joined', render: (u) => formatLongDate(u.createdAt) },
];

/** Users: every account, newest first, searchable; delete on each row except admin rows. */
export function UsersTab() {
  const queryClient = useQueryClient();
  const { query: users, list, search, setSearch } = usePagedList<AdminUser>(USERS_KEY[0]);
  const remove = useConfirmedDelete<AdminUser>({
    path: (u) => `/api/admin/users/${encodeURIComponent(u.id)}`,
    successTitle: 'User deleted successfully',
    failureTitle: 'Failed to delete user',
    onDeleted: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });

  return (
    <>
      <Typography variant="h4" component="h2" sx={{ color: 'primary.dark', mb: 2.5 }}>
        Users
      </Typography>
      <ListSearch label="Search users" value={search} onSearch={setSearch} />
      <QueryState
        query={users}
        what="the users"
        emptyTitle="No users yet"
        emptyText="Members who join the journey will appear here."
      >
        {(rows) => (
          <ResponsiveTable
            label="Users"
            columns={COLUMNS}
            rows={rows}
            rowKey={(u) => u.id}
            actions={(u) =>
              u.role === 'admin' ? null : (
                <Tooltip title="Delete user">
                  <IconButton aria-label={`Delete user ${u.name}`} onClick={() => remove.ask(u)} color="error">
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              )
            }
          />
        )}
      </QueryState>
      <LoadMore list={list} />
      <ConfirmedDeleteDialog
        remove={remove}
        title="Delete this user?"
        text={(user) =>
          `${user.name} (${user.email}) will lose their account and access to the Sacred Circle. This cannot be undone.`
        }
        confirmLabel="Delete User"
      />
    </>
  );
}
