import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postJson,
  startContent,
  startFakeOpenAi,
  startWorker,
  type Content,
  type FakeOpenAi,
  type WorkerProcess,
} from '../testing/harness.ts';

/** The visitor's wait: CHAT_TIMEOUT_MS's default. */
const VISITOR_WAIT_MS = 20_000;

let content: Content;
let llm: FakeOpenAi;
/** Two ai-worker processes, told apart by the model name each asks the provider for. */
const workers = new Map<string, WorkerProcess>();

beforeAll(async () => {
  [content, llm] = await Promise.all([startContent({ chatTimeoutMs: VISITOR_WAIT_MS }), startFakeOpenAi()]);
  const env = (model: string) => ({
    ...content.workerEnv,
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: llm.baseUrl,
    OPENAI_MODEL: model,
  });
  const [a, b] = await Promise.all([startWorker(env('worker-a')), startWorker(env('worker-b'))]);
  workers.set('worker-a', a).set('worker-b', b);
}, 60_000);
afterAll(async () => {
  await Promise.all([...workers.values()].map((worker) => worker.stop()));
  await content?.stop();
  await llm?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a worker killed while it holds a chat', () => {
  it('costs the visitor nothing: the other worker takes the chat over and the answer comes once', async () => {
    // The first worker to ask the model never hears back; any later request is answered.
    llm.answerWith((request) => (llm.requests.length === 1 ? 'hang' : `Dear soul, an answer from ${request.model}.`));
    const started = Date.now();
    const answer = postJson(`${content.url}/api/ai/chat`, { message: 'How do I find inner peace?' }, {
      'x-forwarded-for': '203.0.113.40',
    });

    while (llm.requests.length === 0) await sleep(20);
    const holder = llm.requests[0].model;
    const survivor = holder === 'worker-a' ? 'worker-b' : 'worker-a';
    await workers.get(holder)!.stop('SIGKILL');
    const killedAt = Date.now();

    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.body.response).toBe(`Dear soul, an answer from ${survivor}.`);
    // Taken over within a few seconds, well within the visitor's wait.
    expect(Date.now() - killedAt).toBeLessThan(8000);
    expect(Date.now() - started).toBeLessThan(VISITOR_WAIT_MS);

    // Exactly one more model call (the survivor's), and no third run of the chat afterwards.
    await sleep(2000);
    expect(llm.requests.map((request) => request.model)).toEqual([holder, survivor]);
  }, 40_000);
});
