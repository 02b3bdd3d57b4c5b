import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The output of a command, or its error with what it printed. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    input: options.input,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${(result.stderr || result.stdout || '').trim().slice(-2000)}`,
    );
  return result.stdout.trim();
}

/** A docker client bound to one engine's socket. */
export function dockerClient(socket: string) {
  // The legacy builder: this machine's client has no buildx, and the engine builds without it.
  const env = { DOCKER_HOST: `unix://${socket}`, DOCKER_BUILDKIT: '0', COMPOSE_DOCKER_CLI_BUILD: '0' };
  return {
    socket,
    env,
    docker: (...args: string[]) => run('docker', args, { env }),
    /** `docker` with standard input (a file piped in). */
    dockerWithInput: (input: string, ...args: string[]) => run('docker', args, { env, input }),
  };
}
export type DockerClient = ReturnType<typeof dockerClient>;

const reachable = (socket: string) =>
  spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
    env: { ...process.env, DOCKER_HOST: `unix://${socket}` },
  }).status === 0;

/** Debian's Docker engine and what the suite needs beside it, installed when missing (as root). */
export function ensureDockerPackages() {
  const missing = [
    ['dockerd', 'docker.io'],
    ['docker-compose', 'docker-compose'],
    ['debootstrap', 'debootstrap'],
    ['ip', 'iproute2'],
    ['iptables-save', 'iptables'],
  ].filter(([binary]) => spawnSync('sh', ['-c', `command -v ${binary}`]).status !== 0);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0)
    throw new Error(`the Docker suite needs ${missing.map(([, p]) => p).join(', ')} (install them, or run as root)`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing.map(([, p]) => p!)], {
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/** A host of the suite's own that an engine runs as: its network namespace, name and DNS server. */
export interface EngineHost {
  netns: string;
  name: string;
  nameserver: string;
}

/**
 * A Docker engine of the suite's own (its data, exec root and socket under `dir`), on this machine
 * or as a host of its own. `stop` ends it and everything it ran.
 */
export async function startEngine(dir: string, host?: EngineHost) {
  mkdirSync(dir, { recursive: true });
  const socket = path.join(dir, 'docker.sock');
  const pidFile = path.join(dir, 'docker.pid');
  const log = path.join(dir, 'dockerd.log');
  const args = [
    '--data-root',
    path.join(dir, 'data'),
    '--exec-root',
    path.join(dir, 'exec'),
    '--pidfile',
    pidFile,
    '-H',
    `unix://${socket}`,
    '--storage-driver',
    'overlay2',
  ];
  const command = host ? asHost(dir, host, args) : ['dockerd', ...args];
  // dockerd logs to stderr: kept in a file for the suite's failure report.
  const logFd = openSync(log, 'w');
  const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', logFd, logFd] });
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  const deadline = Date.now() + 30_000;
  while (!reachable(socket)) {
    if (exited !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `the Docker engine in ${dir} did not start (${exited !== null ? `dockerd exited with ${exited}` : 'no answer in 30 s'}): ${tail(log)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    ...dockerClient(socket),
    pid: child.pid!,
    /** Stops the engine; its containers stop with it. */
    async stop() {
      if (exited !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await gone;
      clearTimeout(timeout);
    },
    /** Kills the engine and every process it started, containers included (a host lost at once). */
    kill() {
      // containerd's shims leave dockerd's tree for init's: they are found by their exec root.
      const shims = spawnSync('pgrep', ['-f', path.join(dir, 'exec')], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean)
        .map(Number);
      for (const pid of [child.pid!, ...shims].flatMap((p) => [p, ...descendants(p)])) killQuietly(pid);
    },
  };
}
export type Engine = Awaited<ReturnType<typeof startEngine>>;

/**
 * dockerd as a host of its own: in its network namespace, with mounts of its own (so what it
 * mounts goes with it), a /sys of that namespace with the machine's cgroups in it, its own host
 * name (a Swarm node's name) and DNS server. Each step execs the next: the process started is
 * dockerd itself.
 */
function asHost(dir: string, host: EngineHost, args: string[]) {
  writeFileSync(path.join(dir, 'resolv.conf'), `nameserver ${host.nameserver}\n`);
  const cgroups = path.join(dir, 'cgroup');
  mkdirSync(cgroups, { recursive: true });
  const setup = [
    `mount --rbind /sys/fs/cgroup ${cgroups}`,
    'mount -t sysfs sysfs /sys',
    `mount --rbind ${cgroups} /sys/fs/cgroup`,
    `mount --bind ${path.join(dir, 'resolv.conf')} /etc/resolv.conf`,
    `hostname ${host.name}`,
    'exec dockerd "$@"',
  ].join(' && ');
  return [
    'nsenter',
    `--net=/run/netns/${host.netns}`,
    'unshare',
    '--mount',
    '--uts',
    'sh',
    '-c',
    setup,
    'dockerd',
    ...args,
  ];
}

const tail = (file: string) =>
  existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(-15).join('\n') : '';

/** Every process below `pid` (containerd, its shims, the containers' processes). */
function descendants(pid: number): number[] {
  const out = spawnSync('sh', ['-c', `ps -eo pid=,ppid=`], { encoding: 'utf8' }).stdout;
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    children.set(parent!, [...(children.get(parent!) ?? []), child!]);
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * What dockerd changes on the host beside its own folders (iptables chains and rules, IP
 * forwarding, its bridges): noted before it starts, put back after it stops.
 */
export function hostNetworkSnapshot() {
  const rules = execFileSync('iptables-save', { encoding: 'utf8' });
  const forwarding = readFileSync('/proc/sys/net/ipv4/ip_forward', 'utf8').trim();
  const links = new Set(linkNames());
  return () => {
    for (const link of linkNames()) if (!links.has(link)) spawnSync('ip', ['link', 'delete', link]);
    spawnSync('iptables-restore', { input: rules });
    writeFileSync('/proc/sys/net/ipv4/ip_forward', forwarding);
  };
}

const linkNames = () =>
  execFileSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.split(':')[1]!.trim().split('@')[0]!);

/** Unmounts whatever an engine killed on this machine left mounted under `dir` (deepest first). */
export function unmountUnder(dir: string) {
  const mounts = readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter((point) => point.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length);
  for (const point of mounts) spawnSync('umount', ['-l', point]);
}
