/** Comforting one-line whispers: a fixed list of roughly 100. */
export const WHISPERS = [
  'Breathe in peace, breathe out what no longer serves you.',
  'You are exactly where you need to be.',
  'Your heart already knows the way.',
  'Be gentle with yourself today.',
  'Every ending is a quiet beginning.',
  'You are allowed to rest.',
  'Stillness is where your answers live.',
  'Your story is still being written.',
  'Small steps are still sacred steps.',
  'You are more than enough, just as you are.',
  'Let today be soft.',
  'Healing is not linear, and that is okay.',
  'Your feelings are messengers, not enemies.',
  'Trust the timing of your life.',
  'There is light in you that nothing can dim.',
  'Pause. Notice. Breathe.',
  'What you seek is also seeking you.',
  'You have survived every hard day so far.',
  'Growth often feels like breaking open.',
  'Your intuition is a quiet, wise friend.',
  'You do not have to carry it all alone.',
  'Peace begins with one kind thought.',
  'Let go of who you were told to be.',
  'Your presence is a gift.',
  'The universe is not against you; it is shaping you.',
  'Rest is a spiritual practice too.',
  'Softness is a form of strength.',
  'You are worthy of the love you give others.',
  'One breath at a time is enough.',
  'The path appears as you walk it.',
  'Your sensitivity is a superpower.',
  'Gratitude turns what we have into enough.',
  'You are allowed to begin again.',
  'Every moment is a chance to return to yourself.',
  'Your soul speaks in whispers; listen closely.',
  'Fear is a visitor, not your home.',
  'Progress, not perfection.',
  'You are a work of art in progress.',
  'Kindness toward yourself changes everything.',
  'Let your heart lead, and your mind will follow.',
  'What is meant for you will not pass you by.',
  'Your worth is not measured by your productivity.',
  'Even the moon goes through phases.',
  'It is safe to slow down.',
  'Your light is needed in this world.',
  'Every breath is a fresh start.',
  'Be the calm you wish to feel.',
  'Your tears water the seeds of your growth.',
  'You are held by something greater.',
  'Listen to the wisdom of your body.',
  'The present moment is your place of power.',
  'Let your dreams be bigger than your doubts.',
  'You are not behind; you are on your own path.',
  'Love is the answer you keep returning to.',
  'Your inner child deserves your tenderness.',
  'Clarity comes when you stop rushing.',
  'You have permission to choose yourself.',
  'Every storm runs out of rain.',
  'Your heart is a compass, not a cage.',
  'Silence can be the loudest prayer.',
  'You are becoming who you truly are.',
  'Trust yourself; you have been here before.',
  'Today, choose peace over perfection.',
  'Your boundaries are acts of self-love.',
  'The answers you seek are within you.',
  'Wherever you are, be all there.',
  'Be patient with your unfolding.',
  'You radiate more light than you know.',
  'Release what you cannot control.',
  'A calm mind hears the soul clearly.',
  'Your journey is sacred, even the detours.',
  'You are worthy of rest and joy.',
  'Open your heart, and life opens with it.',
  'Every day is a new page.',
  'The seed of change is already planted.',
  'You are whole, even when you feel broken.',
  'Let love be louder than fear.',
  'Nature does not hurry, yet everything is accomplished.',
  'Your energy is precious; spend it wisely.',
  'Courage is a quiet voice saying, "I will try again."',
  'You belong here.',
  'Be where your feet are.',
  'Your past does not define your future.',
  'Gentle hearts change the world.',
  'There is wisdom in your waiting.',
  'Find the sacred in the ordinary.',
  'Your purpose is to be fully yourself.',
  'Lean into the light.',
  'You are a beautiful becoming.',
  'Each breath is an invitation to begin.',
  'Forgiveness frees the one who forgives.',
  'The universe rearranges itself for a believing heart.',
  'You are safe to feel everything.',
  'Joy is your birthright.',
  'Slow down and let life meet you.',
  'What you nurture, grows.',
  'Your soul knows its way home.',
  'Abundance flows to an open heart.',
  'You are the calm beneath the waves.',
  'Take what you need from this moment and let the rest go.',
] as const;

export type WhisperTrigger = 'time' | 'scroll' | 'hover' | 'idle';
export type WhisperCondition = 'about' | 'coaching' | '50%';

export interface WhisperItem {
  id: string;
  text: string;
  trigger: WhisperTrigger;
  /** milliseconds: after page load for time items, without activity for the idle item */
  delay?: number;
  condition?: WhisperCondition;
  shown: boolean;
}

/** Time whispers after 15, 45, 120, 180, 300, 420 and 600 s; idle 60 s; bubble 8 s. */
export const WHISPER_TIME_DELAYS_MS = [15, 45, 120, 180, 300, 420, 600].map((s) => s * 1000);
export const WHISPER_IDLE_MS = 60_000;
export const WHISPER_DISPLAY_MS = 8_000;

const pick = (random: () => number) => WHISPERS[Math.floor(random() * WHISPERS.length)] ?? WHISPERS[0];

/**
 * The whispers of one page visit. The first slots are fixed so the visit opens calmly; the later
 * time slots and the scroll, hover and idle slots draw from the list at random.
 */
export function createWhisperItems(random: () => number = Math.random): WhisperItem[] {
  const fixed = [WHISPERS[0], WHISPERS[1], WHISPERS[2]];
  const timed = WHISPER_TIME_DELAYS_MS.map<WhisperItem>((delay, i) => ({
    id: `time-${i}`,
    text: fixed[i] ?? pick(random),
    trigger: 'time',
    delay,
    shown: false,
  }));
  return [
    ...timed,
    {
      id: 'scroll-about',
      text: 'Every journey inward begins with a single honest breath.',
      trigger: 'scroll',
      condition: 'about',
      shown: false,
    },
    {
      id: 'scroll-coaching',
      text: 'The right support can turn a turning point into a new beginning.',
      trigger: 'scroll',
      condition: 'coaching',
      shown: false,
    },
    { id: 'scroll-half', text: pick(random), trigger: 'scroll', condition: '50%', shown: false },
    {
      id: 'hover-coaching',
      text: 'Curious? A free clarity call is a gentle first step.',
      trigger: 'hover',
      shown: false,
    },
    { id: 'idle', text: pick(random), trigger: 'idle', delay: WHISPER_IDLE_MS, shown: false },
  ];
}
