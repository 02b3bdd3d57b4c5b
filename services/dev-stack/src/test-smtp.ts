import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft line breaks joined and =3D decoded. */
  text: string;
  /** Whether it came over TLS. */
  secure: boolean;
}

/**
 * A real SMTP server on a free loopback port that collects what it accepts (tests and the
 * bench). A message counts as delivered only when the server answers 250 to a client still
 * connected: `hold()` delays that answer, and a client that dies meanwhile has delivered nothing,
 * as with any SMTP server. `rejectOnce`/`rejectAlways` refuse an address. With `tls` (a key and
 * its certificate, PEM) it speaks TLS from the first byte, as an smtps: server does.
 */
export async function startTestSmtp(options: { tls?: { key: string; cert: string }; host?: string } = {}) {
  // Loopback, unless the senders run where loopback is not the host's (the Docker suite's containers).
  const host = options.host ?? '127.0.0.1';
  const received: Received[] = [];
  const open = new Set<string>();
  const closed = new Set<string>();
  let held: Promise<void> | undefined;
  const rejectOnce = new Set<string>();
  const rejectAlways = new Map<string, number>();
  let rejections = 0;
  const server = new SMTPServer({
    ...(options.tls ? { secure: true, ...options.tls } : {}),
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address;
      if (rejectAlways.has(to) || rejectOnce.delete(to)) {
        rejections += 1;
        const responseCode = rejectAlways.get(to) ?? 451;
        const reason = responseCode >= 500 ? 'No such mailbox' : 'Mailbox busy, try again later';
        return callback(Object.assign(new Error(reason), { responseCode }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        await held;
        if (closed.has(session.id)) return callback(new Error('client gone'));
        const raw = Buffer.concat(chunks).toString('utf8');
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text, secure: session.secure });
        callback();
      });
    },
    onConnect(session, callback) {
      open.add(session.id);
      callback();
    },
    onClose(session) {
      open.delete(session.id);
      closed.add(session.id);
    },
  });
  // A client that dies mid-message (a killed worker) resets its connection: not the server's failure.
  server.on('error', () => {});
  server.listen(0, host);
  await new Promise((resolve) => server.server.once('listening', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${host}:${port}`,
    received,
    /** The messages delivered to one address. */
    sentTo: (address: string) => received.filter((m) => m.to.includes(address)),
    rejections: () => rejections,
    rejectOnce: (address: string) => rejectOnce.add(address),
    /** Refuses every message to the address: for now (451) or for good (550). */
    rejectAlways: (address: string, responseCode: 451 | 550 = 451) => rejectAlways.set(address, responseCode),
    /** Holds every message's final answer until the returned function is called. */
    hold(): () => void {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    /** Clients connected right now. */
    connections: () => open.size,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;
