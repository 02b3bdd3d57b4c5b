import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { site } from '../../shared/config/site.ts';
import { Footer } from './Footer.tsx';

describe('footer', () => {
  it('has quick links, legal links, contact, socials, stats and the 2025 copyright', async () => {
    renderWithApp(<Footer />);
    const quick = screen.getByRole('navigation', { name: 'Quick Links' });
    expect(within(quick).getByRole('link', { name: 'Ask AI' })).toHaveAttribute('href', '/ask-ai');
    expect(within(quick).getAllByRole('link')).toHaveLength(7);

    const legal = screen.getByRole('navigation', { name: 'Legal & Policies' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/legal/privacy-policy',
      '/legal/terms',
      '/legal/refund-policy',
      '/legal/disclaimer',
      '/legal/cookie-policy',
      '/legal/ai-disclosure',
    ]);

    expect(screen.getByRole('link', { name: 'Book Free Clarity Call' })).toHaveAttribute('href', site.bookingUrl);
    expect(screen.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    expect(screen.getByRole('link', { name: /Message on WhatsApp/ }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\d+\?text=/,
    );
    expect(screen.getByRole('link', { name: `${site.name} on Instagram` })).toHaveAttribute('href', site.instagramUrl);
    expect(screen.getByRole('link', { name: `${site.name} on YouTube` })).toHaveAttribute('href', site.youtubeUrl);
    expect(screen.getByRole('link', { name: `${site.name} on LinkedIn` })).toHaveAttribute('href', site.linkedinUrl);
    expect(screen.getByRole('region', { name: 'Site statistics' })).toBeInTheDocument();
    expect(screen.getByText(`© 2025 ${site.brand}. All rights reserved.`)).toBeInTheDocument();
    expect(await screen.findByText('Visitors: 43')).toBeInTheDocument();
  });
});
