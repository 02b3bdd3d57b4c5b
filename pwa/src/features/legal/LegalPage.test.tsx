import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../shared/config/site.ts';
import { fixedMediaQueryList } from '../../test/media.ts';
import { renderWithApp } from '../../test/render.tsx';
import LegalPage from './LegalPage.tsx';
import { LEGAL_PAGES, type LegalSlug } from './pages.ts';

/** The section ids of each page: fixed ids for the last three (links point at them), ours for the first three. */
const SECTION_IDS: Record<LegalSlug, string[]> = {
  'privacy-policy': [
    'introduction',
    'information-we-collect',
    'how-we-use-information',
    'ai-companion',
    'sharing-and-third-parties',
    'cookies',
    'international-transfers',
    'data-retention',
    'data-security',
    'your-rights',
    'children',
    'changes',
    'contact',
  ],
  terms: [
    'acceptance',
    'our-services',
    'eligibility-and-accounts',
    'fees-and-payment',
    'cancellations-and-refunds',
    'client-responsibilities',
    'confidentiality',
    'community-guidelines',
    'ai-companion',
    'intellectual-property',
    'acceptable-use',
    'limitation-of-liability',
    'termination',
    'governing-law',
    'changes',
    'contact',
  ],
  'refund-policy': [
    'overview',
    'programs-at-a-glance',
    'cooling-off-period',
    'soul-spark-session',
    'multi-week-programs',
    'group-transformation-circle',
    'retreat-cancellations',
    'rescheduling',
    'if-we-cancel',
    'requesting-a-refund',
    'refund-processing',
    'contact',
  ],
  disclaimer: ['general', 'coaching', 'medical', 'ai-services', 'results', 'liability'],
  'cookie-policy': ['what-are-cookies', 'types-we-use', 'analytics', 'your-choices', 'third-party', 'contact'],
  'ai-disclosure': ['overview', 'capabilities', 'data-processing', 'safety', 'transparency', 'responsibility'],
};

/** The policy facts (fees, windows, contacts), each on the page that must state it. */
const PROGRAM_PRICES = ['₹8,500', '₹35,000', '₹45,000', '₹1,25,000', 'INR 125,000', '₹18,000 per month', '₹55,000'];
const FACTS: Record<LegalSlug, string[]> = {
  'privacy-policy': [
    'We answer privacy requests within 30 days.',
    'counted by our own server without cookies',
    'your browser’s push service',
    'records of visits for 90 days, after which only daily totals remain',
    'a scheduling and booking service',
    'payment processors',
    'a large-language-model provider',
    'We do not keep full conversation histories',
  ],
  terms: [
    ...PROGRAM_PRICES,
    '8 weeks',
    '12 weeks',
    '6 months',
    '3 days',
    '7-14 business days',
    '48-hour cooling-off',
    '24 hours’ notice',
    'within 90 days',
  ],
  'refund-policy': [
    ...PROGRAM_PRICES,
    '(8 weeks)',
    '(12 weeks)',
    '(6 months)',
    '(3 days)',
    'processed within 7-14 business days',
    'For every program with a fee over ₹30,000',
    '48-hour cooling-off period applies to',
    'Sessions are usable within 90 days',
    'by giving at least 24 hours’ notice',
    'If you cancel at least 24 hours before its scheduled start, you receive a full refund.',
  ],
  disclaimer: [
    'medical advice, diagnosis or treatment',
    'psychological or psychiatric advice',
    'legal advice',
    'financial, investment or tax advice',
    'Coaching is not crisis intervention.',
    'call 911',
    'We therefore do not promise or guarantee any particular outcome',
  ],
  'cookie-policy': [
    'always active and cannot be disabled',
    'Session, security, navigation and form data',
    'Theme, language, accessibility and chat context',
    'Marketing cookies are optional.',
    'We respond within 48 hours.',
    'without cookies and without any third-party analytics service',
    'the day’s random value is deleted when the day ends',
    'These records are deleted after 90 days',
    'When your browser sends Global Privacy Control or Do Not Track, it sends us nothing and nothing is counted.',
    'Your browser’s push service',
    'A scheduling and booking service',
    'Payment processors',
    'A large-language-model provider',
  ],
  'ai-disclosure': [
    'The chatbot identifies itself as AI.',
    'We do not keep full conversation histories',
    'A conversation is cached temporarily for session continuity',
    'The companion does not remember earlier conversations between sessions',
    'Your conversations are not used to train general AI models',
    'Content filters',
    'You can ask us at any time to delete any data processed from your conversations',
  ],
};

const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ');

function renderLegal(route: string) {
  return renderWithApp(<LegalPage />, { route, path: '/legal/:slug' });
}

/** The rows of the named table below its heading row. */
const bodyRows = (table: string) =>
  within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .slice(1);

/** Opens the contents list as a phone shows it (jsdom matches no media query). */
async function openContents(user: ReturnType<typeof renderLegal>['user']) {
  const nav = screen.getByRole('navigation', { name: 'Table of contents' });
  await user.click(within(nav).getByRole('button', { name: /Contents/ }));
  return nav;
}

/** Makes `useMediaQuery(up('md'))` true, as on a desktop. */
function emulateWideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fixedMediaQueryList(query, query.includes('min-width')),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe.each(LEGAL_PAGES.map((page) => [page.slug, page.title] as const))('/legal/%s', (slug, title) => {
  it('shows its title, date and browser-tab title', async () => {
    renderLegal(`/legal/${slug}`);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Last Updated: January 4, 2025')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} - ${site.brand}`));
  });

  it('lists every section in its table of contents, each linking to a numbered section heading', async () => {
    const { user } = renderLegal(`/legal/${slug}`);
    const nav = await openContents(user);
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(SECTION_IDS[slug].map((id) => `#${id}`));
    SECTION_IDS[slug].forEach((id, index) => {
      const section = document.getElementById(id);
      expect(section?.tagName).toBe('SECTION');
      const heading = within(section!).getAllByRole('heading', { level: 2 })[0];
      expect(heading).toHaveTextContent(new RegExp(`^${index + 1}\\.`));
      expect(links[index]).toHaveTextContent(heading.textContent!.replace(/^\d+\.\s*/, ''));
    });
  });

  it('keeps its headings in order: one h1, then h2 sections with h3 inside them', () => {
    renderLegal(`/legal/${slug}`);
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.slice(1).forEach((level, index) => expect(level - levels[index]).toBeLessThanOrEqual(1));
  });

  it('states its policy facts and the contact address', () => {
    renderLegal(`/legal/${slug}`);
    const text = normalize(document.body.textContent);
    for (const fact of FACTS[slug]) expect(text).toContain(fact);
    const mail = screen.getAllByRole('link', { name: site.email })[0];
    expect(mail).toHaveAttribute('href', `mailto:${site.email}`);
  });
});

describe('legal pages', () => {
  it('names the cookie policy and AI disclosure tabs exactly', async () => {
    renderLegal('/legal/cookie-policy');
    await waitFor(() => expect(document.title).toBe(`Cookie Policy - ${site.brand}`));
    renderLegal('/legal/ai-disclosure');
    await waitFor(() => expect(document.title).toBe(`AI Chatbot Disclosure - ${site.brand}`));
  });

  it('shows the not-found page for an unknown slug', async () => {
    renderLegal('/legal/xyz');
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Table of contents' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Page Not Found - ${site.brand}`));
  });

  it('gives the four retreat refund tiers with their notice periods', () => {
    renderLegal('/legal/refund-policy');
    const rows = bodyRows('Retreat refund tiers').map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['60 days or more', '90%'],
      ['30 to 59 days', '70%'],
      ['15 to 29 days', '50%'],
      ['7 to 14 days', '25%'],
      ['Fewer than 7 days, or not attending', 'No refund'],
    ]);
  });

  it('lists the programs with their policy fees, the Soul Spark Session at the policy text’s ₹8,500', () => {
    renderLegal('/legal/terms');
    const rows = bodyRows('Standard program fees (Indian rupees)').map((row) => normalize(row.textContent));
    expect(rows).toEqual([
      'Soul Spark SessionOne 90-minute session₹8,500',
      'Inner Peace Method8 weeks₹35,000',
      'Heal to Rise12 weeks₹45,000',
      'Spiritual Mastery Intensive6 months₹1,25,000',
      'Group Transformation CircleMonthly membership₹18,000 per month',
      'Breakthrough Weekend Retreat3 days₹55,000',
    ]);
  });

  it('offers the 48-hour cooling-off period only on programs over ₹30,000', () => {
    renderLegal('/legal/refund-policy');
    const list = within(document.getElementById('cooling-off-period')!).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Inner Peace Method (₹35,000)',
      'Heal to Rise (₹45,000)',
      'Spiritual Mastery Intensive (₹1,25,000)',
      'Breakthrough Weekend Retreat (₹55,000)',
    ]);
  });

  it('links the cookie policy to the privacy policy and the terms', () => {
    renderLegal('/legal/cookie-policy');
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('/legal/privacy-policy');
    expect(hrefs).toContain('/legal/terms');
  });

  it('collapses the contents on a phone and closes them once a section is chosen', async () => {
    const { user } = renderLegal('/legal/disclaimer');
    const nav = screen.getByRole('navigation', { name: 'Table of contents' });
    const toggle = within(nav).getByRole('button', { name: 'Contents (6 sections)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const medical = within(nav).getByRole('link', { name: /Health, Medical and Emergency Situations/ });
    await user.click(medical);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(nav).getByRole('link', { name: /Health, Medical/ })).toHaveAttribute('aria-current', 'location');
  });

  it('shows the contents open beside the text on a wide screen', () => {
    emulateWideScreen();
    renderLegal('/legal/ai-disclosure');
    const nav = screen.getByRole('navigation', { name: 'Table of contents' });
    expect(within(nav).queryByRole('button')).not.toBeInTheDocument();
    expect(within(nav).getByText('On this page')).toBeInTheDocument();
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
    expect(within(nav).getByRole('link', { name: /Overview/ })).toHaveAttribute('aria-current', 'location');
  });

  it('highlights the section being read as the reader scrolls', () => {
    emulateWideScreen();
    let report: IntersectionObserverCallback = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    renderLegal('/legal/cookie-policy');
    const nav = screen.getByRole('navigation', { name: 'Table of contents' });
    const entry = (id: string, isIntersecting: boolean) =>
      ({
        target: document.getElementById(id)!,
        isIntersecting,
      }) as Partial<IntersectionObserverEntry> as IntersectionObserverEntry;

    act(() =>
      report(
        [entry('what-are-cookies', false), entry('analytics', true), entry('your-choices', true)],
        {} as IntersectionObserver,
      ),
    );
    expect(within(nav).getByRole('link', { name: /Analytics/ })).toHaveAttribute('aria-current', 'location');
    expect(within(nav).getByRole('link', { name: /What Are Cookies/ })).not.toHaveAttribute('aria-current');
  });

  it('scrolls to the section named in the address when the page opens', async () => {
    emulateWideScreen();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderLegal('/legal/disclaimer#results');
    const nav = screen.getByRole('navigation', { name: 'Table of contents' });
    expect(within(nav).getByRole('link', { name: /No Guarantee of Results/ })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await waitFor(() => expect(scrolled.mock.contexts).toContain(document.getElementById('results')));
  });
});
