/** The legal pages, in footer order (spec §2; their content: members-admin-legal §2). */
export const LEGAL_PAGES = [
  { slug: 'privacy-policy', title: 'Privacy Policy' },
  { slug: 'terms', title: 'Terms and Conditions' },
  { slug: 'refund-policy', title: 'Refund & Cancellation Policy' },
  { slug: 'disclaimer', title: 'Disclaimer' },
  { slug: 'cookie-policy', title: 'Cookie Policy' },
  { slug: 'ai-disclosure', title: 'AI Chatbot Disclosure' },
] as const;
export type LegalSlug = (typeof LEGAL_PAGES)[number]['slug'];

/** Every legal page carries this date (members-admin-legal §9). */
export const LEGAL_LAST_UPDATED = 'January 4, 2025';
