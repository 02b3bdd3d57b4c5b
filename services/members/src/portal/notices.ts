import { QUEUES, type EventJob, type PortalNoticeKind } from '@coach/contracts';
import type { ProgramId } from '@coach/site-rules';
import { logQueueErrors, type Logger, type PublishEvent, type Queues, type Redis } from '@coach/kit';
import { Worker, type Job } from 'bullmq';
import mongoose from 'mongoose';
import { UserModel } from '../accounts/model.ts';
import { firstPurchaseOf, programPurchase } from '../programs/buyers.ts';
import { programTitle, setupOf } from '../programs/service.ts';
import { ClientProgramModel } from './model.ts';

/** The job, on QUEUES.portal, that reminds a client of an intake still unanswered. */
const INTAKE_REMINDER = 'intake-reminder';
const EXCERPT_LENGTH = 140;

const excerptOf = (text: string) =>
  text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH).replace(/\s+\S*$/, '')}…`;

/**
 * Tells a client of news in her program: e-mailed, and pushed to her browsers that allowed session
 * reminders. Each notice is published once under `eventId`.
 */
export async function noticeToClient(
  publish: PublishEvent,
  eventId: string,
  notice: { kind: PortalNoticeKind; userId: number | null; email: string; programId: ProgramId; text?: string },
): Promise<void> {
  await publish(
    'portal.client_notice',
    {
      kind: notice.kind,
      userId: notice.userId,
      email: notice.email,
      programId: notice.programId,
      programTitle: programTitle(notice.programId),
      excerpt: notice.text === undefined ? null : excerptOf(notice.text),
    },
    eventId,
  );
}

/** A member's e-mail, to tell her of a note or homework. */
export async function emailOf(userId: number): Promise<string | null> {
  return (await UserModel.findById(userId, { email: 1 }).lean())?.email ?? null;
}

/**
 * Consumes QUEUES.portal: a completed purchase of a program welcomes its buyer to her space (the
 * first purchase of it only: a monthly program's later months welcome no one) and plans one
 * reminder of her intake `reminderDelayMs` later, sent only if the program asks questions and she
 * has not answered them by then.
 */
export function startPortalNotices(
  deps: { connection: Redis; queues: Queues; publish: PublishEvent; logger: Logger },
  reminderDelayMs: number,
) {
  const { publish, logger } = deps;
  const portalQueue = deps.queues.get(QUEUES.portal);

  async function welcome(purchaseId: string) {
    const purchase = await programPurchase(purchaseId);
    if (!purchase?.email || !(await firstPurchaseOf(purchase))) return { welcomed: false };
    const { userId, email, programId } = purchase;
    await noticeToClient(publish, `portal-welcome.${purchaseId}`, { kind: 'welcome', userId, email, programId });
    await portalQueue.add(
      INTAKE_REMINDER,
      { purchaseId },
      { delay: reminderDelayMs, jobId: `${INTAKE_REMINDER}.${purchaseId}` },
    );
    return { welcomed: true };
  }

  async function remindOfIntake(purchaseId: string) {
    const purchase = await programPurchase(purchaseId);
    if (!purchase?.email) return { reminded: false };
    const [setup, answered] = await Promise.all([
      setupOf(purchase.programId),
      purchase.userId === null
        ? null
        : ClientProgramModel.exists({
            userId: purchase.userId,
            programId: purchase.programId,
            intake: mongoose.trusted({ $exists: true }),
          }),
    ]);
    if (setup.questions.length === 0 || answered) return { reminded: false };
    const { userId, email, programId } = purchase;
    await noticeToClient(publish, `portal-intake-reminder.${purchaseId}`, {
      kind: 'intake_reminder',
      userId,
      email,
      programId,
    });
    return { reminded: true };
  }

  async function handle(job: Job) {
    if (job.name === 'purchase.completed')
      return welcome((job.data as EventJob<'purchase.completed'>).payload.purchaseId);
    if (job.name === INTAKE_REMINDER) return remindOfIntake((job.data as { purchaseId: string }).purchaseId);
    throw new Error(`unknown portal job ${job.name}`);
  }

  const worker = new Worker(QUEUES.portal, handle, { connection: deps.connection, concurrency: 2 });
  worker.on('failed', (job, err) =>
    logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, reason: err.message }, 'portal notice failed'),
  );
  logQueueErrors(worker, logger, 'portal consumer error');
  return { close: () => worker.close() };
}
