// The coach's identity as the site shows it: the gateway writes it into every page, ai-worker
// signs the e-mails with it.

/** Who the site belongs to and how to reach her: the same for the pages, the app and the e-mails. */
export interface SiteIdentity {
  /** The coach's full name. */
  name: string;
  /** The practice's name: page titles, the app's name, the copyright line, the legal pages. */
  brand: string;
  tagline: string;
  /** The contact address shown on the site. */
  email: string;
  /** Country code and number, digits only, as wa.me links take it. */
  whatsappNumber: string;
  /** The external page where a visitor books a call. */
  bookingUrl: string;
  instagramUrl: string;
  youtubeUrl: string;
  linkedinUrl: string;
  /** The site's public origin (`https://coach.example`): absolute links in pages, feeds and e-mails. */
  siteUrl: string;
}
