import { LEGAL_SLUGS, type LegalSlug } from '@coach/site-rules';

export type { LegalSlug };

const TITLES: Record<LegalSlug, string> = {
  'privacy-policy': 'Privacy Policy',
  terms: 'Terms and Conditions',
  'refund-policy': 'Refund & Cancellation Policy',
  disclaimer: 'Disclaimer',
  'cookie-policy': 'Cookie Policy',
  'ai-disclosure': 'AI Chatbot Disclosure',
};

/** The legal pages, in footer order. */
export const LEGAL_PAGES = LEGAL_SLUGS.map((slug) => ({ slug, title: TITLES[slug] }));

/** Every legal page carries this last-updated date. */
export const LEGAL_LAST_UPDATED = 'January 4, 2025';
