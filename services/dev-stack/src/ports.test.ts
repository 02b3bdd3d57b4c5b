import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startOnFreePort } from './ports.ts';

/** Listens on the port, or fails as a server does when another has taken it. */
const listenOn = (port: number) =>
  new Promise<net.Server>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('startOnFreePort', () => {
  it('starts again on another free port when the one picked was taken before the server bound it', async () => {
    const taken = await listenOn(0);
    const tried: number[] = [];
    // The first try meets the port taken, as a test file in another worker can take it.
    const server = await startOnFreePort(undefined, (port) => {
      tried.push(port);
      return listenOn(tried.length === 1 ? (taken.address() as net.AddressInfo).port : port);
    });
    expect(tried).toHaveLength(2);
    expect((server.address() as net.AddressInfo).port).toBe(tried[1]);
    server.close();
    taken.close();
  });

  it('gives up after three picked ports, and tries a port asked for once', async () => {
    const taken = await listenOn(0);
    const port = (taken.address() as net.AddressInfo).port;
    let tries = 0;
    const failing = () => {
      tries += 1;
      return listenOn(port);
    };
    await expect(startOnFreePort(undefined, failing)).rejects.toThrow(/EADDRINUSE/);
    expect(tries).toBe(3);
    tries = 0;
    await expect(startOnFreePort(port, failing)).rejects.toThrow(/EADDRINUSE/);
    expect(tries).toBe(1);
    taken.close();
  });
});
