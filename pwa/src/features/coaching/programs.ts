import { PROGRAM_PRICES, priceText, type ProgramId } from '@coach/site-rules';

/** A coaching program: fixed data held by the client. */
export interface Program {
  id: ProgramId;
  title: string;
  subtitle: string;
  shortDescription: string;
  /** text with the rupee symbol, as shown */
  price: string;
  category: string;
  description: string;
  outcomes: string[];
  idealFor: string[];
  structure: { duration: string; format: string; sessions: string; type: string };
  bonuses: string[];
  testimonials: { name: string; quote: string; location: string }[];
  cta: string;
  aiPrompt: string;
}

/** The six coaching programs, without their prices. */
const PROGRAM_TEXTS: Omit<Program, 'price'>[] = [
  {
    id: 'soul-spark-session',
    title: 'Soul Spark Session',
    subtitle: 'A single, deep session to find your next clear step',
    shortDescription:
      'One focused 90-minute session to untangle what feels stuck and leave with clarity, calm and a path forward.',
    category: 'Individual Session',
    description:
      'The Soul Spark Session is a sacred pause in a busy life. In 90 unhurried minutes we explore what is weighing on your heart, uncover the belief or pattern beneath it, and co-create a simple, soulful plan for the weeks ahead. Many clients describe it as the conversation they have needed for years.',
    outcomes: [
      'Clarity on the one question that matters most right now',
      'A personal grounding practice you can use daily',
      'Insight into the pattern that keeps you stuck',
      'A gentle, concrete 30-day action plan',
      'Renewed connection with your intuition',
      'A recording-free, fully confidential space to be heard',
    ],
    idealFor: [
      'You are at a crossroads and need clarity fast',
      'You want to experience coaching before committing to a program',
      'You feel overwhelmed and need a compassionate reset',
    ],
    structure: {
      duration: '90 minutes',
      format: 'Online video call',
      sessions: '1 one-on-one session',
      type: 'Individual Session',
    },
    bonuses: ['Guided meditation audio tailored to your session', 'One follow-up message check-in within 7 days'],
    testimonials: [
      {
        name: 'Ananya S.',
        quote: 'In ninety minutes I understood what I had circled around for two years.',
        location: 'Bengaluru',
      },
      {
        name: 'Rahul M.',
        quote: 'Calm, warm and astonishingly clear. I left with a plan and a lighter heart.',
        location: 'Pune',
      },
      { name: 'Sarah L.', quote: 'The best gift I have given myself this year.', location: 'London' },
    ],
    cta: 'Give yourself ninety minutes that could change the next ninety days.',
    aiPrompt:
      'I am thinking about booking a Soul Spark Session. What could a single deep coaching session help me discover about my current crossroads?',
  },
  {
    id: 'inner-peace-method',
    title: 'The Inner Peace Method',
    subtitle: 'Eight weeks to a calmer mind and a steadier heart',
    shortDescription:
      'A guided group journey through mindfulness, emotional release and daily rituals that make peace your natural state.',
    category: '8-Week Program',
    description:
      'The Inner Peace Method blends mindfulness, breathwork, journaling and compassionate coaching into an eight-week path. Each week builds on the last, helping you calm an anxious mind, process emotions with kindness, and create rituals that keep you centred long after the program ends.',
    outcomes: [
      'Reduce anxiety and overthinking with proven practices',
      'Build a sustainable daily meditation ritual',
      'Understand and release emotional triggers',
      'Sleep more deeply and wake more rested',
      'Set loving boundaries with confidence',
      'Feel supported by a circle of kindred souls',
      'Carry a personal peace toolkit for life',
    ],
    idealFor: [
      'Your mind rarely switches off',
      'You want structure and community on your path',
      'You are ready to make peace a daily practice, not a holiday feeling',
    ],
    structure: {
      duration: '8 weeks',
      format: 'Live online group + private calls',
      sessions: '8 live group sessions plus 2 one-on-one calls',
      type: 'Group program',
    },
    bonuses: [
      'Inner Peace workbook (printable)',
      'Library of 12 guided meditations',
      'Private community space for the cohort',
    ],
    testimonials: [
      {
        name: 'Meghna K.',
        quote: 'For the first time in years, my mornings begin with stillness instead of dread.',
        location: 'Mumbai',
      },
      { name: 'David R.', quote: 'The group held me in a way I did not know I needed.', location: 'Toronto' },
      { name: 'Priya N.', quote: 'Practical, gentle and deeply transformative.', location: 'Chennai' },
    ],
    cta: 'Peace is a practice. Let’s practise it together.',
    aiPrompt:
      'I struggle with anxiety and a restless mind. How could an eight-week program like the Inner Peace Method help me build lasting calm?',
  },
  {
    id: 'heal-to-rise',
    title: 'Heal to Rise',
    subtitle: 'A twelve-week healing journey from hurt to wholeness',
    shortDescription:
      'Deep one-on-one work to heal past wounds, grief or heartbreak, held within healing circles of shared strength.',
    category: '12-Week Healing Program',
    description:
      'Heal to Rise is for hearts that have carried too much for too long. Through trauma-informed coaching, inner-child work, somatic practices and forgiveness rituals, we tend to what still hurts, at your pace, so you can rise with self-trust, softness and strength.',
    outcomes: [
      'Process grief, heartbreak or old wounds safely',
      'Reconnect with your inner child',
      'Release shame and self-blame',
      'Rebuild trust in yourself and others',
      'Learn somatic tools to regulate your nervous system',
      'Rewrite the story you tell about your past',
    ],
    idealFor: [
      'You are carrying pain that talking alone has not eased',
      'You are ready to stop surviving and start living',
      'You want deep, private support with a compassionate guide',
    ],
    structure: {
      duration: '12 weeks',
      format: 'Online one-on-one + group circles',
      sessions: '12 one-on-one sessions plus 6 group circles',
      type: 'Healing program',
    },
    bonuses: [],
    testimonials: [
      {
        name: 'Kavya R.',
        quote: 'I finally grieved my father, and found myself again in the process.',
        location: 'Hyderabad',
      },
      { name: 'Emma T.', quote: 'Safe, tender and profoundly healing.', location: 'Sydney' },
      { name: 'Arjun P.', quote: 'I came in broken and left whole. I do not say that lightly.', location: 'Delhi' },
    ],
    cta: 'Your healing is not a detour from your life. It is the path.',
    aiPrompt:
      'I have been carrying old pain and grief. How does a healing program like Heal to Rise help someone move from hurt to wholeness?',
  },
  {
    id: 'spiritual-mastery-intensive',
    title: 'Spiritual Mastery Intensive',
    subtitle: 'Six months of deep mentorship for a fully awakened life',
    shortDescription:
      'An exclusive mentorship to deepen your spiritual practice, embody your purpose and lead from the soul.',
    category: '6-Month Mentorship',
    description:
      'The Spiritual Mastery Intensive is my most immersive offering. Over six months we weave advanced meditation, energy work, purpose alignment and soulful leadership into every area of your life, with personal mentorship, immersion days and unlimited support between sessions.',
    outcomes: [
      'A deep, self-directed spiritual practice',
      'Crystal-clear alignment with your life purpose',
      'Mastery of your energy and emotional states',
      'Confidence to lead and serve from the soul',
      'Aligned decisions in work, love and money',
      'A personal vision and plan for the next five years',
      'Lasting transformation that others notice',
      'A lifelong bond with a circle of awakened peers',
    ],
    idealFor: [
      'You are ready for the deepest level of commitment',
      'You feel called to lead, teach or serve',
      'You want a personal mentor walking beside you for half a year',
    ],
    structure: {
      duration: '6 months',
      format: 'One-on-one mentorship + in-person immersions',
      sessions: '24 one-on-one sessions plus 6 immersion days',
      type: 'Mentorship',
    },
    bonuses: [
      'Unlimited message support between sessions',
      'Personal energy-reading and purpose map',
      'Lifetime access to all recorded teachings',
      'Priority seat at every retreat',
    ],
    testimonials: [
      { name: 'Nisha V.', quote: 'I stepped into the life I had only dared to dream of.', location: 'Singapore' },
      {
        name: 'Michael B.',
        quote: 'The most important investment I have ever made, in anything.',
        location: 'New York',
      },
      { name: 'Ritu S.', quote: 'She saw who I was before I could see it myself.', location: 'Jaipur' },
    ],
    cta: 'Mastery is not perfection. It is presence, chosen every day.',
    aiPrompt:
      'I feel called to go much deeper on my spiritual path and lead from my soul. What would six months of spiritual mentorship help me master?',
  },
  {
    id: 'group-transformation-circle',
    title: 'Group Transformation Circle',
    subtitle: 'A monthly circle of growth, belonging and accountability',
    shortDescription:
      'Grow alongside kindred souls: a monthly 3-hour circle with weekly check-ins to keep your practice alive.',
    category: 'Monthly Group Program',
    description:
      'Transformation flourishes in community. Each month the circle gathers for a three-hour session of teaching, meditation and sharing, with weekly check-ins that keep you connected and accountable. Join for a month, or make it your spiritual home.',
    outcomes: [
      'A supportive community of like-minded seekers',
      'Consistency in your spiritual practice',
      'Fresh teachings and practices every month',
      'Accountability that feels loving, not pressured',
      'Friendships that nourish your growth',
    ],
    idealFor: [
      'You grow best with others around you',
      'You want ongoing support at an accessible price',
      'You have done inner work before and want to keep the momentum',
    ],
    structure: {
      duration: 'Ongoing, monthly',
      format: 'Live online circle',
      sessions: 'Monthly 3-hour circle plus weekly check-ins',
      type: 'Group membership',
    },
    bonuses: ['Monthly themed journal prompts'],
    testimonials: [
      { name: 'Sneha G.', quote: 'My monthly anchor. I leave every circle lighter.', location: 'Kolkata' },
      { name: 'Laura M.', quote: 'I found my people here.', location: 'Berlin' },
      { name: 'Vikram D.', quote: 'Gentle accountability that actually works.', location: 'Ahmedabad' },
    ],
    cta: 'You were never meant to walk this path alone.',
    aiPrompt:
      'I grow best with others around me. How could a monthly group transformation circle support my spiritual practice and growth?',
  },
  {
    id: 'breakthrough-weekend-retreat',
    title: 'Breakthrough Weekend Retreat',
    subtitle: 'Three days in nature to reset, release and rise',
    shortDescription:
      'A residential retreat of intensive sessions, silence and ceremony to catalyse a true breakthrough.',
    category: '3-Day Retreat',
    description:
      'Step away from everyday life into three days of nature, nourishing food and sacred practice. Through six intensive sessions, guided silence, breathwork and ceremony, the retreat creates the space for breakthroughs that can take years to reach in ordinary life.',
    outcomes: [
      'A profound emotional and energetic reset',
      'Breakthrough clarity on a major life question',
      'Deep rest for body, mind and spirit',
      'Practices to carry the retreat home with you',
      'Connection with a small circle of fellow seekers',
    ],
    idealFor: [
      'You need to step fully out of your routine to see clearly',
      'You long for deep rest and renewal',
      'You are ready for an intensive, immersive experience',
    ],
    structure: {
      duration: '3 days and 2 nights',
      format: 'In-person, residential',
      sessions: '6 intensive sessions',
      type: 'Retreat',
    },
    bonuses: ['All meals and accommodation included', 'Post-retreat integration call'],
    testimonials: [
      {
        name: 'Aditi J.',
        quote: 'Three days that felt like three years of therapy, in the kindest way.',
        location: 'Goa',
      },
      { name: 'Chris W.', quote: 'I came home a different person, and my family noticed.', location: 'Dubai' },
      { name: 'Farah Q.', quote: 'Pure magic, held with so much care.', location: 'Lucknow' },
    ],
    cta: 'Sometimes you have to step away from your life to come back to yourself.',
    aiPrompt:
      'I am considering a three-day spiritual retreat. What kind of breakthrough can an immersive weekend retreat create, and how do I prepare for it?',
  },
];

/** The six coaching programs; each price is read from the site's one price list, the price charged. */
export const PROGRAMS: Program[] = PROGRAM_TEXTS.map((program) => ({
  ...program,
  price: priceText(PROGRAM_PRICES[program.id]),
}));
