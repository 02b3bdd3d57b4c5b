import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '../../shared/config/site.ts';
import { renderWithApp } from '../../test/render.tsx';
import AboutPage from '../about/AboutPage.tsx';
import TestimonialsPage from '../testimonials/TestimonialsPage.tsx';
import HomePage from './HomePage.tsx';

describe('home', () => {
  it('has the hero calls, five areas, a quote, the Soul Companion teaser and the closing call', () => {
    renderWithApp(<HomePage />);
    const booking = screen.getAllByRole('link', { name: 'Book Your Free Clarity Call' });
    expect(booking).toHaveLength(2);
    for (const b of booking) {
      expect(b).toHaveAttribute('href', site.bookingUrl);
      expect(b).toHaveAttribute('target', '_blank');
    }
    expect(screen.getByRole('link', { name: 'Ask a Life Question' })).toHaveAttribute('href', '/ask-ai');
    const areas = screen.getByRole('region', { name: 'Areas of Transformation' });
    expect(
      within(areas)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Awakening', 'Healing', 'Abundance', 'Purpose', 'Leadership']);
    expect(screen.getByRole('region', { name: 'A word from the coach' }).querySelector('blockquote')).not.toBeNull();
    expect(screen.getByRole('heading', { name: "Ask Your Heart's Question" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Soul Companion' })).toHaveAttribute('href', '/ask-ai');
    expect(screen.getByRole('link', { name: /^Learn More/ })).toHaveAttribute('href', '/about');
  });
});

describe('about', () => {
  it('tells the journey with a portrait, philosophy cards, credentials and a booking call', () => {
    renderWithApp(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Journey to Awakening' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /portrait of/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'A Path of Transformation' })).toBeInTheDocument();
    const philosophy = screen.getByRole('region', { name: 'My Coaching Philosophy' });
    expect(
      within(philosophy)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Inner Awareness', 'Compassionate Healing', 'Empowered Action']);
    const credentials = screen.getByRole('region', { name: 'Experience & Credentials' });
    for (const v of ['15+', '500+', '100%']) expect(within(credentials).getByText(v)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book Your Free Clarity Call' })).toHaveAttribute('href', site.bookingUrl);
  });
});

describe('testimonials', () => {
  it('has six stories with initial, name, role and five stars; the video placeholder; the stats', () => {
    renderWithApp(<TestimonialsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Client Stories' })).toBeInTheDocument();
    const stories = screen.getAllByRole('figure');
    expect(stories).toHaveLength(6);
    expect(within(stories[0] as HTMLElement).getByText('P')).toBeInTheDocument();
    expect(within(stories[0] as HTMLElement).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.getByText('Video testimonials coming soon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share Your Story' })).toHaveAttribute('href', '/contact');
    for (const v of ['500+', '98%', '15+', '100%']) expect(screen.getByText(v)).toBeInTheDocument();
    expect(screen.getByText('Client satisfaction')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book Your Free Clarity Call' })).toHaveAttribute('href', site.bookingUrl);
  });
});
