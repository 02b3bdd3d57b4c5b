import {
  COOLING_OFF_THRESHOLD as COOLING_OFF_PAISE,
  formatPaise,
  PROGRAM_PRICES,
  type ProgramPrice,
} from '@coach/site-rules';

/** The programs as the policy texts quote them, from the site's one price list. */
export interface PolicyProgram {
  name: string;
  /** length as a client books it */
  length: string;
  /** whole rupees */
  fee: number;
  /** a recurring fee is charged per month */
  monthly?: boolean;
}

const policyProgram = (price: ProgramPrice): PolicyProgram => ({
  name: price.name,
  length: price.length,
  fee: (price.policyAmount ?? price.amount) / 100,
  monthly: price.billing === 'monthly',
});

export const PROGRAM_FEES = {
  soulSpark: policyProgram(PROGRAM_PRICES['soul-spark-session']),
  innerPeace: policyProgram(PROGRAM_PRICES['inner-peace-method']),
  healToRise: policyProgram(PROGRAM_PRICES['heal-to-rise']),
  mastery: policyProgram(PROGRAM_PRICES['spiritual-mastery-intensive']),
  circle: policyProgram(PROGRAM_PRICES['group-transformation-circle']),
  retreat: policyProgram(PROGRAM_PRICES['breakthrough-weekend-retreat']),
} as const satisfies Record<string, PolicyProgram>;

/** The six programs in the order the policies list them. */
export const PROGRAM_FEE_LIST: readonly PolicyProgram[] = Object.values(PROGRAM_FEES);

/** Programs above this fee (in rupees) carry the 48-hour cooling-off period. */
export const COOLING_OFF_THRESHOLD = COOLING_OFF_PAISE / 100;

/** Whole rupees in the Indian format: 125000 -> "₹1,25,000". */
export const formatInr = (rupees: number): string => formatPaise(rupees * 100);

/** A program's fee as the policies state it: "₹18,000 per month". */
export const feeText = (program: PolicyProgram): string =>
  `${formatInr(program.fee)}${program.monthly ? ' per month' : ''}`;
