import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run, type DockerClient } from './engine.ts';
import type { Edge } from './journey.ts';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The README's shell block that holds `marker`, as an operator copies it. */
export function readmeBlock(marker: string): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/^( *)```sh\n([\s\S]*?)^\1```/gm)].map(([, indent, body]) =>
    body!
      .split('\n')
      .map((line) => line.slice(indent!.length))
      .join('\n'),
  );
  const block = blocks.find((body) => body.includes(marker));
  if (!block) throw new Error(`the README has no shell block with ${marker}`);
  return block;
}

/**
 * The site's folder as an operator's clone holds it (the project's files without anything the
 * checkout ignores), with secrets/ and .env made by the README's step 3, run as it is written.
 */
export function operatorFolder(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    try {
      copyFileSync(path.join(root, file), path.join(dir, file));
    } catch {
      // a file deleted in the work tree but not yet in git
    }
  }
  run('bash', ['-euo', 'pipefail', '-c', `cd ${JSON.stringify(dir)}\n${readmeBlock('mkdir -p secrets')}`]);
  return dir;
}

/** Settings of the operator's .env replaced or added, as an operator edits the file. */
export function setEnvFile(dir: string, settings: Record<string, string>) {
  const file = path.join(dir, '.env');
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  for (const [name, value] of Object.entries(settings)) {
    const line = `${name}=${value}`;
    const at = lines.findIndex((l) => l.startsWith(`${name}=`));
    if (at >= 0) lines[at] = line;
    else lines.push(line);
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return readEnv(dir);
}

/** The operator's .env, as the shell reads it (one quoted value at most). */
export function readEnv(dir: string): Record<string, string> {
  const lines = readFileSync(path.join(dir, '.env'), 'utf8').split('\n');
  return Object.fromEntries(
    lines
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).replace(/^'(.*)'$/, '$1')]),
  );
}

/**
 * A self-signed certificate for the site's domain in secrets/tls_certificate and
 * tls_certificate_key, where deploy/certificate-files.yml takes a certificate an operator brings:
 * what stands in for Let's Encrypt's here.
 */
export function selfSignedCertificate(dir: string, domain: string): Edge['ca'] {
  const cert = path.join(dir, 'secrets/tls_certificate');
  run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    path.join(dir, 'secrets/tls_certificate_key'),
    '-out',
    cert,
    '-days',
    '2',
    '-subj',
    `/CN=${domain}`,
    '-addext',
    `subjectAltName=DNS:${domain}`,
  ]);
  return readFileSync(cert, 'utf8');
}

/** docker-compose (Compose 1.29, Debian's) in the operator's folder, with the CI's override. */
export function composeIn(dir: string, client: DockerClient) {
  const files = ['-f', 'docker-compose.yml', '-f', 'deploy/certificate-files.yml'];
  return (...args: string[]) =>
    run(
      'sh',
      [
        '-c',
        `cd ${JSON.stringify(dir)} && exec docker-compose -p coach ${[...files, ...args].map((a) => JSON.stringify(a)).join(' ')}`,
      ],
      {
        env: client.env,
      },
    );
}

/**
 * Waits until every container `list` names is running and, where it has a health check, healthy;
 * the seconds it took. Fails with the logs of those that are not, after `timeoutMs`.
 */
export async function untilHealthy(client: DockerClient, filter: string[], expected: number, timeoutMs = 240_000) {
  const started = Date.now();
  for (;;) {
    const rows = client
      .docker('ps', '-a', ...filter.flatMap((f) => ['--filter', f]), '--format', '{{.Names}}\t{{.Status}}')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t') as [string, string]);
    const ready = rows.filter(
      ([, status]) => status.startsWith('Up') && !/\((health: starting|unhealthy)\)/.test(status),
    );
    if (ready.length >= expected) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutMs) {
      const stuck = rows.filter((row) => !ready.includes(row));
      const logs = stuck.map(([name, status]) => `${name} (${status}):\n${logsOf(client, name)}`).join('\n');
      throw new Error(`${ready.length} of ${expected} containers ready after ${timeoutMs / 1000} s\n${logs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export function logsOf(client: DockerClient, container: string) {
  try {
    return run('sh', ['-c', `docker logs --tail 15 ${container} 2>&1`], { env: client.env });
  } catch (err) {
    return String(err);
  }
}

/**
 * `docker stack deploy` as the README has an operator run it: the .env's settings exported first.
 * The images are on every node already, not in a registry: the nodes are not sent to look them up.
 */
export function stackDeploy(dir: string, client: DockerClient, files: string[], env: Record<string, string> = {}) {
  const compose = files.map((file) => `-c ${file}`).join(' ');
  const deploy = `docker stack deploy --resolve-image never ${compose} coach`;
  run('bash', ['-c', `cd ${JSON.stringify(dir)} && set -a && . ./.env && set +a && exec ${deploy}`], {
    env: { ...client.env, ...env },
  });
}

/** The running container of a Swarm service (its first, with several). */
export function containerOf(client: DockerClient, service: string) {
  const id = client.docker('ps', '-q', '--filter', `label=com.docker.swarm.service.name=${service}`).split('\n')[0];
  if (!id) throw new Error(`no running container of ${service}`);
  return id;
}

/**
 * The contact messages stored for a load's tag, read in MongoDB itself (through the mongo
 * container's mongosh): their addresses, one per stored message.
 */
export function storedContactEmails(client: DockerClient, mongoContainer: string, tag: string, hosts = 'mongo:27017') {
  const script = `db.getSiblingDB("coach-content").contact_messages.find({ email: /^load-${tag}-/ }, { email: 1 }).toArray().map((d) => d.email).join(" ")`;
  return mongoEval(client, mongoContainer, hosts, script)
    .split(/\s+/)
    .filter((email) => email.startsWith('load-'));
}

/**
 * Makes `member` the replica set's primary without changing its configuration: every other member
 * is frozen (not electable) for a minute and the primary, if another, steps down; then the others
 * are unfrozen. The host loss then takes the primary with it, the case with an election.
 */
export function movePrimaryTo(client: DockerClient, mongoContainer: string, hosts: string, member: string) {
  const script = `
    const password = require("fs").readFileSync("/run/secrets/mongo_password", "utf8").trim();
    const direct = (name) => connect("mongodb://coach:" + encodeURIComponent(password) + "@" + name + "/admin?authSource=admin&directConnection=true");
    const others = () => rs.status().members.filter((m) => m.name !== "${member}");
    for (let tries = 0; db.hello().primary !== "${member}"; tries += 1) {
      if (tries === 60) throw new Error("${member} was not elected in 60 s");
      for (const m of others()) {
        if (m.stateStr === "PRIMARY") { try { direct(m.name).adminCommand({ replSetStepDown: 60, secondaryCatchUpPeriodSecs: 10 }) } catch (e) {} }
        else if (m.stateStr === "SECONDARY") direct(m.name).adminCommand({ replSetFreeze: 60 });
      }
      sleep(1000);
    }
    for (const m of others()) if (m.health === 1) direct(m.name).adminCommand({ replSetFreeze: 0 });
    db.hello().primary`;
  return mongoEval(client, mongoContainer, hosts, script.replace(/\n\s*/g, ' '));
}

/** A mongosh script's output, run as the root user in a MongoDB container against `hosts`. */
function mongoEval(client: DockerClient, mongoContainer: string, hosts: string, script: string) {
  const replicaSet = hosts.includes(',') ? '&replicaSet=rs0' : '';
  return client.docker(
    'exec',
    mongoContainer,
    'sh',
    '-c',
    `mongosh --quiet "mongodb://coach:$(cat /run/secrets/mongo_password)@${hosts}/?authSource=admin${replicaSet}" --eval '${script}'`,
  );
}

/** What a load's acknowledged writes became: how many are not stored, and how many stored twice. */
export function writesKept(acknowledged: { email: string }[], stored: string[]) {
  const counts = new Map<string, number>();
  for (const email of stored) counts.set(email, (counts.get(email) ?? 0) + 1);
  return {
    lost: acknowledged.filter(({ email }) => !counts.has(email)).length,
    doubled: [...counts.values()].filter((n) => n > 1).length,
  };
}
