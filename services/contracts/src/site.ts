import { z } from './zod.ts';

export const siteStatsSchema = z.object({
  visitorCount: z.number().int().nonnegative(),
  likeCount: z.number().int().nonnegative(),
});
export type SiteStats = z.infer<typeof siteStatsSchema>;

/** A plain e-mail address; objects (e.g. {"$gt": ""}) and other types are refused by the string type. */
export const emailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** Contact subjects: value -> label. */
export const CONTACT_SUBJECTS = {
  '1-on-1-coaching': '1-on-1 Coaching Inquiry',
  'group-program': 'Group Program Interest',
  retreat: 'Retreat Information',
  general: 'General Question',
} as const;
export type ContactSubject = keyof typeof CONTACT_SUBJECTS;

const subjectValues = Object.keys(CONTACT_SUBJECTS) as [ContactSubject, ...ContactSubject[]];

/** The contact form's rules and error messages; the server applies the same schema. */
export const contactInputSchema = z.strictObject({
  name: z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters'),
  email: emailSchema,
  subject: z.enum(subjectValues, { error: 'Please select a subject' }),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When the coach opened it; null while unread. */
  readAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** PATCH /api/contact-messages/{id}: mark a message read or unread. */
export const contactMessageReadInputSchema = z.strictObject({
  read: z.boolean({ error: 'read must be true or false' }),
});
export type ContactMessageReadInput = z.infer<typeof contactMessageReadInputSchema>;

/** The header of the admin messages list that counts every unread message. */
export const UNREAD_COUNT_HEADER = 'X-Unread-Count';

/** Answer of every accepted write (newsletter, contact). */
export const acceptedSchema = z.object({ ok: z.literal(true), message: z.string() });
export type Accepted = z.infer<typeof acceptedSchema>;
