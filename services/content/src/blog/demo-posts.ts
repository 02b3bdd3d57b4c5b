/** Demo posts seeded into an empty database in the embedded mode, spread over the filter categories. */
export interface DemoPost {
  title: string;
  category: string;
  tags: string[];
  daysAgo: number;
  content: string;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'The Quiet Art of Beginning Again',
    category: 'Spiritual Growth',
    tags: ['new beginnings', 'self-compassion', 'presence'],
    daysAgo: 1,
    content: `Every sunrise is an invitation you did not have to earn. Whatever happened yesterday, the light still arrives, asking nothing of you but that you notice it.

# Why we resist fresh starts
We often carry the whole story of our past into each new moment. The mind says: you tried this before, you failed before, why would today be different? That voice is not your enemy; it is a tired protector that has forgotten how much you have grown.

## A practice for this week
Each morning, before you reach for your phone, place one hand on your heart and say quietly: "I am allowed to begin again." Breathe in for four counts and out for six. Let the words land in the body, not only in the head.

# What changes when you begin again
Beginning again is not pretending the past did not happen. It is choosing not to let it decide the next step. Small, gentle restarts build a kind of spiritual muscle: the trust that you can always return to yourself.

You do not need a new year, a new month or even a new day. You only need this breath.`,
  },
  {
    title: 'Healing Is Not a Straight Line',
    category: 'Healing',
    tags: ['healing', 'grief', 'patience'],
    daysAgo: 3,
    content: `If you have ever felt that you were "over it" and then found yourself in tears weeks later, you are not going backwards. Healing moves in spirals, returning to the same place from a higher vantage point.

# The spiral path
Old pain often resurfaces when we are finally safe enough to feel it. That is not failure; it is the body trusting you with what it could not hold before.

## Three gentle reminders
- Feelings that come back are asking to be met, not fixed.
- Rest is part of the work, not a break from it.
- You can hold grief and gratitude in the same heart.

# Soothing the nervous system
When a wave comes, slow your exhale, soften your jaw and feel your feet on the floor. Name five things you can see. These simple acts tell your nervous system that this moment is survivable.

Be as patient with yourself as you would be with a dear friend who is learning to walk again.`,
  },
  {
    title: 'Finding Your Purpose in Ordinary Days',
    category: 'Purpose',
    tags: ['purpose', 'meaning', 'calling'],
    daysAgo: 5,
    content: `We are taught to look for purpose as if it were a hidden treasure: one grand calling waiting to be discovered. Yet purpose most often reveals itself in small, repeated acts of love.

# Purpose as a direction, not a destination
Ask yourself: when do I lose track of time? When do people thank me for something that felt easy to me? These clues point to the gifts you are here to share.

## A journaling prompt
Write for ten minutes, without editing: "If I trusted that my life already matters, I would..." Notice which sentences make your chest feel warm and open.

# Living it today
You do not need permission or a perfect plan. Choose one way to offer your gift today, even in a tiny form: a kind message, a shared idea, an hour of focused creation. Purpose grows where attention goes.`,
  },
  {
    title: 'A Five-Minute Morning Ritual for Inner Peace',
    category: 'Daily Wisdom',
    tags: ['morning ritual', 'meditation', 'breath'],
    daysAgo: 7,
    content: `Peace is not something you find once and keep forever. It is something you return to, again and again, like a path through a familiar garden.

# The ritual
## Minute one: arrive
Sit on the edge of your bed. Feel the weight of your body and the support beneath you.

## Minutes two and three: breathe
Breathe in through the nose for four counts, hold for four, and exhale slowly for six. With each exhale, let your shoulders drop a little further.

## Minute four: intend
Ask your heart: "What quality do I want to carry today?" Perhaps patience, courage or tenderness. Choose one word.

## Minute five: give thanks
Name three things you are grateful for, however small: warm water, a bird outside, the fact that you are trying.

# Why it works
Rituals tell the mind that it is safe. Five minutes of calm in the morning becomes an anchor you can return to whenever the day grows loud.`,
  },
  {
    title: 'When Everything Changes: Walking Through Transformation',
    category: 'Transformation',
    tags: ['change', 'courage', 'fear'],
    daysAgo: 10,
    content: `The caterpillar does not become a butterfly by improving itself. Inside the chrysalis it dissolves completely before it is rebuilt. Real transformation often feels like falling apart first.

# Honouring the in-between
Between who you were and who you are becoming, there is a season of not knowing. It can feel empty or frightening. Yet this is sacred ground: the place where new possibilities take shape.

## Questions for the threshold
- What am I ready to release?
- What is trying to be born in me?
- Who can walk beside me while I do not yet have answers?

# Working with fear of change
Fear is a sign that something important is at stake. Instead of pushing it away, thank it for trying to keep you safe, then take one small step anyway. Courage is not the absence of fear; it is love that is bigger than fear.`,
  },
  {
    title: 'You Are Already Enough',
    category: 'Healing',
    tags: ['self-worth', 'self-love', 'inner child'],
    daysAgo: 13,
    content: `Many of us live with a quiet belief that we must earn our place in the world: by achieving, pleasing or never making mistakes. That belief usually began long ago, when a young heart learned that love felt conditional.

# Meeting the part of you that doubts
The voice that says "not good enough" is often a younger you, trying to stay safe. Rather than arguing with it, you can soothe it: "I see you. You did the best you could. We are safe now."

## A gentle mirror practice
Look into your own eyes for one minute and say: "I am worthy of love exactly as I am." It may feel awkward at first. Keep going. The heart learns through repetition.

# Enough is a starting point
Knowing you are enough does not make you stop growing. It makes growth joyful instead of desperate. From enough, you create because you want to, not because you must.`,
  },
  {
    title: 'Listening to the Wisdom of Your Body',
    category: 'Spiritual Growth',
    tags: ['body wisdom', 'intuition', 'energy'],
    daysAgo: 17,
    content: `Your body speaks in sensations long before your mind finds words. A tight chest, a heavy stomach, a sudden lightness: each is a message worth hearing.

# Why we stop listening
Busy lives teach us to override signals of tiredness and hunger. Over time we lose touch with our inner compass, and then wonder why we feel drained all the time.

## A body scan for reconnection
Lie down and bring attention slowly from your toes to the crown of your head. Where do you feel tension? Where do you feel ease? Do not try to change anything; simply notice and breathe into each area.

# Turning sensation into guidance
Before a decision, imagine choosing each option and notice how your body responds. Expansion often means yes; contraction often means not yet. Your intuition is not magic. It is deep listening.`,
  },
  {
    title: 'Leading From the Heart',
    category: 'Purpose',
    tags: ['leadership', 'compassion', 'authenticity'],
    daysAgo: 21,
    content: `Leadership is not a title. It is the way you hold space for others: at work, at home, in your community. Heart-centred leaders create places where people feel seen.

# The qualities of heart-led leadership
## Presence
Giving someone your full attention is one of the rarest gifts today. Put the phone away and listen to understand, not to reply.

## Honesty with kindness
Truth spoken with care builds trust. Truth used as a weapon breaks it.

## Humility
The best leaders keep learning. They say "I was wrong" and "thank you" often.

# Beginning where you are
Choose one relationship this week and ask: how can I lead here with more compassion? Small acts of heart-led leadership ripple further than you can see.`,
  },
  {
    title: 'The Gift of Stillness in a Noisy World',
    category: 'Daily Wisdom',
    tags: ['stillness', 'silence', 'mindfulness'],
    daysAgo: 26,
    content: `We fill every pause with sound: podcasts on the walk, music in the kitchen, a scroll while we wait. Yet the soul speaks most clearly in silence.

# Making room for stillness
Stillness does not require a mountain retreat. It can be three minutes at a window, a walk without headphones, or a cup of tea held with both hands.

## An invitation
Today, choose one ordinary moment and do only that one thing. Wash a cup and feel the water. Walk and feel each step. Let that single moment be enough.

# What grows in silence
In stillness, insights surface that had no space before. Creativity returns. Answers you were chasing often arrive quietly, the moment you stop chasing them.`,
  },
];
