import {
  CONTACT_SUBJECTS,
  eventPayloadSchemas,
  FREE_GUIDE,
  PASSWORD_RESET_TTL_MINUTES,
  type EventJob,
  type EventName,
  type EventPayload,
  type SiteIdentity,
} from '@coach/contracts';
import { formatPaise, sessionTimeIn, whatsappChatLink } from '@coach/site-rules';
import { UnrecoverableError } from 'bullmq';

/** One e-mail an event causes. `kind` names it among the event's e-mails (for deduplication). */
export interface Email {
  kind:
    | 'coach-notification'
    | 'sender-acknowledgement'
    | 'newsletter-confirmation'
    | 'guide-confirmation'
    | 'booking-reminder'
    | 'member-welcome'
    | 'purchase-receipt'
    | 'insights-weekly'
    | 'newsletter-post'
    | 'newsletter-digest'
    | 'password-reset'
    | 'program-notice';
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** A subscriber's one-click unsubscribe address (sent as List-Unsubscribe with One-Click). */
  unsubscribeUrl?: string;
  /** Files sent with it (a receipt's PDF), their content base64. */
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
}

/** A file an event names instead of carrying: kept in Redis under `key` (a receipt's PDF, RECEIPT_PDFS). */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  key: string;
}
/** An e-mail as an event makes it: the files it names are read into `attachments` just before it is sent. */
export type EmailDraft = Email & { storedAttachments?: StoredAttachment[] };

export interface EmailSettings {
  /** Where contact messages go. */
  coachEmail: string;
  siteUrl: string;
  /** The coach the e-mails speak for: their signature, links and footer. */
  identity: SiteIdentity;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** A value from a form, safe on one header line. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();
/** Web addresses as links (the site's own e-mails only: a visitor's words stay plain text). */
const linked = (html: string) =>
  html.replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}" style="color:#5b3f8c">${url}</a>`);
const paragraphsHtml = (text: string, links = true) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${(links ? linked : String)(escapeHtml(p)).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/** The HTML frame every e-mail shares: a calm single column that reads well in any client. */
export function layout(title: string, bodyHtml: string, { siteUrl, identity }: EmailSettings, footerHtml = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f7f3ee;font-family:Georgia,'Times New Roman',serif;color:#3b2f4a;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#5b3f8c">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="margin:32px 0 0;font-size:13px;color:#8a7f95">${escapeHtml(identity.brand)} · <a href="${escapeHtml(siteUrl)}" style="color:#5b3f8c">${escapeHtml(siteUrl.replace(/^https?:\/\//, ''))}</a></p>
${footerHtml}</div></body></html>`;
}

/** An e-mail whose plain-text part is `text` and whose HTML part renders the same paragraphs. */
function email(fields: Omit<Email, 'html'>, settings: EmailSettings): Email {
  const body = paragraphsHtml(fields.text, fields.kind !== 'coach-notification');
  return { ...fields, html: layout(fields.subject, body, settings, unsubscribeFooter(fields.unsubscribeUrl)) };
}

/** The unsubscribe line under a subscriber's e-mail. */
export const unsubscribeFooter = (url: string | undefined) =>
  url
    ? `<p style="margin:8px 0 0;font-size:13px;color:#8a7f95">No longer wish to receive these e-mails? <a href="${escapeHtml(url)}" style="color:#5b3f8c">Unsubscribe</a></p>\n`
    : '';

/** Where a subscriber's links lead: the site's confirm and unsubscribe pages, and the one-click endpoint. */
export const newsletterLinks = (siteUrl: string, unsubscribeToken: string, mailingId?: string) => {
  const query = new URLSearchParams({ token: unsubscribeToken, ...(mailingId ? { mailing: mailingId } : {}) });
  return {
    unsubscribePage: `${siteUrl}/newsletter/unsubscribe?${query}`,
    oneClick: `${siteUrl}/api/newsletter/unsubscribe?${query}`,
  };
};

/** How every e-mail to a visitor ends: the coach's own name. */
export const signature = ({ identity }: EmailSettings) => `With warmth,\n${identity.name}`;

/** The free call, with the link that books it. */
const bookingInvitation = ({ identity }: EmailSettings) =>
  `book a free 30-minute clarity call with me: ${identity.bookingUrl}`;

function contactEmails(payload: EventPayload<'contact.received'>, settings: EmailSettings): Email[] {
  const name = oneLine(payload.name);
  const subjectLabel = CONTACT_SUBJECTS[payload.subject as keyof typeof CONTACT_SUBJECTS] ?? 'General Question';
  return [
    email(
      {
        kind: 'coach-notification',
        to: settings.coachEmail,
        replyTo: payload.email,
        subject: `New message from the contact form: ${subjectLabel}`,
        text: [
          'You have a new message from the contact form.',
          `Name: ${name}\nEmail: ${payload.email}\nSubject: ${subjectLabel}`,
          payload.message,
          `Reply to this e-mail to answer ${name} directly. The visitor was promised a reply within 24 hours.`,
        ].join('\n\n'),
      },
      settings,
    ),
    // The acknowledgement repeats nothing the visitor wrote (not even the name): only the subject
    // they chose from the form's fixed list, so no stranger's words go out in the coach's name.
    ...(payload.acknowledge
      ? [
          email(
            {
              kind: 'sender-acknowledgement',
              to: payload.email,
              replyTo: settings.coachEmail,
              subject: 'Thank you for reaching out',
              text: [
                'Hello,',
                `Thank you for reaching out. Your message about "${subjectLabel}" has arrived safely, and I'll get back to you within 24 hours.`,
                `In the meantime, you are welcome to read the latest reflections on the blog (${settings.siteUrl}/blog) or to ${bookingInvitation(settings)}`,
                `Prefer a quick chat? You can also write to me on WhatsApp: ${whatsappChatLink(settings.identity.whatsappNumber)}`,
                'If you did not write to me, simply ignore this e-mail.',
                signature(settings),
              ].join('\n\n'),
            },
            settings,
          ),
        ]
      : []),
  ];
}

/**
 * The reset link for an account holder: no name or other text anyone typed, so nobody can make
 * the site carry their words to an address that is not theirs.
 */
function passwordResetEmail(payload: EventPayload<'member.password_reset_requested'>, settings: EmailSettings): Email {
  const link = `${settings.siteUrl}/reset-password?token=${encodeURIComponent(payload.token)}`;
  const subject = 'Reset your password';
  const intro = `Someone, hopefully you, asked to reset the password of your ${settings.identity.brand} account.`;
  const validity = `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`;
  const ignore = 'If you did not ask for this, simply ignore this e-mail: your password stays as it is.';
  const button = `<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:#5b3f8c;color:#ffffff;text-decoration:none;font-weight:bold">Choose a new password</a></p>`;
  return {
    kind: 'password-reset',
    to: payload.email,
    subject,
    text: [intro, `Choose a new password here: ${link}`, validity, ignore, signature(settings)].join('\n\n'),
    html: layout(
      subject,
      [
        paragraphsHtml(intro),
        button,
        paragraphsHtml(`${validity} If the button does not work, copy this address into your browser:\n${link}`),
        paragraphsHtml(`${ignore}\n\n${signature(settings)}`),
      ].join('\n'),
      settings,
    ),
  };
}

/** The day before a booked session: its time in the member's own zone, and the link to join it. */
function bookingReminderEmail(payload: EventPayload<'booking.reminder_due'>, settings: EmailSettings): Email {
  const when = sessionTimeIn(payload.startTime, payload.timeZone);
  const what = payload.eventName ?? 'coaching session';
  return email(
    {
      kind: 'booking-reminder',
      to: payload.email,
      replyTo: settings.coachEmail,
      subject: 'Your session is tomorrow',
      text: [
        'Hello,',
        `A gentle reminder: our ${what} is on ${when}.`,
        payload.joinUrl
          ? `When it is time, join here: ${payload.joinUrl}`
          : 'The booking confirmation from the booking page says where we meet.',
        'Take a few quiet minutes before we begin, with a glass of water and whatever you would like to explore. If you need to move the session, use the link in your booking confirmation.',
        signature(settings),
      ].join('\n\n'),
    },
    settings,
  );
}

const CONVERSION_LABELS: Record<string, string> = {
  newsletter_subscribed: 'newsletter sign-ups',
  newsletter_confirmed: 'newsletter confirmations',
  guide_taken: 'free guides taken',
  booking_click: 'booking clicks',
  whatsapp_click: 'WhatsApp clicks',
  chat_started: 'chats started',
  purchase_completed: 'purchases',
};
const listed = (rows: Array<{ key: string; count: number }>, none: string) =>
  rows.length ? rows.map((r) => `- ${r.key}: ${r.count}`).join('\n') : none;

/** The coach's week in figures, with the way to turn the e-mail off. */
function weeklyInsightsEmail(payload: EventPayload<'insights.weekly_report'>, settings: EmailSettings): Email {
  const conversions = Object.entries(payload.conversions)
    .filter(([, count]) => count > 0)
    .map(([key, count]) => `- ${CONVERSION_LABELS[key] ?? key}: ${count}`);
  const dashboard = `${settings.siteUrl}/admin/dashboard?section=insights`;
  return email(
    {
      kind: 'insights-weekly',
      to: settings.coachEmail,
      subject: `Your week on the site: ${payload.visitors} visitors, ${payload.views} page views`,
      text: [
        `The seven days to ${payload.weekEnding} (UTC):`,
        `Visitors (unique per day, added up): ${payload.visitors}\nPage views: ${payload.views}`,
        `Posts read most:\n${listed(payload.topPosts, '- none yet')}`,
        `Where visitors came from:\n${listed(payload.sources, '- only direct visits')}`,
        `What they did:\n${conversions.length ? conversions.join('\n') : '- nothing counted this week'}`,
        `All figures, and the switch that turns this e-mail off, are in your dashboard: ${dashboard}`,
      ].join('\n\n'),
    },
    settings,
  );
}

/**
 * News of a program she bought, with the link to her space: the welcome, the one intake reminder,
 * a note the coach shared, new homework. The coach's words are quoted as plain text.
 */
function programNoticeEmail(payload: EventPayload<'portal.client_notice'>, settings: EmailSettings): Email {
  const space = `${settings.siteUrl}/programs/${payload.programId}`;
  const program = payload.programTitle;
  const quoted = payload.excerpt ? `"${payload.excerpt}"` : '';
  const notices = {
    welcome: {
      subject: `Welcome to ${program}`,
      lines: [
        `Welcome to ${program}. I am so glad you are here.`,
        `Your own space for the program is ready: the welcome, a few questions before our first session, your coaching agreement, and the files we will work with. You can keep any of them on your phone for when you are offline.\n${space}`,
        'Sign in with the e-mail address you joined with. If you joined as a visitor, first open the link in your receipt e-mail to add the program to your account.',
      ],
    },
    intake_reminder: {
      subject: `A few questions before we begin ${program}`,
      lines: [
        `A gentle reminder: your intake questions for ${program} are still waiting. They take a few minutes, and they let our first session begin where you are.`,
        `Answer them in your space: ${space}`,
      ],
    },
    note: {
      subject: `A new note from your coach: ${program}`,
      lines: [`I have shared a note with you in your ${program} space:`, quoted, `Read it there: ${space}`],
    },
    homework: {
      subject: `New homework: ${program}`,
      lines: [
        `I have set you some homework in your ${program} space:`,
        quoted,
        `Write your answer there, whenever you are ready: ${space}`,
      ],
    },
  }[payload.kind];
  return email(
    {
      kind: 'program-notice',
      to: payload.email,
      replyTo: settings.coachEmail,
      subject: notices.subject,
      text: ['Hello,', ...notices.lines.filter(Boolean), signature(settings)].join('\n\n'),
    },
    settings,
  );
}

/** The e-mails an event causes, in the order they are sent. */
export function emailsFor(event: EventJob, settings: EmailSettings): EmailDraft[] {
  const name = event.name as EventName;
  switch (name) {
    case 'contact.received':
      return contactEmails(eventPayloadSchemas[name].parse(event.payload), settings);
    case 'newsletter.confirmation_requested': {
      const payload = eventPayloadSchemas[name].parse(event.payload);
      const confirmUrl = `${settings.siteUrl}/newsletter/confirm?${new URLSearchParams({ token: payload.confirmToken })}`;
      const links = newsletterLinks(settings.siteUrl, payload.unsubscribeToken);
      return [
        email(
          {
            kind: 'newsletter-confirmation',
            to: payload.email,
            subject: 'Please confirm your subscription',
            text: [
              'Thank you for subscribing!',
              `Please confirm that you would like to receive weekly insights and inspiration in your inbox by opening this link:\n${confirmUrl}`,
              "Once confirmed, you'll receive reflections on healing, purpose and spiritual growth, simple practices for everyday life, and news of upcoming programs and retreats.",
              'If you did not subscribe, simply ignore this e-mail: without your confirmation you will not hear from us again.',
              signature(settings),
              `Unsubscribe: ${links.unsubscribePage}`,
            ].join('\n\n'),
            unsubscribeUrl: links.oneClick,
          },
          settings,
        ),
      ];
    }
    case 'guide.confirmation_requested': {
      const payload = eventPayloadSchemas[name].parse(event.payload);
      const confirmUrl = `${settings.siteUrl}/guide/confirm?${new URLSearchParams({ token: payload.confirmToken })}`;
      return [
        email(
          {
            kind: 'guide-confirmation',
            to: payload.email,
            subject: `Your free guide: ${FREE_GUIDE.title}`,
            text: [
              'Hello,',
              `Thank you for asking for "${FREE_GUIDE.title}". Please confirm your e-mail address by opening this link, and your guide is ready to download:\n${confirmUrl}`,
              ...(payload.newsletter
                ? [
                    'As you asked, confirming also subscribes you to the weekly newsletter. Every newsletter e-mail has a link to unsubscribe whenever you wish.',
                  ]
                : []),
              'If you did not ask for the guide, simply ignore this e-mail: without your confirmation you will not hear from us.',
              signature(settings),
            ].join('\n\n'),
          },
          settings,
        ),
      ];
    }
    case 'booking.reminder_due':
      return [bookingReminderEmail(eventPayloadSchemas[name].parse(event.payload), settings)];
    case 'member.signed_up': {
      const payload = eventPayloadSchemas[name].parse(event.payload);
      // The name a sign-up typed goes nowhere: anyone may sign up with someone else's address.
      return [
        email(
          {
            kind: 'member-welcome',
            to: payload.email,
            subject: 'Welcome to the Sacred Circle',
            text: [
              'Hello,',
              'Welcome to the Sacred Circle. I am so glad you are here.',
              `Your account opens the community, where members share reflections and support one another (${settings.siteUrl}/community), and your profile, where you can follow your own journey and progress (${settings.siteUrl}/profile).`,
              `A small gift to begin with: my free guide "${FREE_GUIDE.title}", seven simple practices for your mornings and evenings (${settings.siteUrl}${FREE_GUIDE.pdfPath}).`,
              `Whenever you would like personal guidance, you can ${bookingInvitation(settings)}`,
              signature(settings),
            ].join('\n\n'),
          },
          settings,
        ),
      ];
    }
    case 'purchase.completed': {
      const payload = eventPayloadSchemas[name].parse(event.payload);
      const amount = formatPaise(payload.amount);
      const claimUrl = payload.claimToken
        ? `${settings.siteUrl}/profile?${new URLSearchParams({ claim: payload.claimToken })}`
        : null;
      return [
        {
          ...email(
            {
              kind: 'purchase-receipt',
              to: payload.email,
              subject: `Your receipt: ${payload.productName}`,
              text: [
                `Dear ${oneLine(payload.name)},`,
                `Thank you for joining ${payload.productName}. Your payment of ${amount} is received; your receipt ${payload.invoiceNumber} is attached to this e-mail.`,
                claimUrl
                  ? `Your purchase is waiting for you in your own account. Sign up (or sign in) with this e-mail address, then open this link to add it to your profile, where you can follow your sessions and download your receipt again:\n${claimUrl}`
                  : `Your purchases and receipts are always in your profile: ${settings.siteUrl}/profile`,
                `To choose the time of our first session, use my booking page: ${settings.identity.bookingUrl}`,
                signature(settings),
              ].join('\n\n'),
            },
            settings,
          ),
          storedAttachments: [
            {
              filename: `receipt-${payload.invoiceNumber.replace(/\//g, '-')}.pdf`,
              contentType: 'application/pdf',
              key: payload.receiptRef,
            },
          ],
        },
      ];
    }
    case 'member.password_reset_requested':
      return [passwordResetEmail(eventPayloadSchemas[name].parse(event.payload), settings)];
    case 'insights.weekly_report':
      return [weeklyInsightsEmail(eventPayloadSchemas[name].parse(event.payload), settings)];
    case 'portal.client_notice':
      return [programNoticeEmail(eventPayloadSchemas[name].parse(event.payload), settings)];
    default:
      throw new UnrecoverableError(`No e-mail is sent for the event ${String(event.name)}`);
  }
}
