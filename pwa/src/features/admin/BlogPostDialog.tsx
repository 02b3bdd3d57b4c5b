import { ADMIN_BLOG_CATEGORIES, blogPostInputSchema, type AdminBlogPost, type BlogPostInput } from '@coach/contracts';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { apiRequest, failureNotice, postJson } from '../../shared/api/client.ts';
import { notify } from '../../shared/notices/store.ts';
import { refreshBlog } from './queries.ts';
import { useFormFields } from '../../shared/forms/index.ts';
import { dialogTitleSx } from '../../shared/ui/dialogTitleSx.ts';
import { useNoticeAfterClose } from './useNoticeAfterClose.ts';

const isAdminCategory = (category: string): boolean => (ADMIN_BLOG_CATEGORIES as readonly string[]).includes(category);

/** A scheduled post's time as a datetime-local value (the admin's own time zone); '' otherwise. */
function scheduledTime(post: AdminBlogPost | undefined): string {
  if (!post?.publishedAt || new Date(post.publishedAt).getTime() <= Date.now()) return '';
  const at = new Date(post.publishedAt);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Comma-separated tags as the trimmed array the API takes, empty entries dropped. */
export const parseTags = (text: string): string[] =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * Create a post, or edit the one given: success closes the
 * dialog, and the next opening starts from a fresh form (the parent remounts it by key).
 */
export function BlogPostDialog({
  open,
  post,
  onClose,
}: {
  open: boolean;
  post: AdminBlogPost | undefined;
  onClose: () => void;
}) {
  const id = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const editing = post !== undefined;
  const form = useFormFields({
    title: post?.title ?? '',
    content: post?.content ?? '',
    category: post && isAdminCategory(post.category) ? post.category : '',
    tags: post?.tags.join(', ') ?? '',
    isPublished: post?.isPublished ?? true,
    sendToSubscribers: post?.sendToSubscribers ?? true,
    publishAt: scheduledTime(post),
  });
  const { values, setValues, errors, field } = form;

  const notice = useNoticeAfterClose();
  const failure = (error: unknown) =>
    failureNotice(editing ? 'Failed to update blog post' : 'Failed to create blog post', error);
  const save = useMutation({
    mutationFn: (input: BlogPostInput) =>
      editing
        ? apiRequest('PUT', `/api/admin/blog-posts/${encodeURIComponent(post.id)}`, input)
        : postJson('/api/admin/blog-posts', input),
    onSuccess: async () => {
      notice.afterClose({ title: editing ? 'Blog post updated successfully' : 'Blog post created successfully' });
      onClose();
      await refreshBlog(queryClient);
    },
    onError: (error) => notify(failure(error)),
  });

  const submit = form.submitWith(
    (fields) =>
      blogPostInputSchema.safeParse({
        ...fields,
        tags: parseTags(fields.tags),
        publishAt: fields.publishAt ? new Date(fields.publishAt).toISOString() : null,
      }),
    save.mutate,
  );

  const previousCategory = post && !isAdminCategory(post.category) && post.category ? post.category : undefined;

  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${id}-title`}
      slotProps={{ transition: { onExited: notice.shown } }}
    >
      {/* A flex column like the paper, so the fields scroll between a fixed title and fixed actions. */}
      <Box
        component="form"
        ref={form.ref}
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={`${id}-title`} sx={dialogTitleSx}>
          {editing ? 'Edit Blog Post' : 'New Blog Post'}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            {/* The failure stays in view here (the notice fades, and is hidden from screen readers behind the open dialog). */}
            {save.isError && (
              <Alert severity="error">
                <AlertTitle>{failure(save.error).title}</AlertTitle>
                {failure(save.error).description}
              </Alert>
            )}
            <TextField label="Title" required {...field('title')} />
            <TextField
              select
              label="Category"
              required
              {...field('category')}
              helperText={
                errors.category ??
                (previousCategory ? `Was “${previousCategory}”: choose one of the admin categories.` : undefined)
              }
            >
              {ADMIN_BLOG_CATEGORIES.map((category) => (
                <MenuItem key={category} value={category}>
                  {category}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Content"
              required
              multiline
              minRows={8}
              maxRows={18}
              {...field('content')}
              helperText={
                errors.content ??
                'A line starting with "# " is a heading, "## " a subheading; blank lines separate paragraphs.'
              }
            />
            <TextField
              label="Tags"
              placeholder="meditation, healing, self-love"
              {...field('tags')}
              helperText={errors.tags ?? 'Separate tags with commas.'}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={values.isPublished}
                  onChange={(event) => setValues((v) => ({ ...v, isPublished: event.target.checked }))}
                />
              }
              label={values.isPublished ? 'Published: visible on the blog' : 'Draft: hidden from the blog'}
            />
            <TextField
              label="Publish at (optional)"
              type="datetime-local"
              {...field('publishAt')}
              helperText={errors.publishAt ?? 'A later time schedules the post: it appears (and is e-mailed) then.'}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={values.sendToSubscribers}
                  onChange={(event) => setValues((v) => ({ ...v, sendToSubscribers: event.target.checked }))}
                />
              }
              label={
                values.sendToSubscribers
                  ? 'E-mail it to newsletter subscribers when it is published'
                  : 'Publish only: no e-mail to subscribers'
              }
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : editing ? 'Update Post' : 'Create Post'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
