import type { MailedPost, NewsletterBatchJob } from '@coach/contracts';
import {
  escapeHtml,
  layout,
  newsletterLinks,
  signature,
  unsubscribeFooter,
  type Email,
  type EmailSettings,
} from '../emails/templates.ts';

export type Recipient = NewsletterBatchJob['recipients'][number];

const postUrl = (settings: EmailSettings, post: MailedPost) => `${settings.siteUrl}/blog/${encodeURIComponent(post.slug)}`;

/** A post as a card: its title, excerpt and a button to read it on the site. */
const postHtml = (settings: EmailSettings, post: MailedPost, heading: boolean) => `
<div style="margin:0 0 28px">
${heading ? `<h2 style="margin:0 0 8px;font-size:19px;color:#3b2f4a">${escapeHtml(post.title)}</h2>` : ''}
<p style="margin:0 0 16px">${escapeHtml(post.excerpt)}</p>
<a href="${escapeHtml(postUrl(settings, post))}" style="display:inline-block;padding:10px 22px;border-radius:999px;background:#5b3f8c;color:#ffffff;text-decoration:none;font-family:Arial,Helvetica,sans-serif;font-size:15px">Read the full reflection</a>
</div>`;

const postText = (settings: EmailSettings, post: MailedPost) =>
  `${post.title}\n\n${post.excerpt}\n\nRead the full reflection: ${postUrl(settings, post)}`;

/**
 * The e-mail of a mailing to one subscriber: a post (its title as the subject) or the weekly
 * digest of several; an HTML part in the site's look and a plain-text part, both with the
 * subscriber's unsubscribe link.
 */
export function newsletterEmail(job: NewsletterBatchJob, recipient: Recipient, settings: EmailSettings): Email {
  const links = newsletterLinks(settings.siteUrl, recipient.unsubscribeToken, job.mailingId);
  const digest = job.kind === 'digest';
  const subject = digest ? `This week's reflections from ${settings.identity.name}` : job.posts[0].title;
  const intro = digest ? 'Here are the reflections I shared on the blog this week.' : 'A new reflection is on the blog.';
  const sign = signature(settings);
  const text = [
    intro,
    ...job.posts.map((post) => postText(settings, post)),
    sign,
    `You receive this e-mail because you subscribed to ${settings.identity.brand}'s newsletter. Unsubscribe: ${links.unsubscribePage}`,
  ].join('\n\n');
  const body = [
    `<p style="margin:0 0 20px">${escapeHtml(intro)}</p>`,
    ...job.posts.map((post) => postHtml(settings, post, digest)),
    `<p style="margin:0">${escapeHtml(sign).replace(/\n/g, '<br>')}</p>`,
  ].join('\n');
  return {
    kind: digest ? 'newsletter-digest' : 'newsletter-post',
    to: recipient.email,
    subject,
    text,
    html: layout(subject, body, settings, unsubscribeFooter(links.unsubscribePage)),
    unsubscribeUrl: links.oneClick,
  };
}
