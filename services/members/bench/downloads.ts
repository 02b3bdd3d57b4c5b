import { DEMO_ADMIN, silentMp3, type Stack } from '@coach/dev-stack';
import { residentMemory } from '../../../bench/memory.ts';

/** Clients downloading one program file at once, its size, and the most the site's memory may grow meanwhile. */
export const DOWNLOAD_CLIENTS = 20;
export const DOWNLOAD_FILE_MB = 20;
export const DOWNLOAD_PSS_GROWTH_TARGET_MB = 40;
const PROGRAM = 'spiritual-mastery-intensive';
const PSS_SAMPLE_MS = 100;

/** A caller of the gateway that keeps the session cookie it is given. */
function browser(base: string) {
  let cookie = '';
  return async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...(init.headers ?? {}), cookie } });
    const set = res.headers.getSetCookie().find((c) => c.includes('coach_session='));
    if (set) cookie = set.split(';')[0]!;
    return res;
  };
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * The coach uploads a 20 MB audio file to a program; 20 clients who bought it download it at once
 * through the gateway, each reading it to the end as a player would (a first round warms up).
 * Figures of the second round: the throughput of all together, and the growth of the site's PSS
 * (every process, summed) at its peak during the downloads over before them: members streams the
 * file from GridFS a chunk at a time and the gateway relays it through one buffer per download,
 * so no process holds it whole or piles up buffers for the collector.
 */
export async function benchDownloads(stack: Stack) {
  const coach = browser(stack.gatewayUrl);
  if (!(await coach('/api/admin/login', json(DEMO_ADMIN))).ok) throw new Error('the coach could not sign in');
  const file = silentMp3((DOWNLOAD_FILE_MB * 1024 * 1024 * 8) / 128_000);
  const form = new FormData();
  form.append('title', 'Bench meditation');
  form.append('file', new Blob([new Uint8Array(file)], { type: 'audio/mpeg' }), 'bench.mp3');
  const upload = await coach(`/api/admin/programs/${PROGRAM}/resources`, { method: 'POST', body: form });
  if (upload.status !== 201) throw new Error(`the upload answered ${upload.status}: ${await upload.text()}`);
  const { id } = (await upload.json()) as { id: string };

  const tag = Date.now().toString(36);
  const clients = await Promise.all(
    Array.from({ length: DOWNLOAD_CLIENTS }, async (_, i) => {
      const client = browser(stack.gatewayUrl);
      const details = {
        name: `Bench Client ${i}`,
        username: `bench${tag}${i}`,
        email: `bench.${tag}.${i}@example.com`,
        password: 'Gentle-Breath-42',
      };
      const signup = await client('/api/auth/signup', json(details));
      if (signup.status !== 201) throw new Error(`a client could not sign up: ${signup.status} ${await signup.text()}`);
      await client('/api/auth/login', json({ email: details.email, password: details.password }));
      const sale = await coach(
        '/api/admin/purchases',
        json({ programId: PROGRAM, name: details.name, email: details.email }),
      );
      if (sale.status !== 201) throw new Error(`a sale answered ${sale.status}`);
      return client;
    }),
  );

  /** Every client reads the whole file at once, as a player would; the bytes each received. */
  const downloadAll = () =>
    Promise.all(
      clients.map(async (client) => {
        const res = await client(`/api/portal/resources/${id}`);
        if (res.status !== 200 || !res.body) throw new Error(`a download answered ${res.status}: ${await res.text()}`);
        let bytes = 0;
        for await (const chunk of res.body) bytes += chunk.length;
        return bytes;
      }),
    );
  // A round to warm up (the sign-ups' password hashes and the receipts just made settle, pools fill), then the measured one.
  await downloadAll();
  const memoryBefore = residentMemory(stack.processes());
  const before = memoryBefore.pssMb;
  let peak = before;
  /** Each process's highest PSS during the downloads, to name the one that grew. */
  const peaks = new Map(memoryBefore.rows.map((r) => [r.process, r['PSS MB']]));
  const sample = () => {
    const memory = residentMemory(stack.processes());
    peak = Math.max(peak, memory.pssMb);
    for (const r of memory.rows) peaks.set(r.process, Math.max(peaks.get(r.process) ?? 0, r['PSS MB']));
  };
  const sampler = setInterval(sample, PSS_SAMPLE_MS);
  const started = performance.now();
  let received: number[];
  try {
    received = await downloadAll();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  sample();
  const complete = received.filter((bytes) => bytes === file.length).length;
  return {
    clients: DOWNLOAD_CLIENTS,
    'file MB': Math.round(file.length / (1024 * 1024)),
    'complete downloads': complete,
    seconds: Math.round(seconds * 10) / 10,
    'MB/s': Math.round((received.reduce((a, b) => a + b, 0) / (1024 * 1024) / seconds) * 10) / 10,
    'PSS before MB': before,
    'PSS peak MB': peak,
    'PSS growth MB': peak - before,
    'grew most': memoryBefore.rows
      .map((r) => ({ process: r.process, growth: peaks.get(r.process)! - r['PSS MB'] }))
      .sort((a, b) => b.growth - a.growth)
      .slice(0, 2)
      .map((r) => `${r.process} +${r.growth} MB`)
      .join(', '),
  };
}
