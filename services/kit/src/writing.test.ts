import { describe, expect, it } from 'vitest';
import { excerptOf, imageForCategory, readTimeOf, slugify } from './writing.ts';

describe('post writing helpers', () => {
  it('makes readable ASCII slugs from titles', () => {
    expect(slugify('The Quiet Art of Beginning Again')).toBe('the-quiet-art-of-beginning-again');
    expect(slugify('  Café — Déjà Vu!  ')).toBe('cafe-deja-vu');
    expect(slugify('!!!')).toBe('post');
    expect(slugify('a'.repeat(300)).length).toBeLessThanOrEqual(200);
  });

  it('takes the first paragraph as excerpt, skipping headings, cut at a word', () => {
    expect(excerptOf('# Heading\n\nFirst words here.\nSecond.')).toBe('First words here.');
    const long = excerptOf(`${'word '.repeat(60)}end`);
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThanOrEqual(181);
    expect(excerptOf('')).toBe('');
  });

  it('counts reading time at 200 words a minute, at least one', () => {
    expect(readTimeOf('one two')).toBe(1);
    expect(readTimeOf('w '.repeat(401))).toBe(3);
  });

  it('gives every category a local image and falls back to Spiritual Growth', () => {
    expect(imageForCategory('Healing')).toBe('/images/blog/healing.svg');
    expect(imageForCategory('Unknown')).toBe('/images/blog/spiritual-growth.svg');
  });
});
