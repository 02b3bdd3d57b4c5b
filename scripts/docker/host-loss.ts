import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { startRazorpayStandin, startTestSmtp } from '@coach/dev-stack';
import { run, type DockerClient } from './engine.ts';
import { runJourney, type Edge } from './journey.ts';
import { longestGap, steadyLoad } from './load.ts';
import {
  containerOf,
  readEnv,
  readmeBlock,
  movePrimaryTo,
  setEnvFile,
  stackDeploy,
  storedContactEmails,
  writesKept,
} from './operator.ts';
import { HOST_GATEWAY, killHost, removeThreeHosts, reviveHost, startThreeHosts, type Host } from './three-hosts.ts';

const THREE_HOST_FILES = ['docker-compose.yml', 'deploy/three-hosts.yml', 'deploy/certificate-files.yml'];
const SITE_IMAGES = ['coach-site:latest', 'coach-proxy:latest', 'mongo:8.0', 'redis:7'];

/**
 * Three hosts joined in a Swarm and deployed as the README says; under steady writes the second
 * host (a MongoDB member, Redis's replica, a Sentinel and some of every service's replicas) is
 * lost at once, then comes back and rejoins.
 */
export async function hostLoss(
  main: DockerClient,
  site: string,
  work: string,
  cleanups: Array<() => Promise<void> | void>,
) {
  const hosts = await startThreeHosts(path.join(work, 'hosts'));
  cleanups.push(() => removeThreeHosts(hosts));
  const [first, second] = hosts as [Host, Host, Host];
  const images = path.join(work, 'images.tar');
  main.docker('save', '-o', images, ...SITE_IMAGES);
  await Promise.all(hosts.map((host) => loadImages(host.engine.env, images)));
  rmSync(images);
  first.engine.docker('swarm', 'init', '--advertise-addr', first.address, '--listen-addr', `${first.address}:2377`);
  const token = first.engine.docker('swarm', 'join-token', '-q', 'worker');
  for (const host of hosts.slice(1))
    host.engine.docker(
      'swarm',
      'join',
      '--token',
      token,
      '--advertise-addr',
      host.address,
      '--listen-addr',
      `${host.address}:2377`,
      `${first.address}:2377`,
    );
  await untilNodesReady(first.engine, hosts.length);
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
  run('sh', [
    '-c',
    `cd ${JSON.stringify(site)} && ${readmeBlock('mongo_keyfile')
      .split('\n')
      .find((line) => line.includes('> secrets/mongo_keyfile'))!
      .replace(/#.*$/, '')}`,
  ]);
  stackDeploy(site, first.engine, THREE_HOST_FILES, { SERVICE_REPLICAS: '2', GATEWAY_REPLICAS: '2' });
  const converged = await untilConverged(first.engine, 420_000);
  const edge: Edge = {
    domain: readEnv(site).SITE_DOMAIN!,
    address: first.address,
    ca: readFileSync(path.join(site, 'secrets/tls_certificate'), 'utf8'),
  };
  await runJourney(edge, standin, smtp);

  const members = 'mongo:27017,mongo-2:27017,mongo-3:27017';
  // The lost host holds the primary, so that writes wait for an election: the hardest case.
  const primary = movePrimaryTo(first.engine, containerOf(first.engine, 'coach_mongo'), members, 'mongo-2:27017');
  // A write cut off with its host (the edge's 502 or 504) is sent again with its key, as the app's
  // outbox sends a write again after any server error, or after a 409 while the first try with
  // that key is still being processed.
  const load = steadyLoad(edge, { retryOn: [409, 502, 503, 504] });
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const killedAt = Date.now();
  killHost(second);
  await new Promise((resolve) => setTimeout(resolve, 45_000));
  const result = await load.stop();
  const owed = load.acknowledged.map(({ email }) => email);
  const sentTo = () => new Set(smtp.received.flatMap((mail) => mail.to));
  const deadline = Date.now() + 90_000;
  while (owed.some((email) => !sentTo().has(email)) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 1000));
  const sent = owed.filter((email) => sentTo().has(email)).length;
  const stored = storedContactEmails(first.engine, containerOf(first.engine, 'coach_mongo'), load.tag, members);
  const kept = writesKept(load.acknowledged, stored);
  const errors = result.failures.filter((failure) => /\b500\b/.test(failure)).length;
  const gap = longestGap(
    load.acknowledged.map(({ at }) => at),
    killedAt,
  );

  const revivedAt = Date.now();
  await reviveHost(second);
  await untilConverged(first.engine, 300_000, second.name);
  const rejoined = (Date.now() - revivedAt) / 1000;
  const figures = `converged in ${converged.toFixed(0)} s; ${second.name} killed (MongoDB's primary was ${primary}): ${gap.toFixed(1)} s at most without a write, ${result.acknowledged} writes acknowledged, ${kept.lost} lost, ${kept.doubled} doubled, ${errors} answers of 500 (${result.failures.length} failed${result.failures.length ? `: ${[...new Set(result.failures)].join(', ')}` : ''}, ${result.retried} retried; the slowest write took ${result.slowestWrite.toFixed(1)} s), e-mails ${sent} of ${owed.length} sent; rejoined in ${rejoined.toFixed(0)} s`;
  if (kept.lost || kept.doubled || errors || gap > 15 || sent < owed.length)
    throw new Error(`${figures}\n${electionReport([first, hosts[2]!], killedAt, load.acknowledged)}`);
  return figures;
}

/**
 * What the members left logged of the election and of their sources of the oplog in the 40 s after
 * the kill, and when the first writes after it were acknowledged: for a failure's report.
 */
function electionReport(hosts: Host[], since: number, acknowledged: { at: number }[]) {
  const logs = hosts.flatMap((host) => {
    const member = host.engine
      .docker('ps', '--format', '{{.ID}} {{.Label "com.docker.swarm.service.name"}}')
      .split('\n')
      .find((line) => / coach_mongo(-\d)?$/.test(line))
      ?.split(' ')[0];
    if (!member) return [];
    return run(
      'sh',
      [
        '-c',
        `docker logs --since ${Math.floor(since / 1000)} --until ${Math.floor(since / 1000) + 40} ${member} 2>&1 | grep -E 'REPL' | grep -vE 'Error in heartbeat' | cut -c12-23,40- | head -25`,
      ],
      { env: host.engine.env },
    )
      .split('\n')
      .map((line) => `${host.name} ${line}`);
  });
  const writes = acknowledged
    .map(({ at }) => (at - since) / 1000)
    .filter((seconds) => seconds > 0)
    .slice(0, 5)
    .map((seconds) => seconds.toFixed(1));
  return `the first writes acknowledged after the kill, in seconds: ${writes.join(', ')}\n${logs.join('\n')}`;
}

const loadImages = (env: NodeJS.ProcessEnv, file: string) =>
  promisify(execFile)('docker', ['load', '-q', '-i', file], { env: { ...process.env, ...env } });

/** Waits until the Swarm's manager sees `count` nodes ready. */
async function untilNodesReady(manager: DockerClient, count: number) {
  const deadline = Date.now() + 60_000;
  while (
    manager
      .docker('node', 'ls', '--format', '{{.Status}}')
      .split('\n')
      .filter((s) => s === 'Ready').length < count
  ) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} nodes ready after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Waits until every service of the stack runs all its replicas (a task with a health check counts
 * once healthy) and, with `node`, that node is back in the Swarm; the seconds it took.
 */
async function untilConverged(manager: DockerClient, timeoutMs: number, node?: string) {
  const started = Date.now();
  for (;;) {
    const services = manager
      .docker(
        'service',
        'ls',
        '--filter',
        'label=com.docker.stack.namespace=coach',
        '--format',
        '{{.Name}} {{.Replicas}}',
      )
      .split('\n')
      .filter((line) => line && !line.startsWith('coach_mongo-init '));
    const short = services.filter((line) => {
      const [running, wanted] = line.split(' ')[1]!.split('/');
      return running !== wanted?.replace(/\D.*$/, '');
    });
    const nodeReady = !node || manager.docker('node', 'inspect', '-f', '{{.Status.State}}', node) === 'ready';
    if (services.length > 0 && short.length === 0 && nodeReady) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutMs) {
      const why = short.map((line) => serviceState(manager, line.split(' ')[0]!)).join('\n');
      throw new Error(
        `not converged after ${timeoutMs / 1000} s: ${short.join(', ')}${nodeReady ? '' : `; ${node} not ready`}\n${why}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** A service's last tasks (node, state, error) and log lines, for a failure's report. */
function serviceState(manager: DockerClient, service: string) {
  const tasks = manager.docker(
    'service',
    'ps',
    '--no-trunc',
    '--format',
    '{{.Node}} {{.CurrentState}} {{.Error}}',
    service,
  );
  let logs = '';
  try {
    logs = run('sh', ['-c', `docker service logs --tail 8 ${service} 2>&1`], { env: manager.env });
  } catch (err) {
    logs = String(err);
  }
  return `${service}:\n${tasks.split('\n').slice(0, 4).join('\n')}\n${logs}`;
}
