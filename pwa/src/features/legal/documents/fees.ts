/**
 * The programs as the policy texts quote them. The Soul Spark Session is
 * quoted at its standard fee of 8,500 here while the program card shows an introductory ₹1,999;
 * both readings are kept, and the terms explain that the price confirmed at booking applies.
 */
export interface PolicyProgram {
  name: string;
  /** length as a client books it */
  length: string;
  /** whole rupees */
  fee: number;
  /** a recurring fee is charged per month */
  monthly?: boolean;
}

export const PROGRAM_FEES = {
  soulSpark: { name: 'Soul Spark Session', length: 'One 90-minute session', fee: 8_500 },
  innerPeace: { name: 'Inner Peace Method', length: '8 weeks', fee: 35_000 },
  healToRise: { name: 'Heal to Rise', length: '12 weeks', fee: 45_000 },
  mastery: { name: 'Spiritual Mastery Intensive', length: '6 months', fee: 125_000 },
  circle: { name: 'Group Transformation Circle', length: 'Monthly membership', fee: 18_000, monthly: true },
  retreat: { name: 'Breakthrough Weekend Retreat', length: '3 days', fee: 55_000 },
} as const satisfies Record<string, PolicyProgram>;

/** The six programs in the order the policies list them. */
export const PROGRAM_FEE_LIST: readonly PolicyProgram[] = Object.values(PROGRAM_FEES);

/** Programs above this fee (in rupees) carry the 48-hour cooling-off period. */
export const COOLING_OFF_THRESHOLD = 30_000;

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Whole rupees in the Indian format: 125000 -> "₹1,25,000". */
export const formatInr = (rupees: number): string => inr.format(rupees);

/** A program's fee as the policies state it: "₹18,000 per month". */
export const feeText = (program: PolicyProgram): string =>
  `${formatInr(program.fee)}${program.monthly ? ' per month' : ''}`;
