import dailyWisdom from '../../assets/blog/daily-wisdom.svg';
import defaultImage from '../../assets/blog/default.svg';
import healing from '../../assets/blog/healing.svg';
import purpose from '../../assets/blog/purpose.svg';
import spiritualGrowth from '../../assets/blog/spiritual-growth.svg';
import transformation from '../../assets/blog/transformation.svg';

/** The bundled 1200x600 stock image used when a post image fails to load. */
export const DEFAULT_POST_IMAGE = defaultImage;

const CATEGORY_IMAGES: Record<string, string> = {
  healing,
  purpose,
  'spiritual growth': spiritualGrowth,
  'daily wisdom': dailyWisdom,
  transformation,
};

/** The post page's fallback chosen by category; the default image for any other category. */
export const fallbackImageFor = (category: string | undefined): string =>
  CATEGORY_IMAGES[(category ?? '').trim().toLowerCase()] ?? DEFAULT_POST_IMAGE;
