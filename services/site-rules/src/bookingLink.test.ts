import { describe, expect, it } from 'vitest';
import { bookingLink } from './bookingLink.ts';

const asha = { name: 'Asha Rao', email: 'asha+circle@example.com', memberRef: '12-abcdefghijklmnopqrstuv' };

describe('the booking link', () => {
  it('is the page as configured for a visitor', () => {
    expect(bookingLink('https://calendly.com/meera-anand/clarity-call', undefined)).toBe(
      'https://calendly.com/meera-anand/clarity-call',
    );
  });

  it('carries a member’s name and e-mail, and her reference in utm_content, to Calendly', () => {
    const url = new URL(bookingLink('https://calendly.com/meera-anand/clarity-call?hide_gdpr_banner=1', asha));
    expect(url.pathname).toBe('/meera-anand/clarity-call');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      hide_gdpr_banner: '1',
      name: 'Asha Rao',
      email: 'asha+circle@example.com',
      utm_content: asha.memberRef,
    });
  });

  it('carries her reference as metadata[memberRef] to Cal.com, on its host or the coach’s own', () => {
    for (const base of ['https://cal.com/meera/soul-spark', 'https://book.meera-anand.example/meera/soul-spark']) {
      const url = new URL(bookingLink(base, asha));
      expect(url.searchParams.get('metadata[memberRef]')).toBe(asha.memberRef);
      expect(url.searchParams.get('email')).toBe(asha.email);
      expect(url.searchParams.has('utm_content')).toBe(false);
    }
  });
});
