// The coach's identity as the pages, the app and the e-mails show it: the placeholder coach, the
// names and links made from an identity, and the element that carries it into a page. The
// services read it from their environment with kit's schema (site-identity-env.ts).
import type { SiteIdentity } from '@coach/contracts';

const DEFAULT_NAME = 'Meera Anand';

/** The brand of a coach who names none. */
export const defaultBrand = (name: string): string => `${name} Coaching`;

/** The placeholder identity: what a site without its own configuration shows. */
export const DEFAULT_SITE_IDENTITY: Readonly<SiteIdentity> = {
  name: DEFAULT_NAME,
  brand: defaultBrand(DEFAULT_NAME),
  tagline: 'Spiritual Life Coach',
  email: 'hello@meera-anand.example',
  whatsappNumber: '919800000000',
  bookingUrl: 'https://calendly.com/meera-anand/clarity-call',
  instagramUrl: 'https://www.instagram.com/meera.anand.coaching',
  youtubeUrl: 'https://www.youtube.com/@meeraanandcoaching',
  // A placeholder until the coach has a profile on the professional network.
  linkedinUrl: 'https://www.linkedin.com/',
  siteUrl: 'http://localhost:8080',
};

/** The name a coach goes by in a greeting: her first name. */
export const firstNameOf = (name: string): string => name.split(/\s+/)[0] || name;

/** A WhatsApp chat with the number, with the message typed in already if one is given. */
export const whatsappChatLink = (whatsappNumber: string, text?: string): string =>
  `https://wa.me/${whatsappNumber}${text === undefined ? '' : `?text=${encodeURIComponent(text)}`}`;

/** The installed app's names: the brand, and a short one that fits under an icon. */
export const appNames = (identity: Pick<SiteIdentity, 'name' | 'brand'>): { name: string; short_name: string } => ({
  name: identity.brand,
  short_name: identity.name.length <= 12 ? identity.name : firstNameOf(identity.name),
});

/** The id of the page's `<script type="application/json">` that carries the identity. */
export const SITE_IDENTITY_ID = 'site-identity';

/**
 * Where a render outside a browser (the gateway's render bundle) finds the identity, which a
 * browser reads from the page: the gateway sets it before it loads the bundle.
 */
export const SERVER_SITE_IDENTITY = Symbol.for('coach.siteIdentity');

/**
 * A `<script type="application/json">` element carrying the value: browsers do not run it (the
 * CSP allows only the site's script files), and no `</script>` or `<!--` in the value can end it.
 */
export const jsonScriptElement = (id: string, value: unknown): string =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** The identity's element, its fields always in one order: the same identity gives the same text. */
export const siteIdentityElement = (identity: SiteIdentity): string =>
  jsonScriptElement(
    SITE_IDENTITY_ID,
    Object.fromEntries(Object.keys(DEFAULT_SITE_IDENTITY).map((key) => [key, identity[key as keyof SiteIdentity]])),
  );
