import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MONGOD_CACHE_ARGS, REPLICA_SET_MEMBER_ARGS, REPO_ROOT, SERVICE_NODE_OPTIONS } from '@coach/dev-stack';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The stack files as Docker's client reads them without an engine: each is checked as Swarm reads
// it (`docker stack config`: interpolated, merged, its schema checked), and docker-compose.yml also
// as compose reads it (YAML first, interpolation after). The Docker suite (scripts/docker) runs them.
interface Service {
  image?: string;
  command?: string[];
  ports?: { target: number; published: number; mode?: string }[];
  volumes?: ({ type: string; source: string } | string)[];
  configs?: { source: string }[];
  secrets?: ({ source: string } | string)[];
  environment?: Record<string, string>;
  depends_on?: unknown;
  healthcheck?: { test: string[] };
  build?: unknown;
  deploy?: {
    endpoint_mode?: string;
    replicas?: number;
    placement?: { constraints?: string[] };
    update_config?: { order?: string; failure_action?: string };
  };
}
interface StackFile {
  services: Record<string, Service>;
  secrets?: Record<string, { file?: string }>;
  configs?: Record<string, { file?: string }>;
}

const REQUIRED = { SITE_DOMAIN: 'coach.example', ADMIN_EMAIL: 'coach@coach.example' };

/** Swarm's reading of the stack the files make, with only the required settings given. */
function stackConfig(...files: string[]): StackFile {
  const out = execFileSync('docker', ['stack', 'config', ...files.flatMap((f) => ['-c', f])], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...REQUIRED },
    encoding: 'utf8',
  });
  return parse(out) as StackFile;
}

const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as StackFile;
const oneHost = stackConfig('docker-compose.yml');
const threeHosts = stackConfig('docker-compose.yml', 'deploy/three-hosts.yml');
const BACK_END = ['content', 'members', 'ai-worker', 'gateway'];
const secretsOf = (service: Service) => (service.secrets ?? []).map((s) => (typeof s === 'string' ? s : s.source));

describe('docker-compose.yml', () => {
  it('publishes the edge proxy alone, on 80 and 443 of its own node (not the routing mesh), pinned to one node', () => {
    const published = Object.entries(oneHost.services).filter(([, service]) => service.ports);
    expect(published.map(([name, service]) => [name, service.ports])).toEqual([
      [
        'proxy',
        [
          { target: 80, published: 80, protocol: 'tcp', mode: 'host' },
          { target: 443, published: 443, protocol: 'tcp', mode: 'host' },
        ],
      ],
    ]);
    expect(oneHost.services.proxy!.deploy).toMatchObject({
      replicas: 1,
      placement: { constraints: ['node.labels.coach-edge == true'] },
    });
  });

  it('replicates the services with rolling updates that start the new task first and wait for its health check', () => {
    for (const name of BACK_END) {
      const service = oneHost.services[name]!;
      expect(service.deploy, name).toMatchObject({
        update_config: { order: 'start-first', failure_action: 'rollback' },
      });
      expect(service.deploy!.replicas, name).toBeGreaterThanOrEqual(1);
      expect(service.healthcheck!.test.join(' '), name).toContain('/health');
    }
  });

  it('gives every secret as a Docker secret file (NAME_FILE), never in the environment', () => {
    const secretNames = [
      'SESSION_PRIVATE_KEY',
      'SESSION_PUBLIC_KEY',
      'ADMIN_PASSWORD',
      'MONGO_PASSWORD',
      'REDIS_PASSWORD',
    ];
    for (const [name, service] of Object.entries(oneHost.services)) {
      const env = service.environment ?? {};
      for (const secret of secretNames) expect(env[secret], `${name} ${secret}`).toBeUndefined();
      for (const [key, file] of Object.entries(env).filter(([key]) => key.endsWith('_FILE'))) {
        const secret = file.replace('/run/secrets/', '');
        // A file a service does not read is not opened (the gateway's MONGO_PASSWORD_FILE).
        if (name === 'gateway' && key === 'MONGO_PASSWORD_FILE') continue;
        expect(secretsOf(service), `${name} ${key}`).toContain(secret);
        expect(oneHost.secrets![secret]!.file).toBe(path.join(REPO_ROOT, 'secrets', secret));
      }
    }
    expect(oneHost.services.members!.environment).toMatchObject({
      SESSION_PRIVATE_KEY_FILE: '/run/secrets/session_private_key',
      ADMIN_PASSWORD_FILE: '/run/secrets/admin_password',
    });
  });

  it('lists each depends_on (Swarm reads only a list), binds no host folder, and builds the edge from deploy/nginx', () => {
    for (const service of Object.values(compose.services))
      if (service.depends_on) expect(Array.isArray(service.depends_on)).toBe(true);
    const bound = Object.values(oneHost.services)
      .flatMap((s) => s.volumes ?? [])
      .filter((v) => typeof v === 'string' || v.type === 'bind');
    expect(bound).toEqual([]);
    // Compose 1.x ignores configs: the proxy's configuration is built into its image instead.
    expect(oneHost.configs).toBeUndefined();
    expect(compose.services.proxy!.build).toEqual({ context: 'deploy/nginx', args: { CERTIFICATE: 'acme' } });
    const withFiles = stackConfig('docker-compose.yml', 'deploy/certificate-files.yml');
    expect(secretsOf(withFiles.services.proxy!)).toEqual(['tls_certificate', 'tls_certificate_key']);
    for (const source of ['acme', 'certificate-files'])
      for (const level of ['main', 'http', 'server'])
        expect(existsSync(path.join(REPO_ROOT, 'deploy/nginx', source, `${level}.conf`)), `${source}/${level}`).toBe(
          true,
        );
  });

  it("reaches services by Swarm's virtual IP unless SWARM_ENDPOINT_MODE says dnsrr (kernels without IPVS)", () => {
    for (const [name, service] of Object.entries(threeHosts.services))
      expect(service.deploy?.endpoint_mode, name).toBe('vip');
    const dnsrr = execFileSync('docker', ['stack', 'config', '-c', 'docker-compose.yml'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...REQUIRED, SWARM_ENDPOINT_MODE: 'dnsrr' },
      encoding: 'utf8',
    });
    for (const service of Object.values((parse(dnsrr) as StackFile).services))
      expect(service.deploy?.endpoint_mode).toBe('dnsrr');
  });

  it("runs each service with the Node options the embedded stack gives it (the image's, or its own)", () => {
    for (const name of BACK_END) {
      const options = threeHosts.services[name]!.environment?.NODE_OPTIONS;
      expect(options, name).toBe(SERVICE_NODE_OPTIONS[name as keyof typeof SERVICE_NODE_OPTIONS]);
    }
  });

  it('runs MongoDB with the cache the bench measures the site with, on one host and on three', () => {
    const members = [oneHost.services.mongo!, ...['mongo', 'mongo-2', 'mongo-3'].map((n) => threeHosts.services[n]!)];
    for (const member of members) expect(member.command!.slice(-2)).toEqual(MONGOD_CACHE_ARGS);
  });

  it('tells the gateway that one proxy stands in front, and refuses to start without a domain', () => {
    expect(compose.services.gateway!.environment!.TRUSTED_PROXIES).toBe('1');
    expect(compose.services.proxy!.environment!.SITE_DOMAIN).toMatch(/^\$\{SITE_DOMAIN:\?.+\}$/);
    // Every other required setting given: which missing one Docker names first is not fixed.
    expect(() =>
      execFileSync('docker', ['stack', 'config', '-c', 'docker-compose.yml'], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, ADMIN_EMAIL: REQUIRED.ADMIN_EMAIL },
        stdio: 'pipe',
      }),
    ).toThrow(/required variable SITE_DOMAIN is missing/);
  });
});

describe('deploy/three-hosts.yml', () => {
  it('makes MongoDB a three-member replica set on three nodes, which every service names with majority writes', () => {
    const members = ['mongo', 'mongo-2', 'mongo-3'].map((name) => threeHosts.services[name]!);
    for (const member of members) expect(member.image === undefined || member.image === 'mongo:8.0').toBe(true);
    expect(members.map((m) => m.deploy!.placement!.constraints)).toEqual(
      [1, 2, 3].map((n) => [`node.labels.coach-mongo == ${n}`]),
    );
    for (const member of members) expect(secretsOf(member)).toContain('mongo_keyfile');
    // The members start and initiate as the failover tests' replica set does.
    for (const member of members) expect(member.command!.join(' ')).toContain(REPLICA_SET_MEMBER_ARGS.join(' '));
    expect(threeHosts.services['mongo-init']!.command!.join(' ')).toContain(
      'settings: { electionTimeoutMillis: 5000, catchUpTimeoutMillis: 2000, heartbeatIntervalMillis: 1000 }',
    );
    for (const name of ['content', 'members', 'ai-worker']) {
      const url = threeHosts.services[name]!.environment!.MONGO_URL!;
      expect(url).toMatch(/^mongodb:\/\/coach@mongo:27017,mongo-2:27017,mongo-3:27017\/coach-[a-z]+\?/);
      expect(new URLSearchParams(url.split('?')[1])).toEqual(
        new URLSearchParams({
          authSource: 'admin',
          replicaSet: 'rs0',
          w: 'majority',
          journal: 'true',
          retryWrites: 'true',
          retryReads: 'true',
        }),
      );
    }
  });

  it('gives Redis a replica and three Sentinels, through which every service that uses Redis reaches it', () => {
    expect(Object.keys(threeHosts.services).filter((name) => name.startsWith('sentinel-'))).toHaveLength(3);
    expect(threeHosts.services['redis-replica']!.deploy!.placement!.constraints).toEqual([
      'node.labels.coach-redis == 2',
    ]);
    for (const name of BACK_END) {
      expect(threeHosts.services[name]!.environment, name).toMatchObject({
        REDIS_SENTINELS: 'sentinel-1:26379,sentinel-2:26379,sentinel-3:26379',
        REDIS_SENTINEL_NAME: 'coach',
      });
    }
  });
});
