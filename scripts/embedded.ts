// Runs the embedded stack with its data under var/ (kept between starts) until Ctrl-C.
// Settings: the environment, then an optional .env file in the current folder for what the
// environment does not set; any NAME may be given as NAME_FILE. Every service gets them (README,
// "Configuration"). NODE_ENV=production runs the operator's own site: no demo data, and the
// coach's admin account must be given.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ADMIN, DEMO_MEMBER, REPO_ROOT, STACK_SETTINGS, startStack } from '@coach/dev-stack';
import { readSettingFiles, stopOnSettings } from '@coach/kit';

if (existsSync('.env')) process.loadEnvFile('.env');
// The files of the settings npm start reads itself are read here; the services read the others.
const own = new Set(['NODE_ENV', 'PORT', 'DATA_DIR', ...STACK_SETTINGS]);
const { env: settings, errors } = readSettingFiles(process.env, (name) => own.has(name));
const production = settings.NODE_ENV === 'production';
if (production)
  errors.push(
    ...['ADMIN_EMAIL', 'ADMIN_PASSWORD']
      .filter((name) => settings[name] === undefined && settings[`${name}_FILE`] === undefined)
      .map(
        (name) => `  ${name}: required with NODE_ENV=production (there is no demo admin): set ${name} or ${name}_FILE`,
      ),
  );
if (errors.length) stopOnSettings(errors);
const port = Number(settings.PORT ?? 8080);
const dataDir = path.resolve(settings.DATA_DIR ?? path.join(REPO_ROOT, 'var'));
const stack = await startStack({
  dataDir,
  gatewayPort: port,
  env: settings,
  production,
  stdio: 'inherit',
  logLevel: 'warn',
});
const siteUrl = stack.gatewayUrl.replace('//127.0.0.1:', '//localhost:');
const { ADMIN_EMAIL, ADMIN_EMAIL_FILE, ADMIN_PASSWORD, SEED_DEMO } = stack.env.members;
const accounts = [
  ADMIN_PASSWORD === DEMO_ADMIN.password
    ? `Demo admin:  ${ADMIN_EMAIL} / ${ADMIN_PASSWORD}   (${siteUrl}/admin/login)`
    : `Admin: ${ADMIN_EMAIL ?? `the address in ${ADMIN_EMAIL_FILE}`} (${siteUrl}/admin/login)`,
  ...(SEED_DEMO === 'true' ? [`Demo member: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}`] : []),
  ...(production ? ['Production mode: no demo data; sign-in cookies are Secure, so serve the site over HTTPS.'] : []),
];
const mail = stack.env['ai-worker'];
const outbox = path.relative(process.cwd(), mail.OUTBOX_DIR!) || '.';
console.log(`
  The coach's site is running: ${siteUrl}

${accounts.map((line) => `  ${line}`).join('\n')}
  ${mail.SMTP_URL || mail.SMTP_URL_FILE ? 'E-mails go out through SMTP_URL.' : `E-mails are written to ${outbox}/.`} Press Ctrl-C to stop.
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
