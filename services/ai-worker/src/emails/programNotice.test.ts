import type { EventJob, PortalNoticeKind } from '@coach/contracts';
import { DEFAULT_SITE_IDENTITY } from '@coach/site-rules';
import { describe, expect, it } from 'vitest';
import { emailsFor } from './templates.ts';

const settings = {
  coachEmail: 'coach@example.test',
  siteUrl: 'https://coach.example',
  identity: DEFAULT_SITE_IDENTITY,
};
const notice = (kind: PortalNoticeKind, excerpt: string | null): EventJob<'portal.client_notice'> => ({
  id: `notice-${kind}`,
  name: 'portal.client_notice',
  payload: {
    kind,
    userId: 12,
    email: 'asha@example.com',
    programId: 'inner-peace-method',
    programTitle: 'Inner Peace Method',
    excerpt,
  },
  occurredAt: new Date().toISOString(),
});

describe("news of a client's program", () => {
  it.each([
    ['welcome', null, 'Welcome to Inner Peace Method'],
    ['intake_reminder', null, 'A few questions before we begin Inner Peace Method'],
    ['note', 'Keep the evening practice.', 'A new note from your coach: Inner Peace Method'],
    ['homework', 'Walk in silence.', 'New homework: Inner Peace Method'],
  ] as const)('%s: one e-mail to her, with the link to her space', (kind, excerpt, subject) => {
    const [email, ...others] = emailsFor(notice(kind, excerpt), settings);
    expect(others).toEqual([]);
    expect(email).toMatchObject({
      kind: 'program-notice',
      to: 'asha@example.com',
      replyTo: 'coach@example.test',
      subject,
    });
    expect(email!.text).toContain('https://coach.example/programs/inner-peace-method');
    expect(email!.html).toContain('href="https://coach.example/programs/inner-peace-method"');
    if (excerpt) expect(email!.text).toContain(`"${excerpt}"`);
  });

  it("quotes the coach's words as text, never as markup", () => {
    const [email] = emailsFor(notice('note', '<img src=x onerror=alert(1)>'), settings);
    expect(email!.html).not.toContain('<img');
    expect(email!.html).toContain('&lt;img');
  });
});
