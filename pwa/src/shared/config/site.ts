/**
 * The one place that names the coach. `{name}`, `{email}` and `{brand}` of the spec come from here.
 * Every value has a placeholder default and can be overridden at build time with a VITE_* variable.
 */
const env = import.meta.env;

function pick(value: string | undefined, fallback: string): string {
  return value && value.trim() ? value.trim() : fallback;
}

const name = pick(env.VITE_COACH_NAME, 'Meera Anand');
const firstName = name.split(/\s+/)[0] ?? name;
const whatsappNumber = pick(env.VITE_WHATSAPP_NUMBER, '919800000000').replace(/\D/g, '');
const whatsappGreeting = pick(
  env.VITE_WHATSAPP_GREETING,
  `Hello ${firstName}, I found your website and would love to learn more about your coaching.`,
);

export const site = {
  name,
  firstName,
  brand: pick(env.VITE_BRAND, `${name} Coaching`),
  tagline: pick(env.VITE_TAGLINE, 'Spiritual Life Coach'),
  email: pick(env.VITE_CONTACT_EMAIL, 'hello@meera-anand.example'),
  schedulingUrl: pick(env.VITE_SCHEDULING_URL, 'https://calendly.com/meera-anand/clarity-call'),
  whatsappNumber,
  whatsappGreeting,
  instagramUrl: pick(env.VITE_INSTAGRAM_URL, 'https://www.instagram.com/meera.anand.coaching'),
  youtubeUrl: pick(env.VITE_YOUTUBE_URL, 'https://www.youtube.com/@meeraanandcoaching'),
  // The professional-network link is a placeholder until the coach has a profile (spec §2 footer).
  linkedinUrl: pick(env.VITE_LINKEDIN_URL, 'https://www.linkedin.com/'),
} as const;

/** A WhatsApp chat with the coach, prefilled with the greeting. */
export const whatsappChatUrl = (text: string = site.whatsappGreeting): string =>
  `https://wa.me/${site.whatsappNumber}?text=${encodeURIComponent(text)}`;

/** A WhatsApp share sheet (no recipient) with the given text. */
export const whatsappShareUrl = (text: string): string => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** Local-storage key of the whisper widget's off switch: `{name}s-whisper-disabled` (spec §4). */
export const WHISPER_DISABLED_KEY = `${firstName.toLowerCase().replace(/[^a-z0-9]/g, '')}s-whisper-disabled`;

/** Browser-tab title of a page. */
export const pageTitle = (page: string): string => `${page} - ${site.brand}`;
