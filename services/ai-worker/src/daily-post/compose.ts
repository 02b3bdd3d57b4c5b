import { createHash } from 'node:crypto';
import { BLOG_FILTER_CATEGORIES, type EventPayload } from '@coach/contracts';
import { excerptOf, imageForCategory, readTimeOf, slugify } from '@coach/kit';
import { z } from 'zod';
import { PRACTICE_HEADINGS, TOPICS, type Topic } from './library.ts';

export type GeneratedPost = EventPayload<'blog.post_generated'>['post'];

const DAY_MS = 24 * 3600 * 1000;

/**
 * The number that chooses a post's parts, fixed per request (a retry composes the same post):
 * for a scheduled post its day's number, so consecutive days rotate through the topics; for any
 * other request a hash of its id.
 */
export function selectorOf(requestId: string): number {
  const day = /^daily-(\d{4}-\d{2}-\d{2})$/.exec(requestId);
  if (day) return Math.floor(Date.parse(day[1]) / DAY_MS);
  return createHash('sha256').update(requestId).digest().readUInt32LE(0);
}

/** The post fields derived from its text: slug, excerpt, reading time and local image. */
function finishPost(draft: { title: string; category: string; tags: string[]; content: string }): GeneratedPost {
  return {
    title: draft.title,
    slug: slugify(draft.title),
    excerpt: excerptOf(draft.content),
    content: draft.content,
    category: draft.category,
    tags: draft.tags,
    imageUrl: imageForCategory(draft.category),
    readTime: readTimeOf(draft.content),
    isPublished: true,
  };
}

/**
 * A post composed offline from the curated library: a topic, then one of its titles, openings,
 * two of its sections, a practice and a closing. Each time a topic comes back (every
 * TOPICS.length days) it has another title and another body, and a whole post repeats only
 * after years. '# ' lines are the renderer's section headings and '## ' lines its sub-headings.
 */
export function composePost(requestId: string): GeneratedPost {
  const n = selectorOf(requestId);
  const topic: Topic = TOPICS[n % TOPICS.length];
  let round = Math.floor(n / TOPICS.length);
  const title = topic.titles[round % topic.titles.length];
  // The body's parts are the digits of `round` in mixed radix: the first changes every round.
  const next = <T>(items: readonly T[]): T => {
    const item = items[round % items.length];
    round = Math.floor(round / items.length);
    return item;
  };
  const intro = next(topic.intros);
  const skipped = next(topic.sections);
  const practice = next(topic.practices);
  const closing = next(topic.closings);
  const practiceHeading = next(PRACTICE_HEADINGS);
  const sections = topic.sections.filter((s) => s !== skipped);
  const content = [
    intro,
    ...sections.flatMap((s) => [`# ${s.heading}`, s.body]),
    `# ${practiceHeading}`,
    `## ${practice.heading}`,
    practice.body,
    closing,
  ].join('\n\n');
  return finishPost({ title, category: topic.category, tags: topic.tags, content });
}

/** What the model must return for a post. */
const modelPostSchema = z.object({
  title: z.string().trim().min(5).max(120),
  category: z.enum(BLOG_FILTER_CATEGORIES),
  tags: z.array(z.string().trim().toLowerCase().min(1).max(50)).min(1).max(8),
  content: z
    .string()
    .trim()
    .min(400)
    .max(20_000)
    .refine((c) => /^# \S/m.test(c), "The content needs '# ' section headings"),
});

/** Reads the model's answer: one JSON object, possibly wrapped in a code fence or prose. */
export function parseModelPost(answer: string): GeneratedPost {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('The model did not answer with a JSON object');
  const draft = modelPostSchema.parse(JSON.parse(answer.slice(start, end + 1)));
  // Deeper headings than the renderer knows become its sub-headings.
  const content = draft.content.replace(/^#{3,} /gm, '## ');
  return finishPost({ ...draft, content, tags: [...new Set(draft.tags)] });
}
