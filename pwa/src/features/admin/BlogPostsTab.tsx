import type { AdminBlogPost, PostMailingStats } from '@coach/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Chip, IconButton, Tooltip } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatLongDate } from '../../shared/dates.ts';
import { BlogPostDialog } from './BlogPostDialog.tsx';
import { PagedAdminList, TabHeading, type PagedListTexts } from './AdminList.tsx';
import { ADMIN_POSTS_KEY, postMailingKey, refreshBlog } from './queries.ts';
import type { Column } from './ResponsiveTable.tsx';
import { useConfirmedDelete } from './useConfirmedDelete.ts';
import { ConfirmedDeleteDialog } from './ConfirmedDeleteDialog.tsx';

/** Published, Scheduled (published, its time still to come, shown with it) or Draft. */
function StatusChip({ post }: { post: AdminBlogPost }) {
  if (post.isPublished && post.publishedAt && new Date(post.publishedAt).getTime() > Date.now()) {
    return (
      <Chip
        size="small"
        label={`Scheduled: ${formatDateTime(new Date(post.publishedAt))}`}
        sx={{ bgcolor: '#FFF1D6', color: '#6B4A00' }}
      />
    );
  }
  const published = post.isPublished;
  return (
    <Chip
      size="small"
      label={published ? 'Published' : 'Draft'}
      sx={published ? { bgcolor: '#E3F1E5', color: '#1E5A2B' } : { bgcolor: 'grey.200', color: 'text.secondary' }}
    />
  );
}

/** A post's newsletter e-mails: sent, failed and unsubscribes through them. */
function NewsletterFigures({ postId }: { postId: string }) {
  const stats = useQuery<PostMailingStats>({ queryKey: postMailingKey(postId) });
  if (!stats.data) return null;
  if (!stats.data.mailed)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        Not sent
      </Box>
    );
  const { sent, failed, unsubscribed } = stats.data;
  return (
    <Box component="span" sx={{ fontSize: '0.85rem' }}>
      {sent} sent · {failed} failed · {unsubscribed} unsubscribed
    </Box>
  );
}

const COLUMNS: readonly Column<AdminBlogPost>[] = [
  {
    label: 'Title',
    render: (p) => (
      <>
        <Box component="span" sx={{ display: 'block', fontWeight: 700, color: 'primary.dark' }}>
          {p.title}
        </Box>
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.85rem' }}>
          /blog/{p.slug}
        </Box>
      </>
    ),
  },
  { label: 'Category', render: (p) => p.category },
  { label: 'Status', render: (p) => <StatusChip post={p} /> },
  { label: 'Created', render: (p) => formatLongDate(p.createdAt) },
  { label: 'Newsletter', render: (p) => <NewsletterFigures postId={p.id} /> },
];

const LIST_TEXTS: PagedListTexts = {
  search: 'Search posts',
  what: 'the blog posts',
  emptyTitle: 'No posts yet',
  emptyText: 'Write the first insight with New Post.',
  table: 'Blog posts',
};

/** Blog posts: New Post, and view (new tab), edit and delete on every row. */
export function BlogPostsTab() {
  const queryClient = useQueryClient();
  // The dialog is remounted by key on every opening, so it starts from the chosen post or a blank form.
  const [editor, setEditor] = useState<{ key: number; open: boolean; post?: AdminBlogPost }>({ key: 0, open: false });
  const openEditor = (post?: AdminBlogPost) => setEditor((e) => ({ key: e.key + 1, open: true, post }));
  const remove = useConfirmedDelete<AdminBlogPost>({
    path: (p) => `/api/admin/blog-posts/${encodeURIComponent(p.id)}`,
    successTitle: 'Blog post deleted successfully',
    failureTitle: 'Failed to delete blog post',
    onDeleted: () => refreshBlog(queryClient),
  });

  return (
    <>
      <TabHeading title="Blog Posts">
        <Button variant="contained" color="secondary" startIcon={<AddIcon />} onClick={() => openEditor()}>
          New Post
        </Button>
      </TabHeading>
      <PagedAdminList
        path={ADMIN_POSTS_KEY[0]}
        texts={LIST_TEXTS}
        columns={COLUMNS}
        rowKey={(p) => p.id}
        actions={(p) => (
          <>
            <Tooltip title="View on the blog (new tab)">
              <IconButton
                component="a"
                href={`/blog/${p.slug}`}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`View “${p.title}” (opens in a new tab)`}
              >
                <OpenInNewIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Edit post">
              <IconButton aria-label={`Edit “${p.title}”`} onClick={() => openEditor(p)} color="primary">
                <EditIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete post">
              <IconButton aria-label={`Delete “${p.title}”`} onClick={() => remove.ask(p)} color="error">
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <BlogPostDialog
        key={editor.key}
        open={editor.open}
        post={editor.post}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
      />
      <ConfirmedDeleteDialog
        remove={remove}
        title="Delete this post?"
        text={(post) => `“${post.title}” will be removed from the blog permanently. This cannot be undone.`}
        confirmLabel="Delete Post"
      />
    </>
  );
}
