/**
 * The one price list: the program cards, the policies' fees tables and the checkout all read it,
 * and the server charges only from it (a price never comes from the client).
 * Amounts are integers in paise; the currency is INR.
 */
export interface ProgramPrice {
  id: ProgramId;
  name: string;
  /** paise */
  amount: number;
  /** The fee the refund policy and terms quote (paise) where it differs from the price charged. */
  policyAmount?: number;
  /** 'monthly' is a subscription: each paid month is a purchase of its own */
  billing: 'once' | 'monthly';
  /** one-on-one sessions the package includes, counted against the sessions she books */
  sessionsIncluded: number;
  /** length as the refund policy states it */
  length: string;
}

export const PROGRAM_IDS = [
  'soul-spark-session',
  'inner-peace-method',
  'heal-to-rise',
  'spiritual-mastery-intensive',
  'group-transformation-circle',
  'breakthrough-weekend-retreat',
] as const;
export type ProgramId = (typeof PROGRAM_IDS)[number];

const rupees = (whole: number) => whole * 100;

export const PROGRAM_PRICES: Readonly<Record<ProgramId, ProgramPrice>> = {
  'soul-spark-session': {
    id: 'soul-spark-session',
    name: 'Soul Spark Session',
    amount: rupees(1_999),
    // The policy texts quote the session at 8,500, the programs page at 1,999: both stay as given.
    policyAmount: rupees(8_500),
    billing: 'once',
    sessionsIncluded: 1,
    length: 'One 90-minute session',
  },
  'inner-peace-method': {
    id: 'inner-peace-method',
    name: 'Inner Peace Method',
    amount: rupees(35_000),
    billing: 'once',
    sessionsIncluded: 8,
    length: '8 weeks',
  },
  'heal-to-rise': {
    id: 'heal-to-rise',
    name: 'Heal to Rise',
    amount: rupees(45_000),
    billing: 'once',
    sessionsIncluded: 12,
    length: '12 weeks',
  },
  'spiritual-mastery-intensive': {
    id: 'spiritual-mastery-intensive',
    name: 'Spiritual Mastery Intensive',
    amount: rupees(125_000),
    billing: 'once',
    sessionsIncluded: 24,
    length: '6 months',
  },
  'group-transformation-circle': {
    id: 'group-transformation-circle',
    name: 'Group Transformation Circle',
    amount: rupees(18_000),
    billing: 'monthly',
    sessionsIncluded: 0,
    length: 'Monthly membership',
  },
  'breakthrough-weekend-retreat': {
    id: 'breakthrough-weekend-retreat',
    name: 'Breakthrough Weekend Retreat',
    amount: rupees(55_000),
    billing: 'once',
    sessionsIncluded: 0,
    length: '3 days',
  },
};

export const isProgramId = (id: string): id is ProgramId => Object.hasOwn(PROGRAM_PRICES, id);

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** Paise in rupees, Indian notation, paise shown only when there are any: 12500000 -> "₹1,25,000". */
export const formatPaise = (paise: number): string => inr.format(paise / 100).replace(/\.00$/, '');

/** A program's price as shown: "₹18,000", or "₹18,000 per month" with `perMonth`. */
export const priceText = (price: ProgramPrice, { perMonth = false } = {}): string =>
  `${formatPaise(price.amount)}${perMonth && price.billing === 'monthly' ? ' per month' : ''}`;
