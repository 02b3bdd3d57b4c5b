import type { LegalSlug } from '../pages.ts';
import { aiDisclosure } from './ai-disclosure.tsx';
import { cookiePolicy } from './cookie-policy.tsx';
import { disclaimer } from './disclaimer.tsx';
import { privacyPolicy } from './privacy-policy.tsx';
import { refundPolicy } from './refund-policy.tsx';
import { terms } from './terms.tsx';
import type { LegalDocument } from './types.ts';

/** The content of each legal page, by its slug. */
export const LEGAL_DOCUMENTS: Record<LegalSlug, LegalDocument> = {
  'privacy-policy': privacyPolicy,
  terms,
  'refund-policy': refundPolicy,
  disclaimer,
  'cookie-policy': cookiePolicy,
  'ai-disclosure': aiDisclosure,
};
