/** Derived fields of a post: its slug, excerpt and reading time, and its cover (content and ai-worker write posts). */

const WORDS_PER_MINUTE = 200;

export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
  return slug || 'post';
}

/** First paragraph of the body, without heading markers, cut at a word near 180 characters. */
export function excerptOf(content: string): string {
  const paragraph = content
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0 && !l.startsWith('#'));
  if (!paragraph) return '';
  if (paragraph.length <= 180) return paragraph;
  return `${paragraph.slice(0, 180).replace(/\s+\S*$/, '')}…`;
}

export function readTimeOf(content: string): number {
  const words = content.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The bundled cover images of the blog's categories, at the addresses the PWA serves them. */
const CATEGORY_IMAGES: Record<string, string> = {
  Healing: '/images/blog/healing.svg',
  Purpose: '/images/blog/purpose.svg',
  'Spiritual Growth': '/images/blog/spiritual-growth.svg',
  'Daily Wisdom': '/images/blog/daily-wisdom.svg',
  Transformation: '/images/blog/transformation.svg',
  Mindfulness: '/images/blog/mindfulness.svg',
  'Life Coaching': '/images/blog/life-coaching.svg',
  'Personal Development': '/images/blog/personal-development.svg',
};

/** The locally served image of a category (the site must work offline: no remote images). */
export function imageForCategory(category: string): string {
  return CATEGORY_IMAGES[category] ?? CATEGORY_IMAGES['Spiritual Growth'];
}
