// Runs the embedded stack with its data under var/ (kept between starts) until Ctrl-C.
import path from 'node:path';
import { DEMO_ADMIN, DEMO_MEMBER, REPO_ROOT, startStack } from '@coach/kit/embedded';

const port = Number(process.env.PORT ?? 8080);
const stack = await startStack({
  dataDir: process.env.DATA_DIR ?? path.join(REPO_ROOT, 'var'),
  gatewayPort: port,
  stdio: 'inherit',
  logLevel: process.env.LOG_LEVEL ?? 'warn',
});
console.log(`
  The coach's site is running: http://localhost:${port}

  Demo admin:  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}   (http://localhost:${port}/admin/login)
  Demo member: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}
  E-mails are written to var/outbox/. Press Ctrl-C to stop.
`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    stack.stop().then(() => process.exit(0));
  });
}
