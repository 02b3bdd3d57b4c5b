import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens with an app (an Express app, or any request handler) on a free loopback port; `close` also drops kept-alive connections. */
export async function listen(app: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
