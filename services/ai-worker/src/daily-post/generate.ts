import { BLOG_FILTER_CATEGORIES } from '@coach/contracts';
import type { Llm } from '../llm.ts';
import { composePost, parseModelPost, seededRandom, type GeneratedPost } from './compose.ts';
import { TOPICS } from './library.ts';

/** How long the model may take to write a post. */
export const POST_MODEL_TIMEOUT_MS = 60_000;

export const POST_SYSTEM_PROMPT = [
  'You write the daily blog post of a spiritual life coach, in the coach\'s voice: warm, compassionate, grounded and practical.',
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
 * offline from the curated library. The category (and the model's theme) follow the request id.
 */
export async function generatePost(requestId: string, llm: Llm | undefined): Promise<GeneratedPost> {
  if (!llm) return composePost(requestId);
  const random = seededRandom(requestId);
  const category = BLOG_FILTER_CATEGORIES[Math.floor(random() * BLOG_FILTER_CATEGORIES.length)];
  const themes = TOPICS.filter((t) => t.category === category).flatMap((t) => t.tags);
  const theme = themes[Math.floor(random() * themes.length)];
  const answer = await llm.complete(
    [
      { role: 'system', content: POST_SYSTEM_PROMPT },
      { role: 'user', content: `Write today's post in the category "${category}", on the theme of ${theme}.` },
    ],
    { timeoutMs: POST_MODEL_TIMEOUT_MS, maxTokens: 1500, temperature: 0.9 },
  );
  return parseModelPost(answer);
}
