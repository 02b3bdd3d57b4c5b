import {
  CONTACT_SUBJECTS,
  eventPayloadSchemas,
  whatsappChatLink,
  type EventJob,
  type EventName,
  type EventPayload,
  type SiteIdentity,
} from '@coach/contracts';
import { UnrecoverableError } from 'bullmq';

/** One e-mail an event causes. `kind` names it among the event's e-mails (for deduplication). */
export interface Email {
  kind: 'coach-notification' | 'sender-acknowledgement' | 'newsletter-welcome' | 'member-welcome';
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

export interface EmailSettings {
  /** Where contact messages go. */
  coachEmail: string;
  siteUrl: string;
  /** The coach the e-mails speak for: their signature, links and footer. */
  identity: SiteIdentity;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** A value from a form, safe on one header line. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();
const paragraphsHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** The HTML frame every e-mail shares: a calm single column that reads well in any client. */
function layout(title: string, bodyHtml: string, { siteUrl, identity }: EmailSettings): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f7f3ee;font-family:Georgia,'Times New Roman',serif;color:#3b2f4a;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#5b3f8c">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="margin:32px 0 0;font-size:13px;color:#8a7f95">${escapeHtml(identity.brand)} · <a href="${escapeHtml(siteUrl)}" style="color:#5b3f8c">${escapeHtml(siteUrl.replace(/^https?:\/\//, ''))}</a></p>
</div></body></html>`;
}

/** An e-mail whose plain-text part is `text` and whose HTML part renders the same paragraphs. */
function email(fields: Omit<Email, 'html'>, settings: EmailSettings): Email {
  return { ...fields, html: layout(fields.subject, paragraphsHtml(fields.text), settings) };
}

/** How every e-mail to a visitor ends: the coach's own name. */
const signature = ({ identity }: EmailSettings) => `With warmth,\n${identity.name}`;

/** The free call, with the link that books it. */
const bookingInvitation = ({ identity }: EmailSettings) =>
  `book a free 30-minute clarity call with me: ${identity.bookingUrl}`;

function contactEmails(payload: EventPayload<'contact.received'>, settings: EmailSettings): Email[] {
  const name = oneLine(payload.name);
  const subjectLabel = CONTACT_SUBJECTS[payload.subject as keyof typeof CONTACT_SUBJECTS] ?? oneLine(payload.subject);
  return [
    email(
      {
        kind: 'coach-notification',
        to: settings.coachEmail,
        replyTo: payload.email,
        subject: `New message from ${name}: ${subjectLabel}`,
        text: [
          'You have a new message from the contact form.',
          `Name: ${name}\nEmail: ${payload.email}\nSubject: ${subjectLabel}`,
          payload.message,
          `Reply to this e-mail to answer ${name} directly. The visitor was promised a reply within 24 hours.`,
        ].join('\n\n'),
      },
      settings,
    ),
    email(
      {
        kind: 'sender-acknowledgement',
        to: payload.email,
        replyTo: settings.coachEmail,
        subject: 'Thank you for reaching out',
        text: [
          `Dear ${name},`,
          `Thank you for reaching out. Your message about "${subjectLabel}" has arrived safely, and I'll get back to you within 24 hours.`,
          `In the meantime, you are welcome to read the latest reflections on the blog (${settings.siteUrl}/blog) or to ${bookingInvitation(settings)}`,
          `Prefer a quick chat? You can also write to me on WhatsApp: ${whatsappChatLink(settings.identity.whatsappNumber)}`,
          `For your records, this is the message you sent:\n\n${payload.message}`,
          signature(settings),
        ].join('\n\n'),
      },
      settings,
    ),
  ];
}

/** The e-mails an event causes, in the order they are sent. */
export function emailsFor(event: EventJob, settings: EmailSettings): Email[] {
  const name = event.name as EventName;
  switch (name) {
    case 'contact.received':
      return contactEmails(eventPayloadSchemas[name].parse(event.payload), settings);
    case 'newsletter.subscribed': {
      const { email: to } = eventPayloadSchemas[name].parse(event.payload);
      return [
        email(
          {
            kind: 'newsletter-welcome',
            to,
            subject: 'Welcome: your weekly inspiration is on its way',
            text: [
              'Thank you for subscribing!',
              "You'll receive weekly insights and inspiration in your inbox: reflections on healing, purpose and spiritual growth, simple practices for everyday life, and news of upcoming programs and retreats.",
              `While you wait for the first one, the blog holds many reflections to begin with: ${settings.siteUrl}/blog`,
              'If you did not subscribe, simply ignore this e-mail and you will not hear from us again.',
              signature(settings),
            ].join('\n\n'),
          },
          settings,
        ),
      ];
    }
    case 'member.signed_up': {
      const payload = eventPayloadSchemas[name].parse(event.payload);
      const memberName = oneLine(payload.name);
      return [
        email(
          {
            kind: 'member-welcome',
            to: payload.email,
            subject: `Welcome to the Sacred Circle, ${memberName}`,
            text: [
              `Dear ${memberName},`,
              'Welcome to the Sacred Circle. I am so glad you are here.',
              `Your account opens the community, where members share reflections and support one another (${settings.siteUrl}/community), and your profile, where you can follow your own journey and progress (${settings.siteUrl}/profile).`,
              `Whenever you would like personal guidance, you can ${bookingInvitation(settings)}`,
              signature(settings),
            ].join('\n\n'),
          },
          settings,
        ),
      ];
    }
    default:
      throw new UnrecoverableError(`No e-mail is sent for the event ${String(event.name)}`);
  }
}
