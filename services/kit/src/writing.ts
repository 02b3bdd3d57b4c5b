/** Derived fields of a post's text: its slug, excerpt and reading time (content and ai-worker write posts). */

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
