import net from 'node:net';

/**
 * Ports are taken below Linux's ephemeral range (32768-60999): a port there, free when looked at,
 * can become the local port of some outgoing connection before the server meant for it binds it
 * (the services starting with EADDRINUSE). Each port is handed out once per process.
 */
const PORTS = { from: 20_000, to: 32_000 };
const handedOut = new Set<number>();

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/** A free TCP port on the loopback interface, none handed out before by this process. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${PORTS.from} and ${PORTS.to}`);
}

/**
 * Starts a server on a port of its own: the one asked for, or else a free one, and another free one
 * if that start fails. A port found free can still be taken before the server binds it (a test
 * file in another worker process looking at the same moment), so a start on a picked port gets
 * three tries; a start on a port asked for gets one.
 */
export async function startOnFreePort<T>(asked: number | undefined, start: (port: number) => Promise<T>): Promise<T> {
  if (asked !== undefined) return await start(asked);
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** `count` free ports, each its own. */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) ports.push(await freePort());
  return ports;
}

/** Whether a server takes connections on the loopback port. */
export const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
  });
