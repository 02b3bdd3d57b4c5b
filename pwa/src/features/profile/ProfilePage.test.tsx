import type { Milestone, Progress, Purchase } from '@coach/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleMember as member, failWith } from '../../test/http.ts';
import { renderWithApp } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import ProfilePage from './ProfilePage.tsx';

const PROGRESS: Progress = {
  spiritualLevel: 3,
  memberSince: '2025-01-04T10:00:00.000Z',
  totalReflections: 4,
  totalPosts: 25,
  currentStreak: 6,
  longestStreak: 12,
  totalCoachingSessions: 2,
  totalSpent: 8_000_000,
};
const JOURNEY: Milestone[] = [
  {
    id: 'm2',
    milestoneType: 'first_post',
    title: 'First Post in the Sacred Circle',
    description: 'You shared your voice.',
    createdAt: '2025-01-05T10:00:00.000Z',
  },
  {
    id: 'm1',
    milestoneType: 'signup',
    title: 'Joined the Journey',
    description: 'Every journey begins with a step.',
    createdAt: '2025-01-04T10:00:00.000Z',
  },
];
const PURCHASES: Purchase[] = [
  {
    id: 'b1',
    productName: 'Inner Peace Method',
    productType: 'group_program',
    amount: 3_500_000,
    currency: 'INR',
    status: 'completed',
    createdAt: '2025-02-01T10:00:00.000Z',
    sessionDate: null,
    notes: null,
    programId: 'inner-peace-method',
    amountRefunded: 0,
    invoiceNumber: 'INV/2025-26/0001',
    membership: null,
  },
  {
    id: 'b2',
    productName: 'Heal to Rise',
    productType: 'coaching_session',
    amount: 4_500_000,
    currency: 'INR',
    status: 'pending',
    createdAt: '2025-02-10T10:00:00.000Z',
    sessionDate: '2025-02-20T10:00:00.000Z',
    notes: 'First session online',
    programId: 'heal-to-rise',
    amountRefunded: 0,
    invoiceNumber: null,
    membership: null,
  },
];

function profile({ progress = PROGRESS, purchases = PURCHASES }: { progress?: Progress; purchases?: Purchase[] } = {}) {
  server.use(
    http.get('/api/auth/me', () => HttpResponse.json(member)),
    http.get('/api/profile/progress', () => HttpResponse.json(progress)),
    http.get('/api/profile/journey', () => HttpResponse.json(JOURNEY)),
    http.get('/api/profile/purchases', () => HttpResponse.json(purchases)),
  );
}

const render = () => renderWithApp(<ProfilePage />, { route: '/profile' });
const statValue = (label: string) => screen.getByText(label).previousElementSibling;

describe('ProfilePage', () => {
  it('prompts to sign in with its notice when signed out, and reads no profile data', async () => {
    let read = false;
    server.use(http.get('/api/profile/progress', () => ((read = true), HttpResponse.json(PROGRESS))));
    render();
    expect(await screen.findByRole('heading', { name: 'Your Profile Awaits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    const notice = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(notice).toHaveTextContent('Authentication Required');
    expect(notice).toHaveTextContent('Please log in to access your profile');
    expect(read).toBe(false);
  });

  it('shows the name, level title, member-since date, the four stats and the level bar', async () => {
    profile();
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha Rao' })).toBeInTheDocument();
    expect(await screen.findByText('Student')).toBeInTheDocument();
    expect(screen.getByText('Member since January 4, 2025')).toBeInTheDocument();
    expect(statValue('Reflections')).toHaveTextContent('4');
    expect(statValue('Community Posts')).toHaveTextContent('25');
    expect(statValue('Current Streak (days)')).toHaveTextContent('6');
    expect(statValue('Coaching Sessions')).toHaveTextContent('2');
    const level = screen.getByRole('region', { name: 'Spiritual Growth Level' });
    expect(within(level).getByText('Level 3 · Student')).toBeInTheDocument();
    expect(within(level).getByRole('progressbar', { name: 'Progress to the next level' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
  });

  it("shows the member's next booked session, and her package's sessions used, under her Coaching Sessions", async () => {
    profile();
    const startTime = '2030-03-14T10:30:00.000Z';
    server.use(
      http.get('/api/bookings/mine', () =>
        HttpResponse.json({
          memberRef: '7-x',
          counted: 3,
          attended: 2,
          upcoming: 1,
          next: { startTime, eventName: null, joinUrl: null },
          package: { programs: ['Inner Peace Method'], included: 8, used: 3 },
        }),
      ),
    );
    render();
    const expected = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(startTime));
    expect(await screen.findByText(`3 of 8 sessions used · Next: ${expected}`)).toBeInTheDocument();
  });

  it('says "Recently" without a member-since date, and Sage from level 10', async () => {
    profile({ progress: { ...PROGRESS, memberSince: null, spiritualLevel: 12 } });
    render();
    expect(await screen.findByText('Member since Recently')).toBeInTheDocument();
    expect(screen.getByText('Level 12 · Sage')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress to the next level' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
  });

  it('opens on the journey timeline', async () => {
    profile();
    render();
    expect(await screen.findByRole('tab', { name: 'Journey Timeline', selected: true })).toBeInTheDocument();
    const timeline = await screen.findByRole('list', { name: 'Journey timeline' });
    expect(within(timeline).getByText('First Post in the Sacred Circle')).toBeInTheDocument();
    expect(within(timeline).getByText('Joined the Journey')).toBeInTheDocument();
    expect(within(timeline).getByText('January 5, 2025')).toBeInTheDocument();
  });

  it('lists purchases in rupees with readable types, completed in green and others muted', async () => {
    profile();
    const { user } = render();
    await user.click(await screen.findByRole('tab', { name: 'Purchase History' }));
    const list = await screen.findByRole('list', { name: 'Purchase history' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first).getByText('Inner Peace Method')).toBeInTheDocument();
    expect(within(first).getByText('group program')).toBeInTheDocument();
    expect(within(first).getByText('₹35,000')).toBeInTheDocument();
    expect(within(first).getByText('completed').closest('[data-status]')).toHaveAttribute('data-status', 'completed');
    expect(within(second).getByText('coaching session')).toBeInTheDocument();
    expect(within(second).getByText('₹45,000')).toBeInTheDocument();
    expect(within(second).getByText('pending').closest('[data-status]')).toHaveAttribute('data-status', 'other');
    expect(within(second).getByText('First session online')).toBeInTheDocument();
    expect(screen.getByText('₹80,000')).toBeInTheDocument();
  });

  it('points an empty purchase history to /coaching', async () => {
    profile({ purchases: [] });
    const { user } = render();
    await user.click(await screen.findByRole('tab', { name: 'Purchase History' }));
    expect(await screen.findByText('No purchases yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Coaching Programs' })).toHaveAttribute('href', '/coaching');
  });

  it('shows progress towards each achievement and which are unlocked', async () => {
    profile();
    const { user } = render();
    await user.click(await screen.findByRole('tab', { name: 'Achievements' }));
    const list = await screen.findByRole('list', { name: 'Achievements' });
    expect(within(list).getByText('4 / 10 reflections')).toBeInTheDocument();
    expect(within(list).getByText('20 / 20 posts')).toBeInTheDocument();
    expect(within(list).getByText('12 / 30 days')).toBeInTheDocument();
    expect(within(list).getByText('2 / 5 sessions')).toBeInTheDocument();
    expect(within(list).getByRole('progressbar', { name: 'Reflection Master progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(list).getByRole('progressbar', { name: 'Consistency Champion progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(list).getAllByText('Unlocked')).toHaveLength(1);
  });

  it('offers a retry when the progress cannot be read', async () => {
    profile();
    failWith('get', '/api/profile/progress', 503, 'Unavailable', { once: true });
    const { user } = render();
    expect(await screen.findByText('We couldn’t load your progress. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Level 3 · Student')).toBeInTheDocument();
  });
});
