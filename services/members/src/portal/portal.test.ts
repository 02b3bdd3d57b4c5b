import { createHash } from 'node:crypto';
import http from 'node:http';
import type {
  AdminClient,
  AdminClientDetail,
  PortalProgram,
  PortalResource,
  ProgramPortal,
  ProgramPortalInput,
} from '@coach/contracts';
import { QUEUES, RESOURCE_MAX_BYTES, type EventJob } from '@coach/contracts';
import { silentMp3, tinyPdf, tinyPng } from '@coach/dev-stack';
import { createEventPublisher } from '@coach/kit';
import mongoose from 'mongoose';
import { until } from '@coach/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, signedInCoach, signedInMember, startMembers, type Caller, type Members } from '../testing/harness.ts';
import { startPortalNotices } from './notices.ts';

// The client's space and the coach's view of her clients, against the members service on a real
// mongod and redis-server: what a client, the coach and a stranger each get.

let members: Members;
let coach: Caller;
/** Asha bought the Inner Peace Method; Bela bought Heal to Rise; Chitra bought nothing. */
let asha: Awaited<ReturnType<typeof signedInMember>>;
let bela: Awaited<ReturnType<typeof signedInMember>>;
let chitra: Awaited<ReturnType<typeof signedInMember>>;

const PROGRAM = 'inner-peace-method';
const OTHER_PROGRAM = 'heal-to-rise';
const AGREEMENT = 'I understand that coaching is not therapy.\n\nSessions moved less than 24 hours ahead are counted.';
const SETUP: ProgramPortalInput = {
  welcome: 'Welcome, dear one. Begin with the first meditation.',
  intake: {
    questions: [
      { id: 'goal', label: 'What brings you here?', kind: 'longtext', required: true },
      { id: 'energy', label: 'Your energy this week', kind: 'scale', required: true },
      {
        id: 'time',
        label: 'Best time for sessions',
        kind: 'choice',
        options: ['Mornings', 'Evenings'],
        required: false,
      },
    ],
  },
  agreement: { text: AGREEMENT },
};
const mp3 = silentMp3(20);

beforeAll(async () => {
  members = await startMembers();
  coach = await signedInCoach(members.url);
  [asha, bela, chitra] = await Promise.all([
    signedInMember(members.url, 'asha'),
    signedInMember(members.url, 'bela'),
    signedInMember(members.url, 'chitra'),
  ]);
  for (const [client, programId] of [
    [asha, PROGRAM],
    [bela, OTHER_PROGRAM],
  ] as const) {
    const sale = await coach.post('/api/admin/purchases', {
      programId,
      name: client.details.name,
      email: client.details.email,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  await members?.stop();
});

/** A multipart upload as the coach's browser sends it: the file's bytes, a name and a type the browser claims. */
async function upload(
  file: { bytes: Buffer; name: string; type: string },
  title: string | undefined,
  as: Caller = coach,
) {
  const form = new FormData();
  if (title !== undefined) form.append('title', title);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${members.url}/api/admin/programs/${PROGRAM}/resources`, {
    method: 'POST',
    body: form,
    headers: as.token ? { cookie: `coach_session=${as.token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as PortalResource & { issues?: { path: string }[] } };
}

/** A resource read as a browser does, with the session cookie and any Range header. */
async function download(id: string, as: Caller | null, range?: string) {
  const headers: Record<string, string> = {};
  if (as?.token) headers.cookie = `coach_session=${as.token}`;
  if (range) headers.range = range;
  const res = await fetch(`${members.url}/api/portal/resources/${id}`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const storedChunks = () => mongoose.connection.db!.collection('program_resources.chunks').countDocuments();
const portalOf = async (client: Caller) => {
  const res = await client.get('/api/portal/programs');
  expect(res.status).toBe(200);
  return res.body as PortalProgram[];
};
const issuePaths = (body: { issues?: { path: string }[] }) => body.issues?.map((i) => i.path);

describe("the coach sets up a program's space", () => {
  it('saves the welcome, questions and agreement, each change of questions or agreement a new version', async () => {
    const saved = await coach.put(`/api/admin/programs/${PROGRAM}/portal`, SETUP);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...SETUP, title: 'Inner Peace Method', intakeVersion: 1, agreementVersion: 1 });

    const welcomeOnly = await coach.put(`/api/admin/programs/${PROGRAM}/portal`, {
      ...SETUP,
      welcome: 'Welcome home.',
    });
    expect(welcomeOnly.body).toMatchObject({ welcome: 'Welcome home.', intakeVersion: 1, agreementVersion: 1 });
    await coach.put(`/api/admin/programs/${PROGRAM}/portal`, SETUP);

    const read = await coach.get(`/api/admin/programs/${PROGRAM}/portal`);
    expect(read.body as ProgramPortal).toMatchObject({
      welcome: SETUP.welcome,
      intake: SETUP.intake,
      intakeVersion: 1,
    });
  });

  it('refuses a broken set-up with the field named, and keeps the one saved', async () => {
    const oneOption = await coach.put(`/api/admin/programs/${PROGRAM}/portal`, {
      ...SETUP,
      intake: { questions: [{ id: 'pick', label: 'Pick', kind: 'choice', options: ['Only'], required: true }] },
    });
    expect(oneOption.status).toBe(400);
    expect(issuePaths(oneOption.body)).toContain('intake.questions.0.options');
    const twins = await coach.put(`/api/admin/programs/${PROGRAM}/portal`, {
      ...SETUP,
      intake: { questions: [SETUP.intake.questions[0], SETUP.intake.questions[0]] },
    });
    expect(twins.status).toBe(400);
    const unknown = await coach.put('/api/admin/programs/no-such-program/portal', SETUP);
    expect(unknown.status).toBe(400);
    expect(issuePaths(unknown.body)).toEqual(['programId']);
    expect((await coach.get(`/api/admin/programs/${PROGRAM}/portal`)).body).toMatchObject({ intake: SETUP.intake });
  });

  it('is the coach’s alone: 401 signed out, 403 for a client', async () => {
    expect((await caller(members.url).put(`/api/admin/programs/${PROGRAM}/portal`, SETUP)).status).toBe(401);
    expect((await asha.member.put(`/api/admin/programs/${PROGRAM}/portal`, SETUP)).status).toBe(403);
    expect((await asha.member.get('/api/admin/clients')).status).toBe(403);
    expect((await upload({ bytes: mp3, name: 'a.mp3', type: 'audio/mpeg' }, 'Mine', asha.member)).status).toBe(403);
  });
});

describe("a program's files", () => {
  let audio: PortalResource;

  it('stores a file with the type its bytes show, whatever its name and claimed type', async () => {
    const stored = await upload({ bytes: mp3, name: 'morning.mp3', type: 'audio/mpeg' }, 'Morning meditation');
    expect(stored.status).toBe(201);
    expect(stored.body).toEqual({
      id: expect.any(String),
      title: 'Morning meditation',
      contentType: 'audio/mpeg',
      bytes: mp3.length,
    });
    audio = stored.body;
    const png = await upload({ bytes: tinyPng(), name: 'workbook.pdf', type: 'application/pdf' }, 'Workbook cover');
    expect(png.body.contentType).toBe('image/png');
    const pdf = await upload(
      { bytes: tinyPdf('Week one'), name: 'week1', type: 'application/octet-stream' },
      'Week one',
    );
    expect(pdf.body.contentType).toBe('application/pdf');
    const listed = (await coach.get(`/api/admin/programs/${PROGRAM}/portal`)).body as ProgramPortal;
    expect(listed.resources.map((r) => r.title)).toEqual(['Morning meditation', 'Workbook cover', 'Week one']);
  });

  it('refuses a file whose bytes are not an allowed type, a file without a title, and keeps nothing of them', async () => {
    const chunksBefore = await storedChunks();
    const page = Buffer.from('<!doctype html><script>alert(1)</script>'.padEnd(5000, ' '));
    const spoofed = await upload({ bytes: page, name: 'meditation.mp3', type: 'audio/mpeg' }, 'Not audio');
    expect(spoofed.status).toBe(400);
    expect(issuePaths(spoofed.body)).toEqual(['file']);
    const untitled = await upload({ bytes: mp3, name: 'x.mp3', type: 'audio/mpeg' }, undefined);
    expect(untitled.status).toBe(400);
    expect(issuePaths(untitled.body)).toEqual(['title']);
    expect(await storedChunks()).toBe(chunksBefore);
    const listed = (await coach.get(`/api/admin/programs/${PROGRAM}/portal`)).body as ProgramPortal;
    expect(listed.resources).toHaveLength(3);
  });

  it('refuses a file over 50 MB, declared or streamed, and keeps nothing of it', async () => {
    const chunksBefore = await storedChunks();
    const boundary = 'x-upload-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nToo long\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const fileBytes = RESOURCE_MAX_BYTES + 1;
    const send = (declared: boolean) =>
      new Promise<{ status: number; body: { issues?: { path: string }[] } }>((resolve, reject) => {
        const req = http.request(`${members.url}/api/admin/programs/${PROGRAM}/resources`, {
          method: 'POST',
          headers: {
            cookie: `coach_session=${coach.token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            ...(declared ? { 'content-length': String(head.length + fileBytes + tail.length) } : {}),
          },
        });
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        });
        req.on('error', (err: NodeJS.ErrnoException) =>
          err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err),
        );
        req.write(head);
        const frame = silentMp3(1);
        let written = 0;
        const more = () => {
          while (written < fileBytes) {
            const piece = frame.subarray(0, Math.min(frame.length, fileBytes - written));
            written += piece.length;
            if (!req.write(piece)) return void req.once('drain', more);
          }
          req.end(tail);
        };
        more();
      });
    const declared = await send(true);
    expect(declared.status).toBe(400);
    expect(issuePaths(declared.body)).toEqual(['file']);
    const streamed = await send(false);
    expect(streamed.status).toBe(400);
    expect(issuePaths(streamed.body)).toEqual(['file']);
    expect(await storedChunks()).toBe(chunksBefore);
  }, 60_000);

  it('sends a file whole, or exactly the byte range asked for, to its clients and the coach', async () => {
    const whole = await download(audio.id, asha.member);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.bytes.equals(mp3)).toBe(true);

    const middle = await download(audio.id, asha.member, 'bytes=1000-1999');
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 1000-1999/${mp3.length}`);
    expect(middle.bytes.equals(mp3.subarray(1000, 2000))).toBe(true);
    // Across GridFS's 255 kB chunks, to the end, and the last bytes.
    const across = await download(audio.id, asha.member, `bytes=${255 * 1024 - 10}-`);
    expect(across.status).toBe(206);
    expect(across.bytes.equals(mp3.subarray(255 * 1024 - 10))).toBe(true);
    const last = await download(audio.id, asha.member, 'bytes=-7');
    expect(last.bytes.equals(mp3.subarray(mp3.length - 7))).toBe(true);

    const past = await download(audio.id, asha.member, `bytes=${mp3.length}-${mp3.length + 10}`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${mp3.length}`);
    const malformed = await download(audio.id, asha.member, 'bytes=abc');
    expect(malformed.status).toBe(200);
    expect(malformed.bytes.equals(mp3)).toBe(true);

    expect((await download(audio.id, coach)).status).toBe(200);
  });

  it("keeps a program's files from everyone else: 401 signed out, 403 for other clients and members", async () => {
    expect((await download(audio.id, null)).status).toBe(401);
    expect((await download(audio.id, bela.member)).status).toBe(403);
    expect((await download(audio.id, chitra.member)).status).toBe(403);
    expect((await download(audio.id, bela.member, 'bytes=0-99')).bytes.includes(mp3.subarray(0, 4))).toBe(false);
    expect((await download('0123456789abcdef01234567', asha.member)).status).toBe(404);
  });
});

describe("the client's space", () => {
  it('opens on the intake, without a booking link, and shows nothing to one who did not buy', async () => {
    const [space] = await portalOf(asha.member);
    expect(space).toMatchObject({
      programId: PROGRAM,
      title: 'Inner Peace Method',
      stage: 'intake',
      welcome: SETUP.welcome,
      sessions: { used: 0, included: 8 },
      intake: { questions: SETUP.intake.questions, answered: null },
      agreement: { text: AGREEMENT, version: 1, acceptedAt: null },
      bookingUrl: null,
    });
    expect(space!.resources.map((r) => r.title)).toContain('Morning meditation');
    expect(await portalOf(chitra.member)).toEqual([]);
    expect((await caller(members.url).get('/api/portal/programs')).status).toBe(401);
    expect(
      (await chitra.member.post(`/api/portal/programs/${PROGRAM}/intake`, { answers: { goal: 'Peace', energy: 5 } }))
        .status,
    ).toBe(403);
  });

  it('refuses intake answers that break the questions, naming each, and stores none', async () => {
    const post = (answers: object) => asha.member.post(`/api/portal/programs/${PROGRAM}/intake`, { answers });
    const missing = await post({ energy: 4 });
    expect(missing.status).toBe(400);
    expect(issuePaths(missing.body)).toEqual(['answers.goal']);
    expect(issuePaths((await post({ goal: 'Calm', energy: 4, time: 'Noon' })).body)).toEqual(['answers.time']);
    expect(issuePaths((await post({ goal: 'Calm', energy: 11 })).body)).toEqual(['answers.energy']);
    expect(issuePaths((await post({ goal: 'Calm', energy: 'high' })).body)).toEqual(['answers.energy']);
    expect(issuePaths((await post({ goal: 'Calm', energy: 4, mood: 'x' })).body)).toEqual(['answers.mood']);
    expect((await asha.member.post('/api/portal/programs/nope/intake', { answers: {} })).status).toBe(400);
    expect((await portalOf(asha.member))[0]!.stage).toBe('intake');
  });

  it('takes her answers, then her signature of the current agreement, then gives her booking link', async () => {
    const answers = { goal: 'To feel at peace again', energy: 6, time: 'Evenings' };
    const answered = await asha.member.post(`/api/portal/programs/${PROGRAM}/intake`, { answers });
    expect(answered.status).toBe(200);
    expect((await asha.member.post(`/api/portal/programs/${PROGRAM}/intake`, { answers })).status).toBe(409);
    const afterIntake = (await portalOf(asha.member))[0]!;
    expect(afterIntake).toMatchObject({ stage: 'agreement', intake: { answered: answers }, bookingUrl: null });

    // The coach revises the agreement while she reads the old one: her signature of it is refused.
    await coach.put(`/api/admin/programs/${PROGRAM}/portal`, {
      ...SETUP,
      agreement: { text: `${AGREEMENT}\n\nRevised.` },
    });
    const stale = await asha.member.post(`/api/portal/programs/${PROGRAM}/agreement`, {
      fullName: 'Asha Rao',
      version: 1,
    });
    expect(stale.status).toBe(400);
    expect(issuePaths(stale.body)).toEqual(['version']);
    const signed = await asha.member.post(`/api/portal/programs/${PROGRAM}/agreement`, {
      fullName: 'Asha Rao',
      version: 2,
    });
    expect(signed.status).toBe(200);

    const ready = (await portalOf(asha.member))[0]!;
    expect(ready.stage).toBe('ready');
    expect(ready.agreement.acceptedAt).not.toBeNull();
    const booking = new URL(ready.bookingUrl!);
    expect(booking.searchParams.get('email')).toBe(asha.details.email);
    expect(booking.searchParams.get('utm_content')).toMatch(new RegExp(`^${asha.id}-`));

    const detail = (await coach.get(`/api/admin/clients/${asha.id}`)).body as AdminClientDetail;
    const program = detail.programs[0]!;
    expect(program.intake).toMatchObject({ version: 1, answers, questions: SETUP.intake.questions });
    expect(program.agreement).toMatchObject({
      version: 2,
      fullName: 'Asha Rao',
      text: `${AGREEMENT}\n\nRevised.`,
      textSha256: createHash('sha256').update(`${AGREEMENT}\n\nRevised.`).digest('hex'),
    });
  });
});

describe("the coach's notes and homework", () => {
  it('shows her the shared notes only; a private note is in no answer to her', async () => {
    const secret = 'Private: watch for grief around her father';
    const privateNote = await coach.post(`/api/admin/clients/${asha.id}/notes`, {
      programId: PROGRAM,
      text: secret,
      shared: false,
    });
    expect(privateNote.status).toBe(201);
    const shared = await coach.post(`/api/admin/clients/${asha.id}/notes`, {
      programId: PROGRAM,
      text: 'Lovely session today. Keep the evening practice.',
      shared: true,
    });
    expect(shared.status).toBe(201);
    const space = (await asha.member.get('/api/portal/programs')).body as PortalProgram[];
    expect(space[0]!.notes.map((n) => n.text)).toEqual(['Lovely session today. Keep the evening practice.']);
    expect(JSON.stringify(space)).not.toContain(secret);
    const detail = (await coach.get(`/api/admin/clients/${asha.id}`)).body as AdminClientDetail;
    expect(detail.notes.map((n) => [n.text, n.shared])).toEqual([
      [secret, false],
      ['Lovely session today. Keep the evening practice.', true],
    ]);
  });

  it('sets her homework, takes her answer, and lets the coach read it; no one else may answer it', async () => {
    const set = await coach.post(`/api/admin/clients/${asha.id}/homework`, {
      programId: PROGRAM,
      prompt: 'Write three things you forgave.',
    });
    expect(set.status).toBe(201);
    const id = set.body.id as string;
    expect((await bela.member.post(`/api/portal/homework/${id}`, { answer: 'Not mine' })).status).toBe(404);
    expect((await asha.member.post(`/api/portal/homework/${id}`, { answer: '' })).status).toBe(400);
    const answered = await asha.member.post(`/api/portal/homework/${id}`, { answer: 'My mother, my friend, myself.' });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ id, answer: 'My mother, my friend, myself.' });
    const detail = (await coach.get(`/api/admin/clients/${asha.id}`)).body as AdminClientDetail;
    expect(detail.homework).toMatchObject([{ id, programId: PROGRAM, answer: 'My mother, my friend, myself.' }]);
  });

  it('refuses a note or homework in a program she does not hold, naming the program', async () => {
    const note = await coach.post(`/api/admin/clients/${asha.id}/notes`, {
      programId: OTHER_PROGRAM,
      text: 'x',
      shared: true,
    });
    expect(note.status).toBe(400);
    expect(issuePaths(note.body)).toEqual(['programId']);
    const homework = await coach.post(`/api/admin/clients/${asha.id}/homework`, { programId: 'nope', prompt: 'x' });
    expect(issuePaths(homework.body)).toEqual(['programId']);
  });

  it("lists the coach's clients with their programs and stages, paged", async () => {
    const list = await coach.get('/api/admin/clients');
    expect(list.status).toBe(200);
    const clients = list.body as AdminClient[];
    expect(clients.find((c) => c.userId === asha.id)?.programs).toEqual([
      { programId: PROGRAM, title: 'Inner Peace Method', stage: 'ready' },
    ]);
    expect(clients.find((c) => c.userId === bela.id)?.programs[0]).toMatchObject({
      programId: OTHER_PROGRAM,
      stage: 'ready',
    });
    expect(clients.some((c) => c.userId === chitra.id)).toBe(false);
    expect(Number(list.headers.get('x-total-count'))).toBe(2);
    const searched = (await coach.get(`/api/admin/clients?q=${encodeURIComponent(bela.details.email)}`))
      .body as AdminClient[];
    expect(searched.map((c) => c.userId)).toEqual([bela.id]);
    expect((await coach.get(`/api/admin/clients/${chitra.id}`)).status).toBe(404);
  });
});

describe('what she is told by e-mail and push', () => {
  const REMINDER_AFTER_MS = 1500;
  let notices: ReturnType<typeof startPortalNotices>;
  beforeAll(() => {
    const connection = members.redis.duplicate({ maxRetriesPerRequest: null });
    notices = startPortalNotices(
      { connection, queues: members.queues, publish: createEventPublisher(members.queues), logger: members.logger },
      REMINDER_AFTER_MS,
    );
  });
  afterAll(async () => {
    await notices?.close();
  });

  /** The notices queued on a queue (e-mail, or push), in the order they were published, for one address. */
  async function noticesTo(email: string, queue: typeof QUEUES.emails | typeof QUEUES.push = QUEUES.emails) {
    const jobs = await members.queues.get(queue).getJobs(['waiting', 'delayed', 'active', 'completed']);
    return jobs
      .sort((a, b) => a.timestamp - b.timestamp)
      .map((j) => j.data as EventJob)
      .filter((e): e is EventJob<'portal.client_notice'> => e.name === 'portal.client_notice')
      .filter((e) => e.payload.email === email)
      .map((e) => e.payload);
  }

  it('welcomes a buyer to her space once, and reminds her once of an intake left unanswered', async () => {
    const dita = await signedInMember(members.url, 'dita');
    const sale = () =>
      coach.post('/api/admin/purchases', { programId: PROGRAM, name: dita.details.name, email: dita.details.email });
    expect((await sale()).status).toBe(201);
    const welcome = await until(async () => (await noticesTo(dita.details.email)).find((n) => n.kind === 'welcome'));
    expect(welcome).toMatchObject({ userId: dita.id, programId: PROGRAM, programTitle: 'Inner Peace Method' });
    const reminder = await until(async () =>
      (await noticesTo(dita.details.email)).find((n) => n.kind === 'intake_reminder'),
    );
    expect(reminder).toMatchObject({ userId: dita.id, programId: PROGRAM });
    // Pushed too, to the browsers where she allowed it (content's push fan-out picks her subscriptions).
    expect((await noticesTo(dita.details.email, QUEUES.push)).map((n) => n.kind)).toEqual([
      'welcome',
      'intake_reminder',
    ]);
    // A second purchase of the same program welcomes no one again.
    expect((await sale()).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, REMINDER_AFTER_MS + 1000));
    expect((await noticesTo(dita.details.email)).map((n) => n.kind)).toEqual(['welcome', 'intake_reminder']);
  }, 30_000);

  it('reminds no one who answered, nor anyone of a program without questions', async () => {
    await until(async () => (await noticesTo(bela.details.email)).find((n) => n.kind === 'welcome'));
    await new Promise((resolve) => setTimeout(resolve, REMINDER_AFTER_MS + 1000));
    expect((await noticesTo(asha.details.email)).some((n) => n.kind === 'intake_reminder')).toBe(false);
    expect((await noticesTo(bela.details.email)).some((n) => n.kind === 'intake_reminder')).toBe(false);
  }, 30_000);

  it('tells her of a shared note and of new homework, never of a private note', async () => {
    const before = (await noticesTo(asha.details.email)).length;
    await coach.post(`/api/admin/clients/${asha.id}/notes`, {
      programId: PROGRAM,
      text: 'Kept to myself',
      shared: false,
    });
    await coach.post(`/api/admin/clients/${asha.id}/notes`, {
      programId: PROGRAM,
      text: 'Beautiful work this week.',
      shared: true,
    });
    await coach.post(`/api/admin/clients/${asha.id}/homework`, {
      programId: PROGRAM,
      prompt: 'Walk in silence for ten minutes.',
    });
    const told = (await noticesTo(asha.details.email)).slice(before);
    expect(told.map((n) => [n.kind, n.excerpt])).toEqual([
      ['note', 'Beautiful work this week.'],
      ['homework', 'Walk in silence for ten minutes.'],
    ]);
  });
});
