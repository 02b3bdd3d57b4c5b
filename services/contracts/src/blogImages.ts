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
export const IMAGE_CATEGORIES = Object.keys(CATEGORY_IMAGES);

/**
 * A cover as a link preview can show it: WhatsApp and Facebook take no SVG, so each bundled SVG
 * cover has a JPEG twin of the same name beside it; for another SVG, undefined (the site's card).
 */
export function shareImageFor(imageUrl: string): string | undefined {
  if (!/\.svg($|\?)/i.test(imageUrl)) return imageUrl;
  const cover = /^\/images\/blog\/([a-z0-9-]+)\.svg$/.exec(imageUrl);
  return cover ? `/images/blog/${cover[1]}.jpg` : undefined;
}
