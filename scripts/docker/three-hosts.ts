import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { run, startEngine, type Engine } from './engine.ts';

/** The hosts' network: a bridge on this machine, each host a network namespace on it. */
const BRIDGE = 'coachbr0';
const SUBNET_PREFIX = '10.77.0';
export const HOST_GATEWAY = `${SUBNET_PREFIX}.1`;

export interface Host {
  name: string;
  netns: string;
  /** Its end of the link to the bridge, on this machine. */
  link: string;
  address: string;
  dir: string;
  engine: Engine;
}

const ip = (...args: string[]) => run('ip', args);
const inHost = (netns: string, ...args: string[]) => run('ip', ['netns', 'exec', netns, ...args]);

/**
 * Three Docker hosts on this machine: network namespaces host-1..3 (10.77.0.11-13) joined by a
 * bridge (this machine is 10.77.0.1 on it, where the hosts reach the SMTP and payment stand-ins),
 * each with its own Docker engine, data and exec root, and its own host name.
 */
export async function startThreeHosts(work: string) {
  ip('link', 'add', BRIDGE, 'type', 'bridge');
  ip('addr', 'add', `${HOST_GATEWAY}/24`, 'dev', BRIDGE);
  ip('link', 'set', BRIDGE, 'up');
  // dockerd's FORWARD policy drops what it does not know; traffic between the hosts passes
  // (and nothing from them goes further: this machine does not forward it).
  run('iptables', ['-I', 'FORWARD', '-i', BRIDGE, '-o', BRIDGE, '-j', 'ACCEPT']);
  const hosts: Host[] = [];
  for (const n of [1, 2, 3]) {
    const netns = `coach-host-${n}`;
    const address = `${SUBNET_PREFIX}.1${n}`;
    ip('netns', 'add', netns);
    const link = `coach-veth-${n}`;
    ip('link', 'add', link, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', netns);
    ip('link', 'set', link, 'master', BRIDGE, 'up');
    inHost(netns, 'ip', 'addr', 'add', `${address}/24`, 'dev', 'eth0');
    inHost(netns, 'ip', 'link', 'set', 'eth0', 'up');
    inHost(netns, 'ip', 'link', 'set', 'lo', 'up');
    inHost(netns, 'ip', 'route', 'add', 'default', 'via', HOST_GATEWAY);
    hosts.push({
      name: `host-${n}`,
      netns,
      link,
      address,
      dir: path.join(work, `host-${n}`),
      engine: undefined as unknown as Engine,
    });
  }
  await Promise.all(hosts.map(async (host) => (host.engine = await startHostEngine(host))));
  return hosts;
}

/** A host's engine, in its namespace and under its own host name (the Swarm's node name). */
export function startHostEngine(host: Host) {
  // The DNS server is this machine's address on the bridge, where none answers: a lookup of
  // anything outside the hosts (a registry) fails at once, and nothing leaves them.
  return startEngine(host.dir, { netns: host.netns, name: host.name, nameserver: HOST_GATEWAY });
}

/** A host lost at once: its network gone and its engine killed with every container. */
export function killHost(host: Host) {
  ip('link', 'set', host.link, 'down');
  host.engine.kill();
}

/** The host back: its network up and its engine started on the same data. */
export async function reviveHost(host: Host) {
  ip('link', 'set', host.link, 'up');
  host.engine = await startHostEngine(host);
}

/** Every host's engine stopped, the namespaces and the bridge removed. */
export async function removeThreeHosts(hosts: Host[]) {
  await Promise.all(hosts.map((host) => host.engine?.stop().catch(() => host.engine.kill())));
  for (const n of [1, 2, 3]) spawnSync('ip', ['netns', 'delete', `coach-host-${n}`]);
  spawnSync('ip', ['link', 'delete', BRIDGE]);
  spawnSync('iptables', ['-D', 'FORWARD', '-i', BRIDGE, '-o', BRIDGE, '-j', 'ACCEPT']);
}
