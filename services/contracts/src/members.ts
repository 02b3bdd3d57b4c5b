import { z } from './zod.ts';
import { newPasswordSchema } from './passwords.ts';
import { emailSchema } from './site.ts';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** What a session token carries; signed by members only, verified everywhere through kit. */
export const sessionClaimsSchema = z.object({
  sub: z.string(),
  role: z.enum(ROLES),
  jti: z.string(),
});
export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

/** POST /api/auth/signup. A `role` in the body is dropped, never applied. */
export const signupInputSchema = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(2, 'Name must be at least 2 characters').max(100),
    username: z
      .string({ error: 'Username is required' })
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9_.-]{3,30}$/, 'Username must be 3 to 30 letters, digits, dots, dashes or underscores'),
    email: emailSchema,
    password: newPasswordSchema,
  })
  .strip();
export type SignupInput = z.infer<typeof signupInputSchema>;

/** POST /api/auth/login and POST /api/admin/login. */
export const loginInputSchema = z.strictObject({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(emailSchema),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const progressSchema = z.object({
  spiritualLevel: z.number().int(),
  memberSince: z.string().nullable(),
  totalReflections: z.number().int(),
  totalPosts: z.number().int(),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  totalCoachingSessions: z.number().int(),
  totalSpent: z.number().int(),
});
export type Progress = z.infer<typeof progressSchema>;

export const MILESTONE_TYPES = ['signup', 'first_post', 'reflection', 'coaching_session', 'level_up', 'other'] as const;
export const milestoneSchema = z.object({
  id: z.string(),
  milestoneType: z.enum(MILESTONE_TYPES),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const purchaseSchema = z.object({
  id: z.string(),
  productName: z.string(),
  productType: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  createdAt: z.string(),
  sessionDate: z.string().nullable(),
  notes: z.string().nullable(),
  /** The program of the price list (checkout and recorded sales); null for older rows. */
  programId: z.string().nullable(),
  /** Paise refunded so far. */
  amountRefunded: z.number().int(),
  /** Set once a receipt is issued: it downloads from /api/profile/purchases/{id}/receipt. */
  invoiceNumber: z.string().nullable(),
  /** A monthly membership's subscription: active until she cancels it; null for other purchases. */
  membership: z.enum(['active', 'cancelled']).nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const adminUserSchema = currentUserSchema;
export type AdminUser = CurrentUser;

/** The {id} of /api/admin/users/{id}: a user's serial id. */
export const userIdParamSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Invalid user id')
    .transform(Number),
});

/**
 * The demo member SEED_DEMO creates (documented in the README): the members service seeds her,
 * and the development stack and the tests sign in as her.
 */
export const DEMO_MEMBER = { email: 'member@example.com', password: 'Seeker-2025!' };
