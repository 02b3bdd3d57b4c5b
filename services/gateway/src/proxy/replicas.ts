import { isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
/** How often a replica is asked whether it answers, and how long it has to answer. */
const PROBE_EVERY_MS = 500;
const PROBE_TIMEOUT_MS = 1000;
/** Probes in a row without an answer after which a replica counts as lost (its host gone). */
const SILENT_PROBES_FOR_LOST = 3;

/**
 * The replicas of one service (its URL setting, comma-separated), taken in turn as a compose
 * service name spreads connections. With more than one, each is asked for /health twice a second:
 * a replica that refuses connections or does not answer in time is skipped until it answers
 * again, and one that failed a request is skipped at once. When none answers, the slow ones are
 * tried before those that refuse connections (gone for sure); when all refuse, all are tried.
 * A single URL whose host is a name is looked up as often, and each of its addresses is a replica
 * (a Swarm service reached by DNS round robin: a task on a host that is lost stays in DNS for
 * seconds, and is skipped meanwhile). A single address is never probed: there is nothing to choose.
 * A replica silent to three probes in a row is lost: those listening with `onLost` are told, so
 * requests still waiting on it can go elsewhere instead of waiting out their timeout.
 */
export class Replicas {
  private current: readonly string[];
  /** Replicas skipped, and why: `refused` (nothing listens) or `slow` (no answer in time). */
  private readonly down = new Map<string, 'refused' | 'slow'>();
  /** Probes in a row each replica left unanswered. */
  private readonly silentProbes = new Map<string, number>();
  private readonly lostListeners: Array<(target: string) => void> = [];
  private turn = 0;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    targets: readonly string[],
    private readonly lookupAll: (name: string) => Promise<{ address: string; family: number }[]> = (name) =>
      lookup(name, { all: true }),
  ) {
    if (targets.length === 0) throw new Error('a service needs at least one replica');
    this.current = targets;
    const named = targets.length === 1 ? nameOf(targets[0]!) : undefined;
    if (targets.length > 1 || named) {
      this.timer = setInterval(() => void this.probeAll(named && targets[0]), PROBE_EVERY_MS);
      this.timer.unref();
    }
  }

  get targets(): readonly string[] {
    return this.current;
  }

  /** The next replica in turn among those that answer (or among all, when none does). */
  next(): string {
    const up = this.current.filter((target) => !this.down.has(target));
    const slow = this.current.filter((target) => this.down.get(target) === 'slow');
    const choices = up.length > 0 ? up : slow.length > 0 ? slow : this.current;
    this.turn = (this.turn + 1) % choices.length;
    return choices[this.turn % choices.length]!;
  }

  /** A request to this replica found it dead or hung: skip it until a probe finds it back. */
  failed(target: string, code: string | undefined) {
    if (this.current.length > 1 && this.current.includes(target)) this.down.set(target, reasonOf(code));
  }

  /** Calls `listener` with a replica each time it becomes lost. */
  onLost(listener: (target: string) => void) {
    this.lostListeners.push(listener);
  }

  close() {
    clearInterval(this.timer);
  }

  private async probeAll(named?: string) {
    if (named) {
      this.current = await addressesOf(named, this.lookupAll).catch(() => this.current);
      for (const gone of [...this.down.keys()].filter((target) => !this.current.includes(target))) {
        this.down.delete(gone);
        this.silentProbes.delete(gone);
      }
    }
    if (this.current.length < 2) return;
    await Promise.all(
      this.current.map(async (target) => {
        try {
          // Any answer counts: a 503 for a missing database is the same on every replica.
          await fetch(new URL('/health', target), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
          this.down.delete(target);
          this.silentProbes.delete(target);
        } catch (err) {
          const reason = reasonOf((err as { cause?: { code?: string } }).cause?.code);
          this.down.set(target, reason);
          const silent = reason === 'slow' ? (this.silentProbes.get(target) ?? 0) + 1 : 0;
          this.silentProbes.set(target, silent);
          if (silent === SILENT_PROBES_FOR_LOST) for (const listener of this.lostListeners) listener(target);
        }
      }),
    );
  }
}

/** The host name of a URL, when it is a name other than localhost (an address is one replica). */
function nameOf(target: string) {
  const host = new URL(target).hostname;
  return isIP(host.replace(/^\[|\]$/g, '')) || host === 'localhost' ? undefined : host;
}

/** The URL once for each address its name has now, in a steady order. */
async function addressesOf(target: string, lookupAll: Replicas['lookupAll']) {
  const found = await lookupAll(new URL(target).hostname);
  if (found.length === 0) return [target];
  return found
    .map(({ address, family }) => {
      const each = new URL(target);
      each.hostname = family === 6 ? `[${address}]` : address;
      return each.toString().replace(/\/$/, '');
    })
    .sort();
}

const reasonOf = (code: string | undefined) => (code === 'ECONNREFUSED' ? 'refused' : 'slow');
