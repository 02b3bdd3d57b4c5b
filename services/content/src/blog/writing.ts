/** The post writing helpers live in contracts: ai-worker composes generated posts with them too. */
export { excerptOf, imageForCategory, readTimeOf, slugify, IMAGE_CATEGORIES } from '@coach/contracts';
