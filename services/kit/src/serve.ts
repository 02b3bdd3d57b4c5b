import { createServer, type RequestListener, type Server } from 'node:http';
import type { Logger } from './logger.ts';

/**
 * Listens on PORT, at HOST's address when given (else on every interface), and stops cleanly on
 * SIGTERM/SIGINT: after SHUTDOWN_DRAIN_MS of still taking requests, the server stops accepting,
 * in-flight requests finish, then the given closers run (queues, Redis, MongoDB). `app` is an
 * Express app, or any handler of Node's requests (the gateway's, which takes beacons before its app).
 */
export function serve(
  app: RequestListener,
  {
    PORT: port,
    HOST: host,
    SHUTDOWN_DRAIN_MS: drainMs = 0,
  }: { PORT: number; HOST?: string; SHUTDOWN_DRAIN_MS?: number },
  logger: Logger,
  closers: Array<() => Promise<unknown>> = [],
): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer(app).listen({ port, host }, () => {
      const address = server.address();
      logger.info({ port: typeof address === 'object' && address ? address.port : port }, 'listening');
      resolve(server);
    });
    server.keepAliveTimeout = 65_000;
    onShutdown(logger, async () => {
      await new Promise((done) => setTimeout(done, drainMs));
      await new Promise((done) => server.close(done));
      for (const close of closers) await close();
    });
  });
}

/** Runs `stop` once on SIGTERM or SIGINT, then exits; a second signal forces the exit. */
export function onShutdown(logger: Logger, stop: () => Promise<void>) {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    stop().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
}
