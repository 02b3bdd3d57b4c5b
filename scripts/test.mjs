// `npm test`: every test of the project, unit, integration and end-to-end, against real
// MongoDB, Redis, SMTP and Chromium. Its last line is `N passed, N failed[, N skipped]`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPwa, ensureDebianPackages, ensureNode24, ensureNodeModules, PNPM } from './bootstrap.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'var/test-reports');
const e2eOnly = process.argv.includes('--e2e-only');

ensureNode24();
ensureDebianPackages({ browser: true, proxy: true, tests: true });
ensureNodeModules();
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const pnpm = (args, env = {}) =>
  spawnSync('npx', ['--yes', PNPM, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });

const totals = { passed: 0, failed: 0, skipped: 0 };
// What failed, told again just above the totals: a long run's log is often read from its end.
const failures = [];
// The gateway's tests serve the built app too, so build it before any test runs.
buildPwa({ force: true });

if (!e2eOnly) {
  const out = path.join(reports, 'vitest.json');
  pnpm(['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests + (r.numTotalTestSuites > 0 && !r.success && r.numFailedTests === 0 ? 1 : 0);
    totals.skipped += r.numPendingTests + r.numTodoTests;
    failures.push(...vitestFailures(r));
  } else {
    totals.failed += 1; // the runner itself crashed
  }
}

const e2eOut = path.join(reports, 'playwright.json');
pnpm(['--filter', '@coach/pwa', 'exec', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut,
});
if (existsSync(e2eOut)) {
  const report = JSON.parse(readFileSync(e2eOut, 'utf8'));
  const s = report.stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  // A test that failed and then passed on its one retry counts as passed, and is named here.
  for (const title of flakyTests(report)) console.log(`flaky, passed on retry: ${title}`);
} else {
  totals.failed += 1;
}

// The Docker suite (the image, compose, a one-node Swarm, three hosts; scripts/docker) in CI, or
// when asked (`npm test -- --docker`): it needs root and builds images, so a developer's run
// leaves it out.
if (!e2eOnly && (process.env.CI === 'true' || process.argv.includes('--docker'))) {
  const report = path.join(reports, 'docker.json');
  const docker = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/docker/suite.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DOCKER_TEST_REPORT: report },
  });
  if (existsSync(report)) {
    const { passed, failed } = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += passed;
    totals.failed += failed;
    if (failed > 0) failures.push('the Docker suite: see its table above');
  } else {
    totals.failed += 1;
    failures.push(`the Docker suite ended without its totals (exit ${docker.status ?? docker.signal})`);
  }
}

/**
 * Vitest's failures, one line each: a failed test with its first error line, or a file that
 * failed as a whole (its setup or a hook threw, so its tests were skipped) with its error.
 */
function vitestFailures(report) {
  const firstLine = (text = '') => text.split('\n').find((line) => line.trim()) ?? '';
  const lines = [];
  for (const file of report.testResults) {
    const name = path.relative(root, file.name);
    for (const t of file.assertionResults)
      if (t.status === 'failed') lines.push(`${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === 'failed' && file.message) lines.push(`${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

/** The titles of the tests in Playwright's JSON report whose outcome is 'flaky'. */
function flakyTests(report) {
  const found = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'flaky') found.push([...path, spec.title].filter(Boolean).join(' › '));
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return found;
}

for (const line of failures) console.log(`failed: ${line}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
