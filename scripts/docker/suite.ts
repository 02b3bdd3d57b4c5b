// `npm run docker:test`: the operator's path run for real, on this machine's own Docker engine
// (started from Debian's packages when none is reachable, and stopped at the end): the image built
// from the Dockerfile, `docker compose up` of docker-compose.yml with the README's secrets, a
// visitor's journey over HTTPS through the edge, a restart that keeps every record, a one-node
// Swarm with a rolling update under load, and three hosts in network namespaces with one of them
// killed (not in the short form, `--short`). It prints a row per stage and, last,
// `docker: N passed, N failed`.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startRazorpayStandin, startTestSmtp } from '@coach/dev-stack';
import { makeBaseImages } from './base-images.ts';
import {
  dockerClient,
  ensureDockerPackages,
  hostNetworkSnapshot,
  run,
  startEngine,
  unmountUnder,
  type DockerClient,
} from './engine.ts';
import { findJourneyRecords, runJourney, type Edge } from './journey.ts';
import { hostLoss } from './host-loss.ts';
import { steadyLoad } from './load.ts';
import {
  composeIn,
  containerOf,
  operatorFolder,
  selfSignedCertificate,
  setEnvFile,
  stackDeploy,
  storedContactEmails,
  untilHealthy,
  writesKept,
} from './operator.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const work = path.join(root, 'var/docker-test');
const keep = process.env.DOCKER_TEST_KEEP === '1';
// The short form leaves out the three hosts, the longest stage.
const short = process.argv.includes('--short');

interface Row {
  stage: string;
  seconds: number;
  passed: boolean;
  figures: string;
}
const rows: Row[] = [];
const log = (line: string) => console.log(`[docker] ${line}`);

/** Runs one stage; a failed one is a row with its reason, and the stages that need it are skipped. */
async function stage(name: string, body: () => Promise<string> | string): Promise<boolean> {
  const started = Date.now();
  log(`${name}...`);
  try {
    const figures = await body();
    rows.push({ stage: name, seconds: (Date.now() - started) / 1000, passed: true, figures });
    return true;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    rows.push({ stage: name, seconds: (Date.now() - started) / 1000, passed: false, figures: reason.split('\n')[0]! });
    console.error(`[docker] ${name} failed:\n${reason}`);
    return false;
  }
}

function printTable() {
  const width = Math.max(...rows.map((r) => r.stage.length));
  console.log('\nstage'.padEnd(width + 2) + 'seconds  result  figures');
  for (const row of rows)
    console.log(
      `${row.stage.padEnd(width)}  ${row.seconds.toFixed(0).padStart(7)}  ${(row.passed ? 'pass' : 'FAIL').padEnd(6)}  ${row.figures}`,
    );
  const passed = rows.filter((r) => r.passed).length;
  // npm test adds the totals to its own.
  if (process.env.DOCKER_TEST_REPORT)
    writeFileSync(process.env.DOCKER_TEST_REPORT, JSON.stringify({ passed, failed: rows.length - passed, rows }));
  console.log(`docker: ${passed} passed, ${rows.length - passed} failed`);
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

async function main() {
  const cleanups: Array<() => Promise<void> | void> = [];
  let client: DockerClient | undefined;
  const given = process.env.DOCKER_HOST?.replace(/^unix:\/\//, '');
  try {
    const engineReady = await stage('engine', async () => {
      ensureDockerPackages();
      if (given) {
        client = dockerClient(given);
        return `the engine at ${given}: ${client.docker('version', '--format', '{{.Server.Version}}')}`;
      }
      const restoreNetwork = hostNetworkSnapshot();
      cleanups.push(restoreNetwork);
      const engine = await startEngine(path.join(work, 'engine'));
      cleanups.push(() => engine.stop());
      client = engine;
      return `dockerd ${client.docker('version', '--format', '{{.Server.Version}}')} started, its own data root`;
    });
    if (!engineReady || !client) return;
    const docker = client;

    if (!(await stage('base images', () => `${makeBaseImages(docker, log).made.join(', ') || 'all there already'}`)))
      return;

    const site = path.join(work, 'site');
    const smtp = await startTestSmtp({ host: bridgeAddress(docker) });
    cleanups.push(() => smtp.stop());
    const standin = await startRazorpayStandin({ host: bridgeAddress(docker) });
    cleanups.push(() => standin.close());
    let env: Record<string, string> = {};
    let edge: Edge | undefined;
    const compose = composeIn(site, docker);

    const built = await stage('image build', () => {
      operatorFolder(site);
      env = setEnvFile(site, {
        SMTP_URL: smtp.url,
        RAZORPAY_KEY_ID: standin.keyId,
        RAZORPAY_KEY_SECRET: standin.keySecret,
        RAZORPAY_WEBHOOK_SECRET: standin.webhookSecret,
        RAZORPAY_API_URL: standin.apiUrl,
        // The load below sends hundreds of writes a minute from one address.
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        RATE_LIMIT_READS_PER_MINUTE: '100000',
        // This kernel has no IPVS, so Swarm's virtual IPs do not work here.
        SWARM_ENDPOINT_MODE: 'dnsrr',
      });
      edge = { domain: env.SITE_DOMAIN!, address: '127.0.0.1', ca: selfSignedCertificate(site, env.SITE_DOMAIN!) };
      const started = Date.now();
      run('sh', ['-c', `cd ${JSON.stringify(site)} && docker build -q -t coach-site:latest .`], { env: docker.env });
      const seconds = (Date.now() - started) / 1000;
      const size = Number(docker.docker('image', 'inspect', '-f', '{{.Size}}', 'coach-site:latest'));
      const base = Number(docker.docker('image', 'inspect', '-f', '{{.Size}}', 'node:24-bookworm-slim'));
      return `built in ${seconds.toFixed(0)} s; image ${megabytes(size)}, of which the base ${megabytes(base)}`;
    });
    if (!built || !edge) return;
    const admin = { email: env.ADMIN_EMAIL!, password: 'a long passphrase' };
    cleanups.push(() => {
      if (!keep) compose('down', '-v', '--remove-orphans');
    });

    const up = await stage('compose up', async () => {
      compose('up', '-d', '--build');
      const seconds = await untilHealthy(docker, ['label=com.docker.compose.project=coach'], 7);
      const check = run(
        'sh',
        [
          '-c',
          `cd ${JSON.stringify(site)} && docker-compose -p coach -f docker-compose.yml -f deploy/certificate-files.yml exec -T proxy nginx -t 2>&1`,
        ],
        {
          env: docker.env,
        },
      );
      if (!/test is successful/.test(check)) throw new Error(`nginx -t: ${check}`);
      return `7 containers up and healthy in ${seconds.toFixed(0)} s; the edge's nginx -t: successful`;
    });
    if (!up) return;
    let records: Awaited<ReturnType<typeof runJourney>> | undefined;
    const journeyPassed = await stage('journey over HTTPS', async () => {
      records = await runJourney(edge!, standin, smtp);
      return 'sign up, sign in, contact (e-mail received), chat reply, newsletter, test purchase: all answered';
    });
    if (journeyPassed && records)
      await stage('compose down and up', async () => {
        compose('down');
        compose('up', '-d');
        const seconds = await untilHealthy(docker, ['label=com.docker.compose.project=coach'], 7);
        await findJourneyRecords(edge!, records!, admin);
        return `healthy again in ${seconds.toFixed(0)} s; account, purchase, message and subscriber all there`;
      });

    const swarmUp = await stage('swarm: one node', async () => {
      // The published ports are the compose stack's until it is down.
      compose('down', '-v');
      docker.docker('swarm', 'init', '--advertise-addr', '127.0.0.1', '--listen-addr', '127.0.0.1:2377');
      cleanups.push(() => {
        spawnQuietly(docker, 'stack', 'rm', 'coach');
        spawnQuietly(docker, 'swarm', 'leave', '--force');
      });
      const node = docker.docker('node', 'ls', '-q');
      docker.docker(
        'node',
        'update',
        '--label-add',
        'coach-edge=true',
        '--label-add',
        'coach-mongo=1',
        '--label-add',
        'coach-redis=1',
        node,
      );
      stackDeploy(site, docker, STACK_FILES);
      const seconds = await untilHealthy(docker, ['label=com.docker.stack.namespace=coach'], 7, 300_000);
      await runJourney(edge!, standin, smtp);
      return `7 services converged and healthy in ${seconds.toFixed(0)} s; the journey passes through its edge`;
    });
    if (swarmUp)
      await stage('swarm: rolling update', async () => {
        docker.docker('tag', 'coach-site:latest', 'coach-site:2');
        const load = steadyLoad(edge!);
        await new Promise((resolve) => setTimeout(resolve, 3000));
        stackDeploy(site, docker, STACK_FILES, { COACH_IMAGE: 'coach-site:2' });
        await untilUpdated(
          docker,
          ROLLED.map((name) => `coach_${name}`),
        );
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const result = await load.stop();
        const stored = storedContactEmails(docker, containerOf(docker, 'coach_mongo'), load.tag);
        const kept = writesKept(load.acknowledged, stored);
        const figures = `${ROLLED.join(', ')} replaced; ${result.requests} requests, ${result.failures.length} failed, ${result.retried} retried after 503; ${result.acknowledged} writes acknowledged, ${kept.lost} lost, ${kept.doubled} doubled`;
        if (result.failures.length || kept.lost || kept.doubled)
          throw new Error(`${figures} (${result.failures.slice(0, 5).join('; ')})`);
        return figures;
      });

    spawnQuietly(docker, 'stack', 'rm', 'coach');
    if (!short) await stage('three hosts: a host killed', () => hostLoss(docker, site, work, cleanups));
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (err) {
        console.error(`[docker] cleaning up: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    unmountUnder(work);
    if (!keep) rmSync(work, { recursive: true, force: true });
    printTable();
  }
}

const STACK_FILES = ['docker-compose.yml', 'deploy/certificate-files.yml'];
/** The services a new image replaces in the rolling update. */
const ROLLED = ['gateway', 'content', 'members', 'ai-worker'];

/** Waits until a new version has replaced every task of each service (Swarm's update completed). */
async function untilUpdated(client: DockerClient, services: string[], timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = services.map((service) =>
      client.docker('service', 'inspect', '-f', '{{if .UpdateStatus}}{{.UpdateStatus.State}}{{end}}', service),
    );
    if (states.every((state) => state === 'completed')) return;
    const failed = states.find((state) => /rollback|paused/.test(state));
    if (failed || Date.now() > deadline)
      throw new Error(`the rolling update: ${services.map((s, i) => `${s} ${states[i] || 'not started'}`).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function spawnQuietly(client: DockerClient, ...args: string[]) {
  try {
    client.docker(...args);
  } catch {
    // nothing to remove
  }
}

/**
 * The host's address on the engine's default bridge (its subnet's first address, which Docker
 * gives the bridge): containers reach the host's stand-ins there.
 */
function bridgeAddress(client: DockerClient) {
  const subnet = client.docker('network', 'inspect', 'bridge', '-f', '{{range .IPAM.Config}}{{.Subnet}}{{end}}');
  const [a, b, c, d] = subnet.split('/')[0]!.split('.').map(Number);
  return [a, b, c, d! + 1].join('.');
}

await main();
process.exit(rows.every((r) => r.passed) && rows.length > 0 ? 0 : 1);
