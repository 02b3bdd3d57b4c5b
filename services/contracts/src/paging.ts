import { MAX_SEARCH_LENGTH } from './blogList.ts';
import { z } from './zod.ts';

/** Rows on one page of an admin list (posts, messages, subscribers, users). */
export const ADMIN_PAGE_SIZE = 20;

/** The answer (400) to a cursor that names no row: the row is gone, or never was. */
export const UNKNOWN_CURSOR_MESSAGE = 'Unknown cursor: start again from the first page';

/** A cursor naming the last row (a MongoDB id) of the page before. */
export const idCursorSchema = z.string().regex(/^[a-f0-9]{24}$/, 'Invalid cursor');

/** A search: plain words, never a pattern; only its first characters are read. */
export const searchSchema = z.string().transform((q) => q.slice(0, MAX_SEARCH_LENGTH).trim());

/** Query of an admin list: the page after `cursor`, optionally searched. */
export const adminListQuerySchema = z.object({ cursor: idCursorSchema.optional(), q: searchSchema.optional() });
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** Query of the admin users list: the page after the user whose (numeric) id is `cursor`, optionally searched. */
export const adminUserListQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Invalid cursor')
    .optional(),
  q: searchSchema.optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;
