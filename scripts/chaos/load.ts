import { randomUUID } from 'node:crypto';
import { DEMO_MEMBER } from '@coach/dev-stack';

export type WriteKind = 'contact' | 'newsletter' | 'like' | 'community' | 'signup' | 'confirm';

/** One write the load made: sent with its Idempotency-Key until the site acknowledged it. */
export interface Write {
  kind: WriteKind;
  key: string;
  /** What identifies the stored row: the contact's, subscriber's or member's address, the post's text. */
  marker: string;
  window: string;
  body: unknown;
  ackedAt?: number;
  firstAt: number;
  /** Sends so far, and when the next may go (the server's Retry-After, else a short backoff). */
  tries: number;
  nextAt: number;
  sending?: boolean;
  gaveUp?: boolean;
}

/** One HTTP request the load sent, and how it went. */
export interface Attempt {
  window: string;
  op: string;
  /** The Idempotency-Key of a write's attempt. */
  key?: string;
  startedAt: number;
  endedAt: number;
  /** 0: no answer at all (connection refused or reset). */
  status: number;
  ok: boolean;
  /** Why an error answer is not clean: not JSON, no message, a stack trace, or an unexpected status. */
  unclean?: string;
  /** Why there was no answer (a refused or reset connection, a timeout). */
  error?: string;
}

/** Statuses an error answer may have while a part of the site is away. */
// 401 too: a session the site no longer holds (its Redis record lost with a Redis fault) is asked
// to sign in again, as the load then does.
const OUTAGE_STATUSES = new Set([401, 409, 429, 502, 503, 504]);
const STACK_TRACE = /\bat .+:\d+:\d+|node_modules|\.ts:\d+|Error: /;
/** Give up re-sending a write after this long: longer than an abandoned Idempotency-Key's lease. */
const RETRY_FOR_MS = 120_000;

async function cleanliness(res: Response, text: string): Promise<string | undefined> {
  if (res.status < 400) return undefined;
  if (!OUTAGE_STATUSES.has(res.status)) return `status ${res.status}`;
  if (!res.headers.get('content-type')?.includes('application/json'))
    return `not JSON (${res.headers.get('content-type')})`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'unparseable JSON';
  }
  if (typeof (body as { message?: unknown }).message !== 'string') return 'no message';
  if (STACK_TRACE.test(text)) return 'stack trace';
  return undefined;
}

/**
 * A steady mixed load on the gateway, as visitors and members make it: reads of the blog and
 * statistics, rendered pages, contact messages, newsletter sign-ups, likes, sign-ins, chats,
 * community posts and new accounts. Each write carries an Idempotency-Key and is sent again with the same key
 * after a failure until it is acknowledged, as the PWA's outbox does. Every request is recorded
 * under the current `window` (the fault going on).
 */
export function startLoad(gatewayUrl: string, options: { perSecond: number }) {
  const attempts: Attempt[] = [];
  const writes: Write[] = [];
  const outbox: Write[] = [];
  let window = 'steady';
  let running = true;
  let sessionCookie: string | undefined;
  const run = randomUUID().slice(0, 8);
  let serial = 0;

  async function send(
    op: string,
    path: string,
    init: RequestInit = {},
    expect = 200,
  ): Promise<{ ok: boolean; res?: Response; text?: string }> {
    const key = (init.headers as Record<string, string> | undefined)?.['idempotency-key'];
    const attempt: Attempt = { window, op, key, startedAt: Date.now(), endedAt: 0, status: 0, ok: false };
    attempts.push(attempt);
    try {
      const res = await fetch(`${gatewayUrl}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      attempt.status = res.status;
      attempt.ok = res.status === expect || (expect === 201 && res.status === 200);
      attempt.unclean = await cleanliness(res, text);
      return { ok: attempt.ok, res, text };
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause;
      attempt.error = cause?.code ?? (err as Error).name;
      return { ok: false };
    } finally {
      attempt.endedAt = Date.now();
    }
  }

  const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

  async function signIn() {
    const { ok, res } = await send(
      'sign-in',
      '/api/auth/login',
      json({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password }),
    );
    if (ok && res)
      sessionCookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
  }

  /** What each write answers once stored: a subscription is accepted pending its confirmation. */
  const ackStatus: Record<WriteKind, number> = {
    contact: 201,
    newsletter: 202,
    like: 200,
    community: 201,
    signup: 201,
    confirm: 200,
  };
  const writePath: Record<WriteKind, string> = {
    contact: '/api/contact',
    newsletter: '/api/newsletter',
    like: '/api/site-stats/like',
    community: '/api/community/posts',
    signup: '/api/auth/signup',
    confirm: '/api/newsletter/confirm',
  };

  async function sendWrite(write: Write) {
    write.tries += 1;
    write.sending = true;
    try {
      await trySending(write);
    } finally {
      write.sending = false;
    }
  }

  async function trySending(write: Write) {
    const headers: Record<string, string> = { 'idempotency-key': write.key };
    if (write.kind === 'community') {
      if (!sessionCookie) await signIn();
      if (sessionCookie) headers.cookie = sessionCookie;
    }
    const { ok, res } = await send(write.kind, writePath[write.kind], json(write.body, headers), ackStatus[write.kind]);
    // A sign-up has no Idempotency-Key: sent again after an answer that never came, it finds its
    // own account (409), as the new member would, and signs in instead.
    const alreadyStored = write.kind === 'signup' && write.tries > 1 && res?.status === 409;
    if (ok || alreadyStored) {
      write.ackedAt = Date.now();
      if (outbox.includes(write)) outbox.splice(outbox.indexOf(write), 1);
      return;
    }
    if (res?.status === 401) sessionCookie = undefined;
    if (Date.now() - write.firstAt > RETRY_FOR_MS) {
      write.gaveUp = true;
      if (outbox.includes(write)) outbox.splice(outbox.indexOf(write), 1);
      return;
    }
    const retryAfter = Number(res?.headers.get('retry-after'));
    write.nextAt = Date.now() + (retryAfter > 0 ? retryAfter * 1000 : Math.min(4000, 250 * 2 ** write.tries));
    if (!outbox.includes(write)) outbox.push(write);
  }

  function addWrite(kind: WriteKind, n: string, marker: string, body: unknown): Write {
    const write: Write = { kind, key: `chaos-${n}`, marker, window, body, firstAt: Date.now(), tries: 0, nextAt: 0 };
    writes.push(write);
    return write;
  }

  function newWrite(kind: Exclude<WriteKind, 'confirm'>): Write {
    const n = `${run}-${++serial}`;
    const marker = {
      contact: `contact-${n}@chaos.example`,
      newsletter: `news-${n}@chaos.example`,
      like: n,
      community: `A reflection from the fault suite, number ${n}.`,
      signup: `signup-${n}@chaos.example`,
    }[kind];
    const body = {
      contact: { name: 'Chaos Visitor', email: marker, subject: 'general', message: `Checking in, message ${n}.` },
      newsletter: { email: marker },
      like: {},
      community: { content: marker },
      signup: {
        name: 'Chaos Member',
        username: `chaos_${n.replace('-', '_')}`,
        email: marker,
        password: 'Steady-Chaos-Path-7',
      },
    }[kind];
    return addWrite(kind, n, marker, body);
  }

  const ops: Array<[number, () => Promise<unknown>]> = [
    // A query string passes the gateway's micro-cache: these reads reach the content replicas.
    [4, () => send('read', `/api/blog/posts?fresh=${Math.random()}`)],
    [2, () => send('read', `/api/site-stats?fresh=${Math.random()}`)],
    [1, () => send('read', '/blog')],
    [1, () => send('read', '/api/community/weekly-prompt')],
    [2, () => sendWrite(newWrite('contact'))],
    [2, () => sendWrite(newWrite('newsletter'))],
    [2, () => sendWrite(newWrite('like'))],
    [1, () => signIn()],
    [1, () => send('chat', '/api/ai/chat', json({ message: 'How can I find calm on a busy day?' }))],
    [1, () => sendWrite(newWrite('community'))],
    [1, () => sendWrite(newWrite('signup'))],
  ];
  const totalWeight = ops.reduce((sum, [weight]) => sum + weight, 0);
  function pick() {
    let roll = Math.random() * totalWeight;
    for (const [weight, op] of ops) if ((roll -= weight) < 0) return op;
    return ops[0]![1];
  }

  /**
   * Visitors arrive at a steady rate whatever the site does: one waiting on a frozen replica does
   * not hold back the next (at most `MAX_OPEN` requests open at once).
   */
  const MAX_OPEN = 200;
  let open = 0;
  async function arrivals() {
    const gapMs = 1000 / options.perSecond;
    while (running) {
      if (open < MAX_OPEN) {
        open += 1;
        void pick()().finally(() => (open -= 1));
      }
      await new Promise((resolve) => setTimeout(resolve, gapMs * (0.5 + Math.random())));
    }
    while (open > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** The outbox: writes not acknowledged yet, sent again once due. */
  async function resender() {
    // Until the last first attempts have ended too: one that fails joins the outbox then.
    while (running || open > 0 || outbox.length > 0) {
      const now = Date.now();
      for (const write of outbox) if (!write.sending && write.nextAt <= now) void sendWrite(write);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const loops = [arrivals(), resender()];

  return {
    attempts,
    writes,
    pending: () => outbox.length,
    /** A subscriber follows the link of her confirmation e-mail (sent again until acknowledged, as any write). */
    confirm(email: string, token: string) {
      open += 1;
      void sendWrite(addWrite('confirm', `${run}-${++serial}`, email, { token })).finally(() => (open -= 1));
    },
    setWindow(name: string) {
      window = name;
    },
    /**
     * Waits until the requests sent so far have ended (10 s at most): a fault injected next then
     * meets only requests of its own window.
     */
    async settled() {
      const open = attempts.filter((a) => a.endedAt === 0);
      for (const until = Date.now() + 10_000; open.some((a) => a.endedAt === 0) && Date.now() < until;)
        await new Promise((resolve) => setTimeout(resolve, 20));
    },
    /** Stops making new requests; the outbox keeps sending until every write is acknowledged or given up. */
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export type Load = ReturnType<typeof startLoad>;
