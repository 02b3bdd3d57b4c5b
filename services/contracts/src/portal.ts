import { z } from './zod.ts';

/**
 * The client's space of a program she bought (/api/portal) and the coach's set-up of each
 * program and view of each client (/api/admin/programs, /api/admin/clients).
 */

/** Resources: at most 50 MB, of these types only, judged from the file's own bytes. */
export const RESOURCE_MAX_BYTES = 50 * 1024 * 1024;
export const RESOURCE_CONTENT_TYPES = [
  'application/pdf',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;
export type ResourceContentType = (typeof RESOURCE_CONTENT_TYPES)[number];
export const RESOURCE_TYPE_REFUSED =
  'The file must be a PDF, an MP3, M4A, AAC or Ogg audio file, or a JPEG, PNG or WebP image';
export const RESOURCE_TOO_LARGE = 'The file is larger than 50 MB';

/** An upload's whole body: the file, and room for the multipart body's boundaries and title. */
export const RESOURCE_UPLOAD_MAX_BYTES = RESOURCE_MAX_BYTES + 64 * 1024;
/** Where the coach uploads a program's files (multipart, up to the limit above). */
export const RESOURCE_UPLOAD_PATH = /^\/api\/admin\/programs\/[^/]+\/resources$/;
/** Where a program's file is read, whole or by byte range. */
export const RESOURCE_DOWNLOAD_PATH = /^\/api\/portal\/resources\/[^/]+$/;

/** The multipart upload's title field. */
export const resourceTitleSchema = z
  .string({ error: 'Give the file a title' })
  .trim()
  .min(1, 'Give the file a title')
  .max(120, 'At most 120 characters');

export const PORTAL_QUESTION_KINDS = ['text', 'longtext', 'choice', 'scale'] as const;
export type PortalQuestionKind = (typeof PORTAL_QUESTION_KINDS)[number];
/** A scale's answers: whole numbers from 1 to 10. */
export const SCALE_MIN = 1;
export const SCALE_MAX = 10;
/** The longest answer of each written kind. */
export const ANSWER_MAX_LENGTH = { text: 300, longtext: 5000 } as const;

const questionIdSchema = z
  .string({ error: 'Each question needs an id' })
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'An id is lowercase letters, digits and dashes (at most 40)');

export const portalQuestionSchema = z
  .strictObject({
    id: questionIdSchema,
    label: z.string({ error: 'Each question needs a label' }).trim().min(1, 'Each question needs a label').max(300),
    kind: z.enum(PORTAL_QUESTION_KINDS, { error: 'The kind is text, longtext, choice or scale' }),
    options: z.array(z.string().trim().min(1, 'An option cannot be empty').max(120)).max(20).optional(),
    required: z.boolean({ error: 'required is true or false' }),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'choice' && (q.options?.length ?? 0) < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice needs at least two options' });
    if (q.kind !== 'choice' && q.options !== undefined)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only a choice has options' });
    if (q.options && new Set(q.options).size !== q.options.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'The options must differ' });
  });
export type PortalQuestion = z.infer<typeof portalQuestionSchema>;

/** PUT /api/admin/programs/{programId}/portal */
export const programPortalInputSchema = z.strictObject({
  welcome: z.string({ error: 'The welcome is text' }).trim().max(5000, 'At most 5,000 characters'),
  intake: z.strictObject({
    questions: z
      .array(portalQuestionSchema)
      .max(30, 'At most 30 questions')
      .refine((qs) => new Set(qs.map((q) => q.id)).size === qs.length, 'Each question needs its own id'),
  }),
  agreement: z.strictObject({
    text: z.string({ error: 'The agreement is text' }).trim().max(20_000, 'At most 20,000 characters'),
  }),
});
export type ProgramPortalInput = z.infer<typeof programPortalInputSchema>;

export const portalResourceSchema = z.object({
  id: z.string(),
  title: z.string(),
  contentType: z.enum(RESOURCE_CONTENT_TYPES),
  bytes: z.number().int(),
});
export type PortalResource = z.infer<typeof portalResourceSchema>;

/** GET /api/admin/programs/{programId}/portal: the set-up as last saved, its versions and files. */
export const programPortalSchema = programPortalInputSchema.extend({
  programId: z.string(),
  title: z.string(),
  /** Each save that changed the questions (or the agreement's text) made a new version; 0: never saved. */
  intakeVersion: z.number().int(),
  agreementVersion: z.number().int(),
  resources: z.array(portalResourceSchema),
  updatedAt: z.string().nullable(),
});
export type ProgramPortal = z.infer<typeof programPortalSchema>;

/** GET /api/admin/programs: each program of the price list and how far its space is set up. */
export const adminProgramSchema = z.object({
  programId: z.string(),
  title: z.string(),
  questions: z.number().int(),
  hasAgreement: z.boolean(),
  resources: z.number().int(),
  clients: z.number().int(),
});
export type AdminProgram = z.infer<typeof adminProgramSchema>;

/** An answer: text for text and longtext, one of the options for a choice, a whole number for a scale. */
export const intakeAnswerSchema = z.union([z.string(), z.number()]);
export type IntakeAnswer = z.infer<typeof intakeAnswerSchema>;

/** POST /api/portal/programs/{programId}/intake (each answer is checked against its question on the server). */
export const intakeInputSchema = z.strictObject({
  answers: z.record(z.string(), intakeAnswerSchema, { error: 'answers is an object of question id to answer' }),
});
export type IntakeInput = z.infer<typeof intakeInputSchema>;

/** POST /api/portal/programs/{programId}/agreement: the version she read, signed with her full name. */
export const agreementInputSchema = z.strictObject({
  fullName: z
    .string({ error: 'Type your full name to sign' })
    .trim()
    .min(2, 'Type your full name to sign')
    .max(100, 'At most 100 characters'),
  version: z.number({ error: 'The version is a whole number' }).int('The version is a whole number').min(1),
});
export type AgreementInput = z.infer<typeof agreementInputSchema>;

export const homeworkAnswerInputSchema = z.strictObject({
  answer: z
    .string({ error: 'Write your answer' })
    .trim()
    .min(1, 'Write your answer')
    .max(5000, 'At most 5,000 characters'),
});
export type HomeworkAnswerInput = z.infer<typeof homeworkAnswerInputSchema>;

export const PORTAL_STAGES = ['intake', 'agreement', 'ready'] as const;
export type PortalStage = (typeof PORTAL_STAGES)[number];

export const portalNoteSchema = z.object({ id: z.string(), text: z.string(), createdAt: z.string() });
export type PortalNote = z.infer<typeof portalNoteSchema>;

export const portalHomeworkSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  answer: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type PortalHomework = z.infer<typeof portalHomeworkSchema>;

/** One program of GET /api/portal/programs: her space, as far as she has come. */
export const portalProgramSchema = z.object({
  programId: z.string(),
  title: z.string(),
  purchaseId: z.string(),
  stage: z.enum(PORTAL_STAGES),
  welcome: z.string(),
  sessions: z.object({ used: z.number().int(), included: z.number().int() }),
  nextSession: z
    .object({ startTime: z.string(), eventName: z.string().nullable(), joinUrl: z.string().nullable() })
    .nullable(),
  intake: z.object({
    /** The current questions, or those she answered (the version she saw). */
    questions: z.array(portalQuestionSchema),
    /** Her answers once given, else null. */
    answered: z.record(z.string(), intakeAnswerSchema).nullable(),
  }),
  agreement: z.object({
    /** Empty when the program has no agreement. */
    text: z.string(),
    version: z.number().int(),
    acceptedAt: z.string().nullable(),
  }),
  resources: z.array(portalResourceSchema),
  notes: z.array(portalNoteSchema),
  homework: z.array(portalHomeworkSchema),
  /** The booking page with her details, once the intake is answered and the agreement accepted; else null. */
  bookingUrl: z.string().nullable(),
});
export type PortalProgram = z.infer<typeof portalProgramSchema>;
export const portalProgramsSchema = z.array(portalProgramSchema);

/** POST /api/admin/clients/{userId}/notes: a shared note is shown to her; a private one never is. */
export const clientNoteInputSchema = z.strictObject({
  programId: z.string({ error: 'Choose a program' }).min(1, 'Choose a program').max(60),
  text: z.string({ error: 'Write the note' }).trim().min(1, 'Write the note').max(5000, 'At most 5,000 characters'),
  shared: z.boolean({ error: 'shared is true or false' }),
});
export type ClientNoteInput = z.infer<typeof clientNoteInputSchema>;

/** POST /api/admin/clients/{userId}/homework */
export const clientHomeworkInputSchema = z.strictObject({
  programId: clientNoteInputSchema.shape.programId,
  prompt: z
    .string({ error: 'Write the prompt' })
    .trim()
    .min(1, 'Write the prompt')
    .max(2000, 'At most 2,000 characters'),
});
export type ClientHomeworkInput = z.infer<typeof clientHomeworkInputSchema>;

export const clientNoteSchema = portalNoteSchema.extend({ programId: z.string(), shared: z.boolean() });
export type ClientNote = z.infer<typeof clientNoteSchema>;
export const clientHomeworkSchema = portalHomeworkSchema.extend({ programId: z.string() });
export type ClientHomework = z.infer<typeof clientHomeworkSchema>;

/** A row of GET /api/admin/clients (paged, newest client first). */
export const adminClientSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  programs: z.array(z.object({ programId: z.string(), title: z.string(), stage: z.enum(PORTAL_STAGES) })),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

/** GET /api/admin/clients/{userId}: everything of one client, private notes included. */
export const adminClientDetailSchema = adminClientSchema.omit({ programs: true }).extend({
  programs: z.array(
    z.object({
      programId: z.string(),
      title: z.string(),
      purchaseId: z.string(),
      stage: z.enum(PORTAL_STAGES),
      sessions: portalProgramSchema.shape.sessions,
      intake: z
        .object({
          version: z.number().int(),
          questions: z.array(portalQuestionSchema),
          answers: z.record(z.string(), intakeAnswerSchema),
          answeredAt: z.string(),
        })
        .nullable(),
      agreement: z
        .object({
          version: z.number().int(),
          fullName: z.string(),
          acceptedAt: z.string(),
          /** SHA-256 (hex) of the text she accepted. */
          textSha256: z.string(),
          text: z.string(),
        })
        .nullable(),
    }),
  ),
  notes: z.array(clientNoteSchema),
  homework: z.array(clientHomeworkSchema),
});
export type AdminClientDetail = z.infer<typeof adminClientDetailSchema>;

/** The {userId} of /api/admin/clients/{userId}. */
export const clientIdParamSchema = z.strictObject({
  userId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Invalid user id')
    .transform(Number),
});

/** What a client is told of, by e-mail and push (see the event portal.client_notice). */
export const PORTAL_NOTICE_KINDS = ['welcome', 'intake_reminder', 'note', 'homework'] as const;
export type PortalNoticeKind = (typeof PORTAL_NOTICE_KINDS)[number];

/** Ids of resources, notes and homework: MongoDB ids. */
export const portalIdParamSchema = z.strictObject({
  id: z.string().regex(/^[a-f0-9]{24}$/, 'Unknown id'),
});
