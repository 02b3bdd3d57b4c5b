import { REPORT_REASONS, type ModeratedItem } from '@coach/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { Button, Chip, IconButton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, failureNotice } from '../../shared/api/client.ts';
import { formatLongDate } from '../../shared/dates.ts';
import { notify } from '../../shared/notices/store.ts';
import { MODERATION_KEY, moderationKey, type ModerationView } from './queries.ts';
import { AdminList, type AdminListTexts } from './AdminList.tsx';
import type { Column } from './ResponsiveTable.tsx';
import { useConfirmedDelete } from './useConfirmedDelete.ts';
import { ConfirmedDeleteDialog } from './ConfirmedDeleteDialog.tsx';

const itemPath = (item: ModeratedItem) => `/api/admin/community/${item.kind}/${item.id}`;
const kindLabel = (item: ModeratedItem) => (item.kind === 'post' ? 'Post' : 'Reply');

const COLUMNS: readonly Column<ModeratedItem>[] = [
  { label: 'Type', render: kindLabel },
  { label: 'Author', render: (i) => `Community Member #${i.userId}` },
  { label: 'Written', render: (i) => formatLongDate(i.createdAt) },
  {
    label: 'Text',
    render: (i) => (
      <Typography
        component="span"
        variant="body2"
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', display: 'block', maxWidth: 420 }}
      >
        {i.content}
      </Typography>
    ),
  },
  {
    label: 'Reports',
    render: (i) =>
      i.openReports === 0
        ? 'None'
        : `${i.openReports}: ${i.reasons.map((reason) => REPORT_REASONS[reason]).join(', ')}`,
  },
  {
    label: 'Status',
    render: (i) => (
      <Chip
        size="small"
        label={i.hidden ? 'Hidden' : 'Visible'}
        color={i.hidden ? 'default' : 'success'}
        variant="outlined"
      />
    ),
  },
];

const LIST_TEXTS: Record<ModerationView, AdminListTexts> = {
  reported: {
    what: "the circle's posts",
    emptyTitle: 'Nothing reported',
    emptyText: 'Posts and replies members report will appear here.',
    table: 'Reported posts and replies',
  },
  recent: {
    what: "the circle's posts",
    emptyTitle: 'No posts yet',
    emptyText: 'Posts and replies members share will appear here.',
    table: 'Recent posts and replies',
  },
};

/**
 * Sacred Circle moderation: what members reported (most recent first) or everything new; the
 * coach hides or shows, deletes, or dismisses the reports of any post or reply.
 */
export function ModerationTab() {
  const queryClient = useQueryClient();
  const [view, setView] = useState<ModerationView>('reported');
  const items = useQuery<ModeratedItem[]>({ queryKey: moderationKey(view) });
  const refresh = () =>
    queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(MODERATION_KEY[0]) });
  const act = useMutation({
    mutationFn: async ({ item, action }: { item: ModeratedItem; action: 'hide' | 'show' | 'dismiss' }) => {
      if (action === 'dismiss') await apiRequest('POST', `${itemPath(item)}/dismiss`);
      else await apiRequest('PATCH', itemPath(item), { hidden: action === 'hide' });
      return action;
    },
    onSuccess: async (action) => {
      notify({
        title: { hide: 'Hidden from members', show: 'Visible to members again', dismiss: 'Reports dismissed' }[action],
      });
      await refresh();
    },
    onError: (error) => notify(failureNotice('Could not change it', error)),
  });
  const remove = useConfirmedDelete<ModeratedItem>({
    path: itemPath,
    successTitle: 'Deleted from the circle',
    failureTitle: 'Failed to delete',
    onDeleted: refresh,
  });

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2.5, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h2" sx={{ color: 'primary.dark' }}>
          Circle Moderation
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: ModerationView | null) => next && setView(next)}
          aria-label="Which posts to show"
        >
          <ToggleButton value="reported">Reported</ToggleButton>
          <ToggleButton value="recent">Recent</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <AdminList
        query={items}
        texts={LIST_TEXTS[view]}
        columns={COLUMNS}
        rowKey={(i) => i.id}
        actions={(item) => {
          const name = `${kindLabel(item).toLowerCase()} by Community Member #${item.userId}`;
          return (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button
                size="small"
                variant="outlined"
                disabled={act.isPending}
                onClick={() => act.mutate({ item, action: item.hidden ? 'show' : 'hide' })}
                aria-label={`${item.hidden ? 'Show' : 'Hide'} ${name}`}
              >
                {item.hidden ? 'Show' : 'Hide'}
              </Button>
              {item.openReports > 0 && (
                <Button
                  size="small"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ item, action: 'dismiss' })}
                  aria-label={`Dismiss reports of ${name}`}
                >
                  Dismiss
                </Button>
              )}
              <Tooltip title="Delete">
                <IconButton aria-label={`Delete ${name}`} onClick={() => remove.ask(item)} color="error">
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        }}
      />
      <ConfirmedDeleteDialog
        remove={remove}
        title={`Delete this ${remove.row?.kind ?? 'post'}?`}
        text={(item) =>
          item.kind === 'reply'
            ? 'The reply will be removed for everyone. This cannot be undone.'
            : 'The post and every reply under it will be removed for everyone. This cannot be undone.'
        }
        confirmLabel="Delete"
      />
    </>
  );
}
