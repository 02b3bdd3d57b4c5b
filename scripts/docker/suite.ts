// `npm run docker:test`: the operator's path run for real, on this machine's own Docker engine
// (started from Debian's packages when none is reachable, and stopped at the end): the image built
// from the Dockerfile, `docker compose up` of docker-compose.yml with the README's secrets, a
// visitor's journey over HTTPS through the edge, a restart that keeps every record, a one-node
// Swarm with a rolling update under load, and three hosts in network namespaces with one of them
// killed. It prints a row per stage and, last, `docker: N passed, N failed`.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startRazorpayStandin, startTestSmtp } from '@coach/dev-stack';
import { makeBaseImages } from './base-images.ts';
import { dockerClient, ensureDockerPackages, hostNetworkSnapshot, run, startEngine, type DockerClient } from './engine.ts';
import { findJourneyRecords, runJourney, type Edge } from './journey.ts';
import { longestGap, steadyLoad } from './load.ts';
import { HOST_GATEWAY, killHost, removeThreeHosts, reviveHost, startThreeHosts, type Host } from './three-hosts.ts';
import {
  composeIn,
  containerOf,
  operatorFolder,
  readEnv,
  readmeBlock,
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
    console.log(`${row.stage.padEnd(width)}  ${row.seconds.toFixed(0).padStart(7)}  ${(row.passed ? 'pass' : 'FAIL').padEnd(6)}  ${row.figures}`);
  const passed = rows.filter((r) => r.passed).length;
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

    if (!(await stage('base images', () => `${makeBaseImages(docker, log).made.join(', ') || 'all there already'}`))) return;

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
      const check = run('sh', ['-c', `cd ${JSON.stringify(site)} && docker-compose -p coach -f docker-compose.yml -f deploy/certificate-files.yml exec -T proxy nginx -t 2>&1`], {
        env: docker.env,
      });
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

    compose('down', '-v');
    const swarmUp = await stage('swarm: one node', async () => {
      docker.docker('swarm', 'init', '--advertise-addr', '127.0.0.1', '--listen-addr', '127.0.0.1:2377');
      cleanups.push(() => {
        spawnQuietly(docker, 'stack', 'rm', 'coach');
        spawnQuietly(docker, 'swarm', 'leave', '--force');
      });
      const node = docker.docker('node', 'ls', '-q');
      docker.docker('node', 'update', '--label-add', 'coach-edge=true', '--label-add', 'coach-mongo=1', '--label-add', 'coach-redis=1', node);
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
        await untilUpdated(docker, ROLLED.map((name) => `coach_${name}`));
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const result = await load.stop();
        const stored = storedContactEmails(docker, containerOf(docker, 'coach_mongo'), load.tag);
        const kept = writesKept(load.acknowledged, stored);
        const figures = `${ROLLED.join(', ')} replaced; ${result.requests} requests, ${result.failures.length} failed, ${result.retried} retried after 503; ${result.acknowledged} writes acknowledged, ${kept.lost} lost, ${kept.doubled} doubled`;
        if (result.failures.length || kept.lost || kept.doubled) throw new Error(`${figures} (${result.failures.slice(0, 5).join('; ')})`);
        return figures;
      });

    spawnQuietly(docker, 'stack', 'rm', 'coach');
    await stage('three hosts: a host killed', () => hostLoss(docker, site, cleanups));
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (err) {
        console.error(`[docker] cleaning up: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (!keep && !given) rmSync(work, { recursive: true, force: true });
    printTable();
  }
}

const STACK_FILES = ['docker-compose.yml', 'deploy/certificate-files.yml'];
const THREE_HOST_FILES = ['docker-compose.yml', 'deploy/three-hosts.yml', 'deploy/certificate-files.yml'];
const SITE_IMAGES = ['coach-site:latest', 'coach-proxy:latest', 'mongo:8.0', 'redis:7'];

/**
 * Three hosts joined in a Swarm and deployed as the README says; under steady writes the second
 * host (a MongoDB member, Redis's replica, a Sentinel and some of every service's replicas) is
 * lost at once, then comes back and rejoins.
 */
async function hostLoss(main: DockerClient, site: string, cleanups: Array<() => Promise<void> | void>) {
  const hosts = await startThreeHosts(path.join(work, 'hosts'));
  cleanups.push(() => removeThreeHosts(hosts));
  const [first, second] = hosts as [Host, Host, Host];
  const images = path.join(work, 'images.tar');
  main.docker('save', '-o', images, ...SITE_IMAGES);
  for (const host of hosts) host.engine.docker('load', '-q', '-i', images);
  rmSync(images);
  first.engine.docker('swarm', 'init', '--advertise-addr', first.address, '--listen-addr', `${first.address}:2377`);
  const token = first.engine.docker('swarm', 'join-token', '-q', 'worker');
  for (const host of hosts.slice(1))
    host.engine.docker('swarm', 'join', '--token', token, '--advertise-addr', host.address, '--listen-addr', `${host.address}:2377`, `${first.address}:2377`);
  run('bash', ['-euo', 'pipefail', '-c', readmeBlock('--label-add coach-edge=true')], { env: first.engine.env });

  const smtp = await startTestSmtp({ host: HOST_GATEWAY });
  cleanups.push(() => smtp.stop());
  const standin = await startRazorpayStandin({ host: HOST_GATEWAY });
  cleanups.push(() => standin.close());
  setEnvFile(site, {
    SMTP_URL: smtp.url,
    RAZORPAY_KEY_ID: standin.keyId,
    RAZORPAY_KEY_SECRET: standin.keySecret,
    RAZORPAY_WEBHOOK_SECRET: standin.webhookSecret,
    RAZORPAY_API_URL: standin.apiUrl,
  });
  run('sh', ['-c', `cd ${JSON.stringify(site)} && ${readmeBlock('mongo_keyfile').split('\n').find((line) => line.includes('> secrets/mongo_keyfile'))!.replace(/#.*$/, '')}`]);
  stackDeploy(site, first.engine, THREE_HOST_FILES, { SERVICE_REPLICAS: '2', GATEWAY_REPLICAS: '2' });
  const converged = await untilConverged(first.engine, 420_000);
  const edge: Edge = { domain: readEnv(site).SITE_DOMAIN!, address: first.address, ca: readFileSync(path.join(site, 'secrets/tls_certificate'), 'utf8') };
  await runJourney(edge, standin, smtp);

  const load = steadyLoad(edge);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const killedAt = Date.now();
  killHost(second);
  await new Promise((resolve) => setTimeout(resolve, 45_000));
  const result = await load.stop();
  const owed = load.acknowledged.map(({ email }) => email);
  const sentTo = () => new Set(smtp.received.flatMap((mail) => mail.to));
  const deadline = Date.now() + 90_000;
  while (owed.some((email) => !sentTo().has(email)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1000));
  const sent = owed.filter((email) => sentTo().has(email)).length;
  const stored = storedContactEmails(first.engine, containerOf(first.engine, 'coach_mongo'), load.tag, 'mongo:27017,mongo-2:27017,mongo-3:27017');
  const kept = writesKept(load.acknowledged, stored);
  const errors = result.failures.filter((failure) => /\b500\b/.test(failure)).length;
  const gap = longestGap(load.acknowledged.map(({ at }) => at), killedAt);

  const revivedAt = Date.now();
  await reviveHost(second);
  await untilConverged(first.engine, 300_000, second.name);
  const rejoined = (Date.now() - revivedAt) / 1000;
  const figures = `converged in ${converged.toFixed(0)} s; ${second.name} killed: ${gap.toFixed(1)} s at most without a write, ${result.acknowledged} writes acknowledged, ${kept.lost} lost, ${kept.doubled} doubled, ${errors} answers of 500 (${result.failures.length} failed, ${result.retried} retried after 503), e-mails ${sent} of ${owed.length} sent; rejoined in ${rejoined.toFixed(0)} s`;
  if (kept.lost || kept.doubled || errors || gap > 15 || sent < owed.length) throw new Error(figures);
  return figures;
}

/**
 * Waits until every service of the stack runs all its replicas (a task with a health check counts
 * once healthy) and, with `node`, that node is back in the Swarm; the seconds it took.
 */
async function untilConverged(manager: DockerClient, timeoutMs: number, node?: string) {
  const started = Date.now();
  for (;;) {
    const services = manager
      .docker('service', 'ls', '--filter', 'label=com.docker.stack.namespace=coach', '--format', '{{.Name}} {{.Replicas}}')
      .split('\n')
      .filter((line) => line && !line.startsWith('coach_mongo-init '));
    const short = services.filter((line) => {
      const [running, wanted] = line.split(' ')[1]!.split('/');
      return running !== wanted?.replace(/\D.*$/, '');
    });
    const nodeReady = !node || manager.docker('node', 'inspect', '-f', '{{.Status.State}}', node) === 'ready';
    if (services.length > 0 && short.length === 0 && nodeReady) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutMs)
      throw new Error(`not converged after ${timeoutMs / 1000} s: ${short.join(', ')}${nodeReady ? '' : `; ${node} not ready`}`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
/** The services a new image replaces in the rolling update. */
const ROLLED = ['gateway', 'content', 'members', 'ai-worker'];

/** Waits until a new version has replaced every task of each service (Swarm's update completed). */
async function untilUpdated(client: DockerClient, services: string[], timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = services.map((service) => client.docker('service', 'inspect', '-f', '{{if .UpdateStatus}}{{.UpdateStatus.State}}{{end}}', service));
    if (states.every((state) => state === 'completed')) return;
    const failed = states.find((state) => /rollback|paused/.test(state));
    if (failed || Date.now() > deadline) throw new Error(`the rolling update: ${services.map((s, i) => `${s} ${states[i] || 'not started'}`).join(', ')}`);
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
