import { DEMO_MEMBER } from '@coach/contracts';
import type { Logger } from '@coach/kit';
import { ensureAccount } from '../accounts/service.ts';
import { weeklyPrompt } from '../community/prompts.ts';
import { createPost } from '../community/service.ts';
import { COACHING_SESSION } from '../profile/growth.ts';
import { recordPurchase, startJourney, type PurchaseInput } from '../profile/service.ts';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

type DemoEvent =
  | { hoursAgo: number; post: string; reflection?: boolean }
  | { hoursAgo: number; purchase: PurchaseInput; sessionInHours?: number };

/** Maya's first weeks in the Sacred Circle: posts, weekly reflections and purchases (in paise). */
const DEMO_EVENTS: DemoEvent[] = [
  {
    hoursAgo: 21 * 24,
    post: 'Namaste, everyone. I joined after a long season of burnout, hoping to find a gentler rhythm. Grateful to be here.',
  },
  {
    hoursAgo: 20 * 24,
    purchase: {
      productName: 'Soul Spark Session',
      productType: COACHING_SESSION,
      amount: 199_900,
      notes: 'Discovery call: mapping what I want to heal first.',
    },
    sessionInHours: 26,
  },
  {
    hoursAgo: 18 * 24,
    reflection: true,
    post: 'I am releasing the belief that rest must be earned. This week I took an afternoon walk without my phone and nothing fell apart.',
  },
  {
    hoursAgo: 14 * 24,
    post: 'Tried the five-minute morning ritual from the blog. The breathing part is hard for me, but the gratitude list made me smile.',
  },
  {
    hoursAgo: 11 * 24,
    reflection: true,
    post: 'My grandmother was my quiet teacher. She lit a lamp every evening, no matter what the day had been. I have started doing the same.',
  },
  {
    hoursAgo: 10 * 24,
    purchase: {
      productName: 'Inner Peace Method (8 weeks)',
      productType: 'coaching_program',
      amount: 3_500_000,
      notes: 'Eight weekly sessions, starting next Monday.',
    },
  },
  {
    hoursAgo: 5 * 24,
    purchase: {
      productName: 'Soul Spark Session',
      productType: COACHING_SESSION,
      amount: 199_900,
      notes: 'Follow-up on boundaries at work.',
    },
    sessionInHours: 2,
  },
  {
    hoursAgo: 4 * 24,
    reflection: true,
    post: 'The boundary I need is saying no to meetings after 7 pm. Writing it here so I keep my word to myself.',
  },
  { hoursAgo: 3 * 24, post: 'Day three of lighting the evening lamp. Small things, repeated, feel like prayer.' },
  { hoursAgo: 2 * 24, post: 'Cried a little during meditation today. Not sad tears, more like something loosening.' },
  { hoursAgo: 24, post: 'Thank you all for the kind replies this week. This circle feels like a soft place to land.' },
];

/**
 * The demo member of the embedded mode (DEMO_MEMBER): Maya Devi, with a
 * few weeks of posts, journey and purchases. Seeded once, only by the start that creates her.
 */
export async function seedDemoMember(logger: Logger, now = new Date()): Promise<void> {
  const joined = new Date(now.getTime() - 24 * DAY_MS);
  const { user, created } = await ensureAccount(
    {
      ...DEMO_MEMBER,
      name: 'Maya Devi',
      username: 'maya',
      role: 'user',
      createdAt: joined,
    },
    startJourney,
  );
  if (!created) return;
  for (const event of DEMO_EVENTS) {
    const at = new Date(now.getTime() - event.hoursAgo * HOUR_MS);
    if ('post' in event) {
      await createPost(user._id, { content: event.post, prompt: event.reflection ? weeklyPrompt(at) : undefined }, at);
    } else {
      const sessionDate = event.sessionInHours ? new Date(at.getTime() + event.sessionInHours * HOUR_MS) : undefined;
      await recordPurchase(user._id, { ...event.purchase, sessionDate }, at);
    }
  }
  logger.info({ userId: user._id }, 'seeded the demo member');
}
