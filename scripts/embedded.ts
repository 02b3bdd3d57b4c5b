// Runs the embedded stack with its data under var/ (kept between starts) until Ctrl-C.
// Settings: the environment, then an optional .env file in the current folder for what the
// environment does not set. Every service gets them (README, "Configuration").
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ADMIN, DEMO_MEMBER, REPO_ROOT, startStack } from '@coach/dev-stack';

if (existsSync('.env')) process.loadEnvFile('.env');
const port = Number(process.env.PORT ?? 8080);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, 'var'));
const stack = await startStack({
  dataDir,
  gatewayPort: port,
  env: process.env,
  stdio: 'inherit',
  logLevel: 'warn',
});
const demo = process.env.ADMIN_EMAIL
  ? `  Admin: ${process.env.ADMIN_EMAIL} (http://localhost:${port}/admin/login)`
  : `  Demo admin:  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}   (http://localhost:${port}/admin/login)
  Demo member: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}`;
console.log(`
  The coach's site is running: http://localhost:${port}

${demo}
  ${process.env.SMTP_URL ? 'E-mails go out through SMTP_URL.' : `E-mails are written to ${path.relative(process.cwd(), stack.env['ai-worker'].OUTBOX_DIR!) || '.'}/.`} Press Ctrl-C to stop.
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
