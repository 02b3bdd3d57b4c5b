import type { BlogPost, BlogPostPage } from '@coach/contracts';
import { isPrivatePage } from '@coach/site-rules';
import { pageTitle, site } from '../config/site.ts';

/** What a page tells search engines and link previews about itself, beyond its title. */
export interface PageMeta {
  description?: string;
  /** The share image: a path on the site or an absolute URL; the site's card when none. */
  image?: string;
  /** 'article' for a post. */
  type?: 'website' | 'article';
  /** schema.org objects describing the page. */
  structuredData?: readonly object[];
  /**
   * The page's own address where its query makes it a page of its own (a filtered or later page of
   * the blog); without it, its path alone. The canonical link and the share tags name it.
   */
  address?: string;
  /** Asks search engines not to index the page (a search's results, a page that was not found). */
  noindex?: boolean;
}

/** The description of a page that gives none. */
export const DEFAULT_DESCRIPTION =
  'Spiritual life coaching: awaken your inner wisdom, heal, and live with purpose. Book a free 30-minute clarity call.';
/** The site's share card (1200x630), for a page without an image of its own. */
export const DEFAULT_SHARE_IMAGE = '/share-card.jpg';
/** Marks the head elements a page writes, so the next page replaces them. */
export const PAGE_HEAD_ATTRIBUTE = 'data-page-head';

/**
 * A cover as a link preview can show it: WhatsApp and Facebook take no SVG, so each bundled SVG
 * cover has a JPEG twin of the same name beside it; for another SVG, undefined (the site's card).
 */
function shareImageFor(imageUrl: string): string | undefined {
  if (!/\.svg($|\?)/i.test(imageUrl)) return imageUrl;
  const cover = /^\/images\/blog\/([a-z0-9-]+)\.svg$/.exec(imageUrl);
  return cover ? `/images/blog/${cover[1]}.jpg` : undefined;
}

/** An address on the site made absolute with the site's public origin; absolute URLs stay as they are. */
export const absoluteUrl = (pathOrUrl: string): string => new URL(pathOrUrl, `${site.siteUrl}/`).href;

/** Text made safe for HTML, in an element or in a quoted attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A path as its canonical address names it: no query, no trailing slash, lower-case as the routes are. */
const canonicalPath = (urlPath: string) => (urlPath.replace(/\/+$/, '') || '/').toLowerCase();

/** The coach and her practice, as schema.org describes them. */
export function coachStructuredData(): object[] {
  const person = `${site.siteUrl}/#coach`;
  return [
    {
      '@type': 'Person',
      '@id': person,
      name: site.name,
      jobTitle: site.tagline,
      url: `${site.siteUrl}/about`,
      email: `mailto:${site.email}`,
      sameAs: [site.instagramUrl, site.youtubeUrl, site.linkedinUrl],
    },
    {
      '@type': 'ProfessionalService',
      '@id': `${site.siteUrl}/#practice`,
      name: site.brand,
      description: DEFAULT_DESCRIPTION,
      url: `${site.siteUrl}/`,
      email: site.email,
      telephone: `+${site.whatsappNumber}`,
      image: absoluteUrl(DEFAULT_SHARE_IMAGE),
      founder: { '@id': person },
      sameAs: [site.instagramUrl, site.youtubeUrl, site.linkedinUrl],
    },
  ];
}

/** A blog post, as schema.org describes it; read offline from the list, it has no metadata of its own. */
export function blogPostingStructuredData(
  post: BlogPost & Partial<Pick<BlogPostPage, 'metaDescription' | 'updatedAt'>>,
): object {
  const url = `${site.siteUrl}/blog/${post.slug}`;
  return {
    '@type': 'BlogPosting',
    '@id': `${url}#post`,
    headline: post.title,
    // A post kept offline from before these fields existed has the excerpt and its publication date.
    description: post.metaDescription || post.excerpt,
    image: absoluteUrl(post.imageUrl || DEFAULT_SHARE_IMAGE),
    datePublished: post.publishedAt,
    dateModified: post.updatedAt || post.publishedAt,
    articleSection: post.category,
    keywords: post.tags.join(', '),
    url,
    mainEntityOfPage: url,
    author: { '@type': 'Person', name: site.name, url: `${site.siteUrl}/about` },
    publisher: { '@type': 'Organization', name: site.brand, url: `${site.siteUrl}/` },
  };
}

/**
 * The head elements of a page: description, canonical link, the RSS feed, Open Graph and Twitter
 * card tags, and its structured data. Account, member and admin pages, and a page whose `meta`
 * says `noindex`, ask not to be indexed and name no canonical address: no search should list them.
 */
export function pageHeadHtml(title: string, urlPath: string, meta: PageMeta = {}): string {
  const fullTitle = pageTitle(title);
  const description = meta.description || DEFAULT_DESCRIPTION;
  const url = absoluteUrl(meta.address ?? canonicalPath(urlPath));
  const noindex = meta.noindex || isPrivatePage(urlPath);
  const image = absoluteUrl((meta.image && shareImageFor(meta.image)) || DEFAULT_SHARE_IMAGE);
  const mark = PAGE_HEAD_ATTRIBUTE;
  const tag = (name: string, attributes: Record<string, string>) =>
    `<${name} ${mark} ${Object.entries(attributes)
      .map(([key, value]) => `${key}="${escapeHtml(value)}"`)
      .join(' ')} />`;
  const property = (key: string, content: string) => tag('meta', { property: key, content });
  const named = (key: string, content: string) => tag('meta', { name: key, content });
  const tags = [
    named('description', description),
    noindex ? named('robots', 'noindex') : tag('link', { rel: 'canonical', href: url }),
    tag('link', {
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `${site.brand} blog`,
      href: absoluteUrl('/rss.xml'),
    }),
    property('og:type', meta.type ?? 'website'),
    property('og:site_name', site.brand),
    property('og:title', fullTitle),
    property('og:description', description),
    property('og:url', url),
    property('og:image', image),
    property('og:locale', 'en_US'),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', fullTitle),
    named('twitter:description', description),
    named('twitter:image', image),
  ];
  if (meta.structuredData?.length) {
    // '<' escaped: no text in the data can end the script element.
    const json = JSON.stringify({ '@context': 'https://schema.org', '@graph': meta.structuredData }).replace(
      /</g,
      '\\u003c',
    );
    tags.push(`<script type="application/ld+json" ${mark}>${json}</script>`);
  }
  return tags.join('');
}

/** Replaces the head elements of the page shown before (or the shell's description) with these. */
export function applyPageHead(html: string): void {
  document.head
    .querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}], meta[name="description"]`)
    .forEach((element) => element.remove());
  document.head.insertAdjacentHTML('beforeend', html);
}
