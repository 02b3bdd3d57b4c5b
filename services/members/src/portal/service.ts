import { createHash } from 'node:crypto';
import {
  ANSWER_MAX_LENGTH,
  SCALE_MAX,
  SCALE_MIN,
  type AgreementInput,
  type IntakeAnswer,
  type PortalHomework,
  type PortalProgram,
  type PortalQuestion,
  type PortalStage,
} from '@coach/contracts';
import { HttpError, isDuplicateKey } from '@coach/kit';
import { bookingLink, PROGRAM_PRICES, type ProgramId } from '@coach/site-rules';
import { UserModel } from '../accounts/model.ts';
import type { MemberRefs } from '../bookings/memberRef.ts';
import { memberSessions } from '../bookings/service.ts';
import { hasBought, programsBoughtBy } from '../programs/buyers.ts';
import { resourcesOf } from '../programs/resources.ts';
import { programOf, programTitle, setupOf, setupsOf, type PortalSetup } from '../programs/service.ts';
import mongoose from 'mongoose';
import { ClientNoteModel, ClientProgramModel, HomeworkModel } from './model.ts';

const { trusted } = mongoose;

type ClientRecord = {
  intake?: {
    version: number;
    questions: PortalQuestion[];
    answers: Record<string, IntakeAnswer>;
    answeredAt: Date;
  } | null;
  agreement?: { version: number; fullName: string; textSha256: string; acceptedAt: Date } | null;
};

/**
 * Where she stands: the intake first (when the program asks questions), then the agreement (when
 * it has one), then ready to book. What she answered or signed counts whatever version it was.
 */
export function stageOf(setup: PortalSetup, record: ClientRecord | null | undefined): PortalStage {
  if (setup.questions.length > 0 && !record?.intake) return 'intake';
  if (setup.agreementText && !record?.agreement) return 'agreement';
  return 'ready';
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** 403 unless she holds the program (the caller has checked it is one). */
async function requireBought(userId: number, programId: ProgramId) {
  if (!(await hasBought(userId, programId)))
    throw new HttpError(403, 'This space opens once you have joined the program');
}

export const homeworkShape = (h: {
  _id: unknown;
  prompt: string;
  answer?: string | null;
  answeredAt?: Date | null;
  createdAt: Date;
}): PortalHomework => ({
  id: String(h._id),
  prompt: h.prompt,
  answer: h.answer ?? null,
  createdAt: h.createdAt.toISOString(),
  answeredAt: h.answeredAt?.toISOString() ?? null,
});

/** The sessions of a program: those its price includes, and how many of her sessions have counted. */
export function sessionsOf(programId: ProgramId, used: number) {
  const included = PROGRAM_PRICES[programId].sessionsIncluded;
  return { used: Math.min(used, included), included };
}

/**
 * GET /api/portal/programs: each program she holds, with its space as far as she has come. Only
 * shared notes are read; the booking link is given once nothing stands before it.
 */
export async function portalPrograms(
  userId: number,
  booking: { baseUrl: string; refs: MemberRefs },
): Promise<PortalProgram[]> {
  const bought = await programsBoughtBy(userId);
  if (bought.length === 0) return [];
  const ids = bought.map((b) => b.programId);
  const [setups, records, resources, notes, homework, sessions, user] = await Promise.all([
    setupsOf(ids),
    ClientProgramModel.find({ userId, programId: trusted({ $in: ids }) }).lean<
      (ClientRecord & { programId: string })[]
    >(),
    resourcesOf(ids),
    ClientNoteModel.find({ userId, shared: true, programId: trusted({ $in: ids }) })
      .sort({ createdAt: 1, _id: 1 })
      .lean(),
    HomeworkModel.find({ userId, programId: trusted({ $in: ids }) })
      .sort({ createdAt: 1, _id: 1 })
      .lean(),
    memberSessions(userId, new Date()),
    UserModel.findById(userId, { name: 1, email: 1 }).lean(),
  ]);
  const booker = user && { name: user.name, email: user.email, memberRef: booking.refs.refOf(userId) };
  return bought.map(({ programId, purchaseId }) => {
    const setup = setups.get(programId)!;
    const record = records.find((r) => r.programId === programId);
    const stage = stageOf(setup, record);
    return {
      programId,
      title: programTitle(programId),
      purchaseId,
      stage,
      welcome: setup.welcome,
      sessions: sessionsOf(programId, sessions.package?.used ?? 0),
      nextSession: sessions.next,
      intake: {
        questions: record?.intake?.questions ?? setup.questions,
        answered: record?.intake?.answers ?? null,
      },
      agreement: {
        text: setup.agreementText,
        version: setup.agreementVersion,
        acceptedAt: record?.agreement?.acceptedAt.toISOString() ?? null,
      },
      resources: resources.filter((r) => r.programId === programId).map(({ programId: _, ...r }) => r),
      notes: notes
        .filter((n) => n.programId === programId)
        .map((n) => ({ id: n._id.toString(), text: n.text, createdAt: n.createdAt.toISOString() })),
      homework: homework.filter((h) => h.programId === programId).map(homeworkShape),
      bookingUrl: stage === 'ready' && booker ? bookingLink(booking.baseUrl, booker) : null,
    };
  });
}

/** Her answer to one question, checked against its kind; the message names what is wrong. */
function answerIssue(q: PortalQuestion, answer: IntakeAnswer | undefined): string | undefined {
  const blank = answer === undefined || (typeof answer === 'string' && answer.trim() === '');
  if (blank) return q.required ? 'This question needs an answer' : undefined;
  switch (q.kind) {
    case 'text':
    case 'longtext':
      if (typeof answer !== 'string') return 'The answer is text';
      return answer.trim().length > ANSWER_MAX_LENGTH[q.kind]
        ? `At most ${ANSWER_MAX_LENGTH[q.kind]} characters`
        : undefined;
    case 'choice':
      return typeof answer === 'string' && q.options?.includes(answer) ? undefined : 'Choose one of the options';
    case 'scale':
      return Number.isInteger(answer) && (answer as number) >= SCALE_MIN && (answer as number) <= SCALE_MAX
        ? undefined
        : `Choose a whole number from ${SCALE_MIN} to ${SCALE_MAX}`;
  }
}

/**
 * POST /api/portal/programs/{programId}/intake: every answer checked against the current
 * questions (an unknown question, a missing required answer, a choice outside its options, a
 * scale out of range: 400 naming each, nothing stored). Answered once; kept with the questions
 * she saw.
 */
export async function submitIntake(userId: number, programIdParam: string, answers: Record<string, IntakeAnswer>) {
  const programId = programOf(programIdParam);
  await requireBought(userId, programId);
  const setup = await setupOf(programId);
  if (setup.questions.length === 0) throw new HttpError(409, 'This program has no intake questions');
  const issues = [
    ...Object.keys(answers)
      .filter((id) => !setup.questions.some((q) => q.id === id))
      .map((id) => ({ path: `answers.${id}`, message: 'Unknown question' })),
    ...setup.questions.flatMap((q) => {
      const message = answerIssue(q, answers[q.id]);
      return message ? [{ path: `answers.${q.id}`, message }] : [];
    }),
  ];
  if (issues.length) throw new HttpError(400, issues[0]!.message, issues);
  const kept = Object.fromEntries(
    setup.questions
      .filter((q) => answerIssue({ ...q, required: true }, answers[q.id]) === undefined)
      .map((q) => [q.id, typeof answers[q.id] === 'string' ? (answers[q.id] as string).trim() : answers[q.id]!]),
  );
  const intake = { version: setup.intakeVersion, questions: setup.questions, answers: kept, answeredAt: new Date() };
  await recordOnce(userId, programId, 'intake', intake, 'Your intake is already answered');
  return { ok: true as const, message: 'Thank you: your answers are with your coach' };
}

/**
 * Writes her intake or signature once: the row is made on her first step, and a field already
 * set is never replaced (a second answer is 409).
 */
async function recordOnce(
  userId: number,
  programId: string,
  field: 'intake' | 'agreement',
  value: object,
  already: string,
) {
  try {
    const written = await ClientProgramModel.updateOne(
      { userId, programId, [field]: trusted({ $exists: false }) },
      { $set: { [field]: value } },
      { upsert: true },
    );
    if (written.modifiedCount === 1 || written.upsertedCount === 1) return;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
  throw new HttpError(409, already);
}

/**
 * POST /api/portal/programs/{programId}/agreement: signed with her full name for the version she
 * read, which must be the current one; kept with the time and the SHA-256 of that text.
 */
export async function acceptAgreement(userId: number, programIdParam: string, input: AgreementInput) {
  const programId = programOf(programIdParam);
  await requireBought(userId, programId);
  const setup = await setupOf(programId);
  if (!setup.agreementText) throw new HttpError(409, 'This program has no agreement to sign');
  if (input.version !== setup.agreementVersion) {
    const message = 'The agreement has changed since you opened it: please read the current version';
    throw new HttpError(400, message, [{ path: 'version', message }]);
  }
  const agreement = {
    version: setup.agreementVersion,
    fullName: input.fullName,
    textSha256: sha256(setup.agreementText),
    acceptedAt: new Date(),
  };
  await recordOnce(userId, programId, 'agreement', agreement, 'You have already signed this agreement');
  return { ok: true as const, message: 'Thank you: your agreement is signed' };
}

/** POST /api/portal/homework/{id}: her answer to her own homework, in a program she still holds; the latest answer stands. */
export async function answerHomework(userId: number, id: string, answer: string): Promise<PortalHomework> {
  const homework = await HomeworkModel.findOne({ _id: id, userId }).lean();
  if (!homework) throw new HttpError(404, 'No such homework');
  await requireBought(userId, homework.programId as ProgramId);
  const updated = await HomeworkModel.findOneAndUpdate(
    { _id: homework._id },
    { $set: { answer, answeredAt: new Date() } },
    { new: true },
  ).lean();
  return homeworkShape(updated!);
}
