import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { site } from '../../shared/config/site.ts';
import { renderWithApp } from '../../test/render.tsx';
import CoachingPage from './CoachingPage.tsx';
import { PROGRAMS } from './programs.ts';

describe('coaching page', () => {
  it('shows six program cards with category, title, description, price and duration', () => {
    renderWithApp(<CoachingPage />);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(6);
    const expected = [
      ['Soul Spark Session', '₹1,999', 'Individual Session', '90 minutes'],
      ['The Inner Peace Method', '₹35,000', '8-Week Program', '8 weeks'],
      ['Heal to Rise', '₹45,000', '12-Week Healing Program', '12 weeks'],
      ['Spiritual Mastery Intensive', '₹1,25,000', '6-Month Mentorship', '6 months'],
      ['Group Transformation Circle', '₹18,000', 'Monthly Group Program', 'Ongoing, monthly'],
      ['Breakthrough Weekend Retreat', '₹55,000', '3-Day Retreat', '3 days and 2 nights'],
    ];
    expected.forEach(([title, price, category, duration], i) => {
      const card = within(cards[i] as HTMLElement);
      expect(card.getByRole('heading', { name: title })).toBeInTheDocument();
      expect(card.getByText(price as string)).toBeInTheDocument();
      expect(card.getByText(category as string)).toBeInTheDocument();
      expect(card.getByText(duration as string)).toBeInTheDocument();
      expect(card.getByRole('button', { name: `Learn more about ${title}` })).toBeInTheDocument();
    });
  });

  it('has the hero booking button, Learn More to /about, and the consultation / guide buttons', () => {
    renderWithApp(<CoachingPage />);
    expect(screen.getAllByRole('link', { name: 'Book Your Free Clarity Call' })[0]).toHaveAttribute(
      'href',
      site.bookingUrl,
    );
    expect(screen.getByRole('link', { name: /^Learn More/ })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Schedule Free Consultation' })).toHaveAttribute('href', site.bookingUrl);
    expect(screen.getByRole('button', { name: 'Download Free Guide' })).toBeInTheDocument();
  });

  it('opens the detail dialog with every section; four key outcomes then "+N more outcomes..."', async () => {
    const { user } = renderWithApp(<CoachingPage />);
    await user.click(screen.getByRole('button', { name: 'Learn more about Spiritual Mastery Intensive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spiritual Mastery Intensive' });
    const d = within(dialog);
    const program = PROGRAMS.find((p) => p.id === 'spiritual-mastery-intensive')!;
    expect(d.getByText('6-Month Mentorship')).toBeInTheDocument();
    expect(d.getByText(program.subtitle)).toBeInTheDocument();
    expect(d.getByText('₹1,25,000')).toBeInTheDocument();
    for (const h of [
      'About This Program',
      'Program Structure',
      'Key Outcomes',
      "What You'll Experience",
      'Perfect For You If...',
      'Exclusive Bonuses',
    ]) {
      expect(d.getByRole('heading', { name: h })).toBeInTheDocument();
    }
    expect(d.getByText('24 one-on-one sessions plus 6 immersion days')).toBeInTheDocument();
    // 8 outcomes: 4 under Key Outcomes, all 8 under What You'll Experience
    expect(d.getByText(`+${program.outcomes.length - 4} more outcomes...`)).toBeInTheDocument();
    expect(d.getAllByText(program.outcomes[0]!)).toHaveLength(2);
    expect(d.getAllByText(program.outcomes[7]!)).toHaveLength(1);
    expect(d.getAllByRole('img', { name: '5 out of 5 stars' })).toHaveLength(3);
    expect(d.getByText(program.cta)).toBeInTheDocument();
    expect(d.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', site.bookingUrl);
  });

  it('shows no bonuses section for a program without bonuses', async () => {
    const { user } = renderWithApp(<CoachingPage />);
    await user.click(screen.getByRole('button', { name: 'Learn more about Heal to Rise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Heal to Rise' });
    expect(within(dialog).queryByRole('heading', { name: 'Exclusive Bonuses' })).not.toBeInTheDocument();
  });

  it('the AI button closes the dialog and goes to /ask-ai with the encoded program prompt', async () => {
    const { user } = renderWithApp(<CoachingPage />, { route: '/coaching' });
    await user.click(screen.getByRole('button', { name: 'Learn more about Soul Spark Session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Soul Spark Session' });
    await user.click(within(dialog).getByRole('button', { name: 'Ask My AI About This Program' }));
    const program = PROGRAMS[0]!;
    expect(screen.getByTestId('location')).toHaveTextContent(`/ask-ai?prompt=${encodeURIComponent(program.aiPrompt)}`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closing the dialog clears the selected program', async () => {
    const { user } = renderWithApp(<CoachingPage />);
    await user.click(screen.getByRole('button', { name: 'Learn more about Heal to Rise' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Learn more about Soul Spark Session' }));
    expect(await screen.findByRole('dialog', { name: 'Soul Spark Session' })).toBeInTheDocument();
  });
});
