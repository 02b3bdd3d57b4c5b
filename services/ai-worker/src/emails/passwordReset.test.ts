import type { EventJob } from '@coach/contracts';
import { DEFAULT_SITE_IDENTITY } from '@coach/site-rules';
import { describe, expect, it } from 'vitest';
import { emailsFor } from './templates.ts';

const settings = {
  coachEmail: 'coach@example.test',
  siteUrl: 'https://coach.example',
  identity: DEFAULT_SITE_IDENTITY,
};
const token = 'Zk3_abcdefghijklmnopqrstuvwxyz0123456789-AB';
const event: EventJob<'member.password_reset_requested'> = {
  id: 'reset-1',
  name: 'member.password_reset_requested',
  payload: { userId: 7, email: 'seeker@example.com', token },
  occurredAt: new Date().toISOString(),
};

describe('the password reset e-mail', () => {
  it('goes to the account holder with the link, a fixed subject and the site’s frame', () => {
    const [email, ...others] = emailsFor(event, settings);
    expect(others).toEqual([]);
    expect(email).toMatchObject({ kind: 'password-reset', to: 'seeker@example.com', subject: 'Reset your password' });
    const link = `https://coach.example/reset-password?token=${token}`;
    expect(email!.text).toContain(link);
    expect(email!.text).toContain('30 minutes');
    expect(email!.html).toContain(`href="${link}"`);
    expect(email!.html).toContain(DEFAULT_SITE_IDENTITY.brand);
    expect(email!.replyTo).toBeUndefined();
  });
});
