import {
  ADMIN_PAGE_SIZE,
  type AdminClient,
  type AdminClientDetail,
  type ClientHomework,
  type ClientHomeworkInput,
  type ClientNote,
  type ClientNoteInput,
  type IntakeAnswer,
  type PortalQuestion,
} from '@coach/contracts';
import { HttpError, type AdminPage, type PublishEvent } from '@coach/kit';
import type { ProgramId } from '@coach/site-rules';
import mongoose from 'mongoose';
import { UserModel } from '../accounts/model.ts';
import { memberSessions } from '../bookings/service.ts';
import { clientPage, hasBought, programsBoughtBy } from '../programs/buyers.ts';
import { agreementTextOf, programOf, programTitle, setupsOf } from '../programs/service.ts';
import { ClientNoteModel, ClientProgramModel, HomeworkModel } from '../portal/model.ts';
import { emailOf, noticeToClient } from '../portal/notices.ts';
import { homeworkShape, sessionsOf, stageOf } from '../portal/service.ts';

const { trusted } = mongoose;

interface ClientRecordRow {
  programId: string;
  intake?: { version: number; questions: PortalQuestion[]; answers: Record<string, IntakeAnswer>; answeredAt: Date };
  agreement?: { version: number; fullName: string; textSha256: string; acceptedAt: Date };
}

/** Her programs and where she stands in each. */
async function programsOf(userId: number) {
  const bought = await programsBoughtBy(userId);
  const ids = bought.map((b) => b.programId);
  const [setups, records] = await Promise.all([
    setupsOf(ids),
    ClientProgramModel.find({ userId, programId: trusted({ $in: ids }) }).lean<ClientRecordRow[]>(),
  ]);
  return bought.map((b) => {
    const record = records.find((r) => r.programId === b.programId);
    return { ...b, record, stage: stageOf(setups.get(b.programId)!, record) };
  });
}

/** GET /api/admin/clients: one page of clients, newest account first, searched by name or e-mail. */
export async function listClients(query: { cursor?: string; q?: string }): Promise<AdminPage<AdminClient>> {
  const page = await clientPage(query, ADMIN_PAGE_SIZE);
  const items = await Promise.all(
    page.rows.map(async (row) => ({
      userId: row._id,
      name: row.user.name,
      email: row.user.email,
      programs: (await programsOf(row._id)).map((p) => ({
        programId: p.programId,
        title: programTitle(p.programId),
        stage: p.stage,
      })),
    })),
  );
  return { items, next: page.next, total: page.total };
}

const noteShape = (n: {
  _id: unknown;
  programId: string;
  text: string;
  shared: boolean;
  createdAt: Date;
}): ClientNote => ({
  id: String(n._id),
  programId: n.programId,
  text: n.text,
  shared: n.shared,
  createdAt: n.createdAt.toISOString(),
});

/** GET /api/admin/clients/{userId}: her programs, answers, signatures, sessions, notes (private ones too) and homework. */
export async function clientDetail(userId: number): Promise<AdminClientDetail> {
  const user = await UserModel.findById(userId, { name: 1, email: 1 }).lean();
  const programs = user ? await programsOf(userId) : [];
  if (!user || programs.length === 0) throw new HttpError(404, 'No client has this id');
  const [sessions, notes, homework, agreementTexts] = await Promise.all([
    memberSessions(userId, new Date()),
    ClientNoteModel.find({ userId }).sort({ createdAt: 1, _id: 1 }).lean(),
    HomeworkModel.find({ userId }).sort({ createdAt: 1, _id: 1 }).lean(),
    Promise.all(
      programs.map((p) => (p.record?.agreement ? agreementTextOf(p.programId, p.record.agreement.version) : '')),
    ),
  ]);
  return {
    userId,
    name: user.name,
    email: user.email,
    programs: programs.map((p, i) => ({
      programId: p.programId,
      title: programTitle(p.programId),
      purchaseId: p.purchaseId,
      stage: p.stage,
      sessions: sessionsOf(p.programId, sessions.package?.used ?? 0),
      intake: p.record?.intake
        ? {
            version: p.record.intake.version,
            questions: p.record.intake.questions,
            answers: p.record.intake.answers,
            answeredAt: p.record.intake.answeredAt.toISOString(),
          }
        : null,
      agreement: p.record?.agreement
        ? {
            version: p.record.agreement.version,
            fullName: p.record.agreement.fullName,
            acceptedAt: p.record.agreement.acceptedAt.toISOString(),
            textSha256: p.record.agreement.textSha256,
            text: agreementTexts[i]!,
          }
        : null,
    })),
    notes: notes.map(noteShape),
    homework: homework.map((h) => ({ ...homeworkShape(h), programId: h.programId })),
  };
}

/** 400 naming programId unless she holds that program. */
async function requireClientOf(userId: number, programIdField: string) {
  const programId = programOf(programIdField);
  if (!(await hasBought(userId, programId))) {
    const message = 'This client has not joined this program';
    throw new HttpError(400, message, [{ path: 'programId', message }]);
  }
  return programId;
}

/** Tells her of a shared note or new homework (e-mail, and push where she allowed it). */
async function tellClient(
  publish: PublishEvent,
  kind: 'note' | 'homework',
  id: string,
  userId: number,
  programId: ProgramId,
  text: string,
) {
  const email = await emailOf(userId);
  if (email) await noticeToClient(publish, `portal-${kind}.${id}`, { kind, userId, email, programId, text });
}

/** POST /api/admin/clients/{userId}/notes: a shared note is told to her; a private one never leaves the coach's view. */
export async function addNote(userId: number, input: ClientNoteInput, publish: PublishEvent): Promise<ClientNote> {
  const programId = await requireClientOf(userId, input.programId);
  const note = await ClientNoteModel.create({ userId, programId, text: input.text, shared: input.shared });
  if (note.shared) await tellClient(publish, 'note', note.id as string, userId, programId, note.text);
  return noteShape(note.toObject());
}

/** POST /api/admin/clients/{userId}/homework */
export async function addHomework(
  userId: number,
  input: ClientHomeworkInput,
  publish: PublishEvent,
): Promise<ClientHomework> {
  const programId = await requireClientOf(userId, input.programId);
  const homework = await HomeworkModel.create({ userId, programId, prompt: input.prompt });
  await tellClient(publish, 'homework', homework.id as string, userId, programId, homework.prompt);
  return { ...homeworkShape(homework.toObject()), programId };
}
