import { isDeepStrictEqual } from 'node:util';
import type { AdminProgram, PortalQuestion, ProgramPortal, ProgramPortalInput } from '@coach/contracts';
import { HttpError, isDuplicateKey } from '@coach/kit';
import { isProgramId, PROGRAM_IDS, PROGRAM_PRICES, type ProgramId } from '@coach/site-rules';
import mongoose from 'mongoose';
import { buyersOf } from './buyers.ts';
import { PortalVersionModel, ProgramPortalModel } from './model.ts';
import { resourcesOf } from './resources.ts';

/** A program of the price list, or 400 naming the field that held the id. */
export function programOf(programId: string, field = 'programId'): ProgramId {
  if (isProgramId(programId)) return programId;
  const message = 'Unknown program';
  throw new HttpError(400, message, [{ path: field, message }]);
}

export const programTitle = (programId: ProgramId) => PROGRAM_PRICES[programId].name;

/** A program's set-up as stored, or the empty one of a program never set up. */
export interface PortalSetup {
  programId: ProgramId;
  welcome: string;
  questions: PortalQuestion[];
  intakeVersion: number;
  agreementText: string;
  agreementVersion: number;
  updatedAt: Date | null;
}

const questionShape = (q: PortalQuestion): PortalQuestion => ({
  id: q.id,
  label: q.label,
  kind: q.kind,
  ...(q.options?.length ? { options: [...q.options] } : {}),
  required: q.required,
});

/** The set-ups of the programs given, by program (an empty one for those never set up). */
export async function setupsOf(programIds: ProgramId[]): Promise<Map<ProgramId, PortalSetup>> {
  const rows = await ProgramPortalModel.find({ programId: mongoose.trusted({ $in: programIds }) }).lean();
  const byId = new Map(rows.map((r) => [r.programId, r]));
  return new Map(
    programIds.map((programId) => {
      const r = byId.get(programId);
      return [
        programId,
        {
          programId,
          welcome: r?.welcome ?? '',
          questions: (r?.questions ?? []).map((q) => questionShape(q as PortalQuestion)),
          intakeVersion: r?.intakeVersion ?? 0,
          agreementText: r?.agreementText ?? '',
          agreementVersion: r?.agreementVersion ?? 0,
          updatedAt: r?.updatedAt ?? null,
        },
      ];
    }),
  );
}

export const setupOf = async (programId: ProgramId): Promise<PortalSetup> =>
  (await setupsOf([programId])).get(programId)!;

/** GET /api/admin/programs/{programId}/portal */
export async function programPortal(programId: ProgramId): Promise<ProgramPortal> {
  const [setup, resources] = await Promise.all([setupOf(programId), resourcesOf([programId])]);
  return {
    programId,
    title: programTitle(programId),
    welcome: setup.welcome,
    intake: { questions: setup.questions },
    agreement: { text: setup.agreementText },
    intakeVersion: setup.intakeVersion,
    agreementVersion: setup.agreementVersion,
    resources: resources.map(({ programId: _, ...r }) => r),
    updatedAt: setup.updatedAt?.toISOString() ?? null,
  };
}

/**
 * Saves a program's set-up. Questions or an agreement text that differ from the current ones
 * become a new version (kept in program_portal_versions); the welcome alone makes none. Two saves
 * at once: each is written only over the versions it read, so neither loses the other's version.
 */
export async function saveProgramPortal(programId: ProgramId, input: ProgramPortalInput): Promise<ProgramPortal> {
  const questions = input.intake.questions.map(questionShape);
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await setupOf(programId);
    const intakeVersion = current.intakeVersion + (isDeepStrictEqual(current.questions, questions) ? 0 : 1);
    const agreementVersion = current.agreementVersion + (current.agreementText === input.agreement.text ? 0 : 1);
    try {
      const written = await ProgramPortalModel.updateOne(
        { programId, intakeVersion: current.intakeVersion, agreementVersion: current.agreementVersion },
        {
          $set: {
            welcome: input.welcome,
            questions,
            intakeVersion,
            agreementText: input.agreement.text,
            agreementVersion,
          },
        },
        { upsert: current.updatedAt === null },
      );
      if (written.matchedCount === 0 && written.upsertedCount === 0) continue;
    } catch (err) {
      if (isDuplicateKey(err)) continue; // another first save won: read it and try again
      throw err;
    }
    const versions = [
      ...(intakeVersion > current.intakeVersion ? [{ kind: 'intake', version: intakeVersion, questions }] : []),
      ...(agreementVersion > current.agreementVersion
        ? [{ kind: 'agreement', version: agreementVersion, agreementText: input.agreement.text }]
        : []),
    ];
    if (versions.length) await PortalVersionModel.insertMany(versions.map((v) => ({ programId, ...v })));
    return programPortal(programId);
  }
  throw new HttpError(409, 'The program was being saved at the same moment: please save again');
}

/** The agreement's text of a version, as it was accepted. */
export async function agreementTextOf(programId: string, version: number): Promise<string> {
  const row = await PortalVersionModel.findOne({ programId, kind: 'agreement', version }).lean();
  return row?.agreementText ?? '';
}

/** GET /api/admin/programs: every program of the price list and its set-up at a glance. */
export async function listPrograms(): Promise<AdminProgram[]> {
  const ids = [...PROGRAM_IDS];
  const [setups, resources, clients] = await Promise.all([
    setupsOf(ids),
    resourcesOf(ids),
    Promise.all(ids.map(buyersOf)),
  ]);
  return ids.map((programId, i) => {
    const setup = setups.get(programId)!;
    return {
      programId,
      title: programTitle(programId),
      questions: setup.questions.length,
      hasAgreement: setup.agreementText.length > 0,
      resources: resources.filter((r) => r.programId === programId).length,
      clients: clients[i]!,
    };
  });
}
