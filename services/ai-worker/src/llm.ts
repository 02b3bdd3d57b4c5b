import type { WorkerConfig } from './config.ts';

export interface LlmMessage {
  role: 'system' | 'user';
  content: string;
}

/** A language model behind any OpenAI-compatible chat completions endpoint. */
export interface Llm {
  complete(
    messages: LlmMessage[],
    options: { timeoutMs: number; maxTokens: number; temperature: number },
  ): Promise<string>;
}

/** The configured model, or undefined when no OPENAI_API_KEY is set (the offline mode). */
export function createLlm(
  config: Pick<WorkerConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>,
): Llm | undefined {
  if (!config.OPENAI_API_KEY) return undefined;
  // The SDK (some 7 MB of heap once loaded) is loaded only where a model is configured: the
  // offline mode never needs it. Retries are the queue's business (with backoff), not the client's.
  const client = import('openai').then(
    ({ default: OpenAI }) =>
      new OpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, maxRetries: 0 }),
  );
  client.catch(() => {}); // reported by the first completion
  return {
    async complete(messages, { timeoutMs, maxTokens, temperature }) {
      const completion = await (
        await client
      ).chat.completions.create(
        { model: config.OPENAI_MODEL, messages, max_tokens: maxTokens, temperature },
        { timeout: timeoutMs },
      );
      const text = completion.choices[0]?.message?.content?.trim();
      if (!text) throw new Error('The model returned an empty answer');
      return text;
    },
  };
}
