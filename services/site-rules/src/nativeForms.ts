// The forms a visitor meets first work without the app's scripts: the page's HTML posts them
// (application/x-www-form-urlencoded) to the page's own address, the gateway sends them to the
// API as the app would, and the page is drawn again with what the API answered.

/** A form the gateway takes as a browser posts it. */
export interface NativeForm {
  /** The API path the app posts the same form to (JSON). */
  api: string;
  /** The fields it sends to the API, as the API names them. */
  fields: readonly string[];
  /** A second step posted to the same address: sent when the body holds `when`. */
  step?: { when: string; api: string; fields: readonly string[] };
  /** A field that must repeat another (a new password typed twice): checked here, not sent. */
  repeats?: { field: string; of: string; message: string };
  /**
   * The outcome is shown on the page the form was sent from, which `field` names (a path of the
   * site), or else on `otherwise`.
   */
  sentFrom?: { field: string; otherwise: string };
  /** Fields sent only when filled in. */
  optional?: readonly string[];
  /** Where a success leads (303); without it, the page is drawn again with the answer. */
  next?: string;
  /**
   * The page it leads to says what the success was (a sign-up's welcome on the sign-in form, a
   * sign-in's in the Circle or on the admin dashboard).
   */
  nextShowsOutcome?: true;
  /**
   * The page is drawn from more than the form (the blog's posts, the Circle's feed): every outcome
   * comes back to it after a redirect (303), which draws it with the outcome.
   */
  backToPage?: true;
}

/** The message of a new password typed differently the second time. */
export const PASSWORDS_DIFFER = 'The two passwords do not match';

/** Whether the server's message says a sign-in's two-step challenge is used up or expired: the sign-in starts over. */
export const isExpiredChallenge = (message: string | undefined): boolean => /expired/i.test(message ?? '');

/** The second step of a sign-in with two-step sign-in on. */
const TWO_STEP = { when: 'challenge', api: '/api/auth/login/two-step', fields: ['challenge', 'code'] } as const;

/** A sign-in door: e-mail and password, then the code if two-step sign-in is on; its welcome shown where it leads. */
const signIn = <Api extends string, Next extends string>(api: Api, next: Next) =>
  ({ api, fields: ['email', 'password'], step: TWO_STEP, next, nextShowsOutcome: true }) as const;

/** The native forms, by the address they post to (the page they are on). */
export const NATIVE_FORMS = {
  '/login': signIn('/api/auth/login', '/community'),
  '/admin/login': signIn('/api/admin/login', '/admin/dashboard'),
  '/signup': {
    api: '/api/auth/signup',
    fields: ['name', 'username', 'email', 'password'],
    next: '/login',
    nextShowsOutcome: true,
  },
  '/forgot-password': { api: '/api/auth/password-reset/request', fields: ['email'] },
  '/reset-password': {
    api: '/api/auth/password-reset/confirm',
    fields: ['token', 'password'],
    repeats: { field: 'confirmPassword', of: 'password', message: PASSWORDS_DIFFER },
  },
  '/contact': { api: '/api/contact', fields: ['name', 'email', 'subject', 'message'] },
  // The blog's 'Stay Connected' form: its outcome is shown on the page it was sent from.
  '/newsletter': {
    api: '/api/newsletter',
    fields: ['email'],
    sentFrom: { field: 'returnTo', otherwise: '/blog' },
    backToPage: true,
  },
  // The Sacred Circle's composer, for a signed-in member.
  '/community': { api: '/api/community/posts', fields: ['content', 'prompt'], optional: ['prompt'], backToPage: true },
} as const satisfies Record<string, NativeForm>;
export type NativeFormAction = keyof typeof NATIVE_FORMS;

/** Fields never drawn back into a page nor kept between requests. */
export const SECRET_FIELDS: readonly string[] = ['password', 'confirmPassword', 'code'];

/**
 * What a form posted without scripts came to, as the page that shows it is drawn with: the API's
 * status and answer (`{ message, issues }` when refused), and what was typed, passwords left out.
 * The page reads it as it reads the answer to a submit of its own.
 */
export interface FormOutcome {
  action: NativeFormAction;
  status: number;
  answer: unknown;
  values: Record<string, string>;
}

/** The query key under which a page finds the outcome of its form (never persisted). */
export const formOutcomeKey = (action: NativeFormAction): readonly string[] => ['form-outcome', action];
