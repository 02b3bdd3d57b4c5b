/** How often a replica is asked whether it answers, and how long it has to answer. */
const PROBE_EVERY_MS = 500;
const PROBE_TIMEOUT_MS = 1000;

/**
 * The replicas of one service (its URL setting, comma-separated), taken in turn as a compose
 * service name spreads connections. With more than one, each is asked for /health twice a second:
 * a replica that refuses connections or does not answer in time is skipped until it answers
 * again, and one that failed a request is skipped at once. When none answers, the slow ones are
 * tried before those that refuse connections (gone for sure); when all refuse, all are tried.
 * A single replica is never probed: there is nothing to choose.
 */
export class Replicas {
  readonly targets: readonly string[];
  /** Replicas skipped, and why: `refused` (nothing listens) or `slow` (no answer in time). */
  private readonly down = new Map<string, 'refused' | 'slow'>();
  private turn = 0;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(targets: readonly string[]) {
    if (targets.length === 0) throw new Error('a service needs at least one replica');
    this.targets = targets;
    if (targets.length > 1) {
      this.timer = setInterval(() => void this.probeAll(), PROBE_EVERY_MS);
      this.timer.unref();
    }
  }

  /** The next replica in turn among those that answer (or among all, when none does). */
  next(): string {
    const up = this.targets.filter((target) => !this.down.has(target));
    const slow = this.targets.filter((target) => this.down.get(target) === 'slow');
    const choices = up.length > 0 ? up : slow.length > 0 ? slow : this.targets;
    this.turn = (this.turn + 1) % choices.length;
    return choices[this.turn % choices.length]!;
  }

  /** A request to this replica found it dead or hung: skip it until a probe finds it back. */
  failed(target: string, code: string | undefined) {
    if (this.targets.length > 1 && this.targets.includes(target)) this.down.set(target, reasonOf(code));
  }

  close() {
    clearInterval(this.timer);
  }

  private async probeAll() {
    await Promise.all(
      this.targets.map(async (target) => {
        try {
          // Any answer counts: a 503 for a missing database is the same on every replica.
          await fetch(new URL('/health', target), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
          this.down.delete(target);
        } catch (err) {
          this.down.set(target, reasonOf((err as { cause?: { code?: string } }).cause?.code));
        }
      }),
    );
  }
}

const reasonOf = (code: string | undefined) => (code === 'ECONNREFUSED' ? 'refused' : 'slow');
