import { BLOG_FILTER_CATEGORIES } from '@coach/contracts';
import type { Llm } from '../llm.ts';
import { composePost, parseModelPost, selectorOf, type GeneratedPost } from './compose.ts';
import { TOPICS } from './library.ts';

/** How long the model may take to write a post. */
const POST_MODEL_TIMEOUT_MS = 60_000;

const POST_SYSTEM_PROMPT = [
  "You write the daily blog post of a spiritual life coach, in the coach's voice: warm, compassionate, grounded and practical.",
  'The post is published on the coach\'s website with an "AI Generated" badge.',
  'Answer with one JSON object and nothing else: {"title": string, "category": string, "tags": string[], "content": string}.',
  `category is one of: ${BLOG_FILTER_CATEGORIES.join(', ')}. tags are 3 to 5 short lower-case phrases.`,
  'content is 450 to 700 words of plain text: an opening paragraph, then two or three sections each introduced by a line',
  'starting with "# " (a section heading), one practice the reader can do today introduced by a line starting with "## ",',
  'and a short closing paragraph. Separate paragraphs with blank lines. No lists, no bold, no links and no other markdown.',
  'Do not give medical, psychological, legal or financial advice.',
].join(' ');

/**
 * Today's post for a request: written by the model when one is configured, else composed
 * offline from the curated library. The category and theme follow the request id, as offline.
 */
export async function generatePost(requestId: string, llm: Llm | undefined): Promise<GeneratedPost> {
  if (!llm) return composePost(requestId);
  const n = selectorOf(requestId);
  const topic = TOPICS[n % TOPICS.length];
  const theme = topic.tags[Math.floor(n / TOPICS.length) % topic.tags.length];
  const answer = await llm.complete(
    [
      { role: 'system', content: POST_SYSTEM_PROMPT },
      { role: 'user', content: `Write today's post in the category "${topic.category}", on the theme of ${theme}.` },
    ],
    { timeoutMs: POST_MODEL_TIMEOUT_MS, maxTokens: 1500, temperature: 0.9 },
  );
  return parseModelPost(answer);
}
