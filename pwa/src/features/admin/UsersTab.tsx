import type { AdminUser } from '@coach/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { Chip, IconButton, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { PagedAdminList, TabHeading, type PagedListTexts } from './AdminList.tsx';
import { formatLongDate } from '../../shared/dates.ts';
import { USERS_KEY } from './queries.ts';
import type { Column } from './ResponsiveTable.tsx';
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

const LIST_TEXTS: PagedListTexts = {
  search: 'Search users',
  what: 'the users',
  emptyTitle: 'No users yet',
  emptyText: 'Members who join the journey will appear here.',
  table: 'Users',
};

/** Users: every account, newest first, searchable; delete on each row except admin rows. */
export function UsersTab() {
  const queryClient = useQueryClient();
  const remove = useConfirmedDelete<AdminUser>({
    path: (u) => `/api/admin/users/${encodeURIComponent(u.id)}`,
    successTitle: 'User deleted successfully',
    failureTitle: 'Failed to delete user',
    onDeleted: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });

  return (
    <>
      <TabHeading title="Users" />
      <PagedAdminList
        path={USERS_KEY[0]}
        texts={LIST_TEXTS}
        columns={COLUMNS}
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
