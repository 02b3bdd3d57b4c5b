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
