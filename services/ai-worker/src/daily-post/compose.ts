import { createHash } from 'node:crypto';
import {
  BLOG_FILTER_CATEGORIES,
  excerptOf,
  imageForCategory,
  readTimeOf,
  slugify,
  type EventPayload,
} from '@coach/contracts';
import { z } from 'zod';
import { PRACTICE_HEADINGS, TOPICS, type Topic } from './library.ts';

export type GeneratedPost = EventPayload<'blog.post_generated'>['post'];

/** A deterministic random source seeded by a text: the same request composes the same post. */
export function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)];

/** The post fields derived from its text: slug, excerpt, reading time and local image. */
export function finishPost(draft: { title: string; category: string; tags: string[]; content: string }): GeneratedPost {
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
 * two of its sections, a practice and a closing, all chosen by the request id. '# ' lines are
 * the renderer's section headings and '## ' lines its sub-headings.
 */
export function composePost(requestId: string): GeneratedPost {
  const random = seededRandom(requestId);
  const topic: Topic = pick(TOPICS, random);
  const skipped = Math.floor(random() * topic.sections.length);
  const sections = topic.sections.filter((_, i) => i !== skipped).slice(0, 2);
  const practice = pick(topic.practices, random);
  const content = [
    pick(topic.intros, random),
    ...sections.flatMap((s) => [`# ${s.heading}`, s.body]),
    `# ${pick(PRACTICE_HEADINGS, random)}`,
    `## ${practice.heading}`,
    practice.body,
    pick(topic.closings, random),
  ].join('\n\n');
  return finishPost({ title: pick(topic.titles, random), category: topic.category, tags: topic.tags, content });
}

/** What the model must return for a post. */
export const modelPostSchema = z.object({
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
