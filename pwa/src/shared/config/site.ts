import type { SiteIdentity } from '@coach/contracts';
import {
  DEFAULT_SITE_IDENTITY,
  SERVER_SITE_IDENTITY,
  SITE_IDENTITY_ID,
  firstNameOf,
  whatsappChatLink,
} from '@coach/site-rules';

/**
 * The coach's identity, read once at start-up: in a browser from the page, where the gateway
 * writes it from its environment (COACH_* variables); in the gateway's render bundle from what the
 * gateway set before loading it. So the HTML and the app that hydrates it name the same coach, and
 * a new identity needs a restart, not a build. Without one (`vite dev`, unit tests, the build's
 * prerender) the placeholder identity.
 */
function readIdentity(): SiteIdentity {
  const server = (globalThis as { [SERVER_SITE_IDENTITY]?: SiteIdentity })[SERVER_SITE_IDENTITY];
  if (server) return server;
  const json = globalThis.document?.getElementById(SITE_IDENTITY_ID)?.textContent;
  if (!json) return DEFAULT_SITE_IDENTITY;
  try {
    return { ...DEFAULT_SITE_IDENTITY, ...(JSON.parse(json) as Partial<SiteIdentity>) };
  } catch {
    return DEFAULT_SITE_IDENTITY;
  }
}

/** The identity the app runs with, as read at start-up. */
export const siteIdentity: Readonly<SiteIdentity> = readIdentity();

const firstName = firstNameOf(siteIdentity.name);

/** The one place the app takes the coach's name, brand and contact points from. */
export const site = {
  ...siteIdentity,
  firstName,
  whatsappGreeting: `Hello ${firstName}, I found your website and would love to learn more about your coaching.`,
} as const;

/** A WhatsApp chat with the coach, prefilled with the greeting. */
export const whatsappChatUrl = (text: string = site.whatsappGreeting): string =>
  whatsappChatLink(site.whatsappNumber, text);

/** A WhatsApp share sheet (no recipient) with the given text. */
export const whatsappShareUrl = (text: string): string => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** Local-storage key of the whisper widget's off switch: `{name}s-whisper-disabled`. */
export const WHISPER_DISABLED_KEY = `${firstName.toLowerCase().replace(/[^a-z0-9]/g, '')}s-whisper-disabled`;

/** Session-storage key set when a visitor closes a whisper: no more whispers for the rest of the visit. */
export const WHISPERS_CLOSED_KEY = WHISPER_DISABLED_KEY.replace(/disabled$/, 'closed');

/** Browser-tab title of a page. */
export const pageTitle = (page: string): string => `${page} - ${site.brand}`;
