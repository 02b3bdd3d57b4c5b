import { BLOG_FILTER_CATEGORIES, eventPayloadSchemas } from '@coach/contracts';
import { imageForCategory, slugify } from '@coach/kit';
import { describe, expect, it } from 'vitest';
import { composePost, parseModelPost } from './compose.ts';
import { TOPICS } from './library.ts';

const DAY_MS = 24 * 3600 * 1000;
/** The request ids of `count` scheduled posts on consecutive days. */
const days = (count: number, from = Date.UTC(2025, 0, 1)) =>
  Array.from({ length: count }, (_, i) => `daily-${new Date(from + i * DAY_MS).toISOString().slice(0, 10)}`);
const ids = days(60);

describe('offline daily posts', () => {
  it('are complete blog.post_generated posts, with the headings the blog renderer knows', () => {
    for (const id of ids) {
      const post = composePost(id);
      expect(() => eventPayloadSchemas['blog.post_generated'].parse({ requestId: id, post })).not.toThrow();
      expect(BLOG_FILTER_CATEGORIES).toContain(post.category);
      expect(post.slug).toBe(slugify(post.title));
      expect(post.imageUrl).toBe(imageForCategory(post.category));
      const lines = post.content.split('\n').filter(Boolean);
      expect(lines.filter((l) => l.startsWith('# ')).length).toBe(3);
      expect(lines.filter((l) => l.startsWith('## ')).length).toBe(1);
      expect(lines[0].startsWith('#')).toBe(false);
      expect(post.excerpt).toEqual(lines[0].length <= 180 ? lines[0] : expect.stringMatching(/…$/));
      expect(post.content.split(/\s+/).length).toBeGreaterThan(180);
      expect(post.readTime).toBe(Math.ceil(post.content.split(/\s+/).length / 200));
      expect(post.tags.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('are the same for the same request, so a retry stores the same post', () => {
    expect(composePost('daily-2025-03-01')).toEqual(composePost('daily-2025-03-01'));
    expect(composePost('admin-1234')).toEqual(composePost('admin-1234'));
  });

  it('do not repeat from day to day: categories rotate, titles for 50 days, bodies for 60', () => {
    const posts = ids.map(composePost);
    for (let i = 0; i + 5 <= posts.length; i += 5) {
      expect(new Set(posts.slice(i, i + 5).map((p) => p.category))).toEqual(new Set(BLOG_FILTER_CATEGORIES));
    }
    expect(new Set(posts.slice(0, 50).map((p) => p.title)).size).toBe(50);
    expect(new Set(posts.map((p) => p.content)).size).toBe(60);
    const year = days(365, Date.UTC(2026, 0, 1)).map(composePost);
    expect(new Set(year.map((p) => `${p.title}\n${p.content}`)).size).toBe(365);
  });

  it('vary between admin requests', () => {
    const posts = Array.from({ length: 20 }, (_, i) => composePost(`admin-request-${i}`));
    expect(new Set(posts.map((p) => p.content)).size).toBeGreaterThan(15);
  });

  it('come from a library covering every blog filter category', () => {
    expect(new Set(TOPICS.map((t) => t.category))).toEqual(new Set(BLOG_FILTER_CATEGORIES));
    for (const topic of TOPICS) expect(topic.sections.length).toBeGreaterThanOrEqual(3);
  });
});

describe("the model's posts", () => {
  const content = `An opening paragraph that sets the scene for the reader with warmth and care. ${'More words here. '.repeat(30)}

# A First Section
${'Some reflection. '.repeat(10)}

#### A Practice
${'Do this gently. '.repeat(10)}`;

  it('are read from a JSON answer, even fenced, with deeper headings made sub-headings', () => {
    const answer = `Here it is:\n\`\`\`json\n${JSON.stringify({ title: 'A Gentle Morning', category: 'Healing', tags: ['Rest', 'rest', 'morning'], content })}\n\`\`\``;
    const post = parseModelPost(answer);
    expect(post.title).toBe('A Gentle Morning');
    expect(post.slug).toBe('a-gentle-morning');
    expect(post.tags).toEqual(['rest', 'morning']);
    expect(post.content).toContain('\n## A Practice\n');
    expect(post.imageUrl).toBe('/images/blog/healing.svg');
    expect(post.excerpt.startsWith('An opening paragraph')).toBe(true);
  });

  it('are refused when not a post: no JSON, another category, or no section headings', () => {
    expect(() => parseModelPost('I cannot do that.')).toThrow(/JSON/);
    expect(() =>
      parseModelPost(JSON.stringify({ title: 'A Title', category: 'Cooking', tags: ['x'], content })),
    ).toThrow();
    expect(() =>
      parseModelPost(
        JSON.stringify({ title: 'A Title', category: 'Healing', tags: ['x'], content: content.replace(/^#+ /gm, '') }),
      ),
    ).toThrow(/headings/);
  });
});
