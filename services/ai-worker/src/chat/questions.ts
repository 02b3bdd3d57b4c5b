import { themeOf } from './companion.ts';

/**
 * Questions as visitors ask them, each with the theme of the library it must be answered from:
 * the six popular questions of the Ask AI page, then several phrasings for every theme.
 */
export const THEME_QUESTIONS: Array<[question: string, theme: string]> = [
  ['Why do I feel stuck in life, and how do I move forward?', 'stuck'],
  ['Why am I tired all the time, even after rest?', 'rest'],
  ['How can I find inner peace in a busy life?', 'peace'],
  ["Why do I feel like I'm not good enough?", 'worth'],
  ['How do I discover my life purpose?', 'purpose'],
  ['How do I overcome my fear of change?', 'change'],

  ['I feel lonely lately', 'loneliness'],
  ['Nobody really sees me, I eat lunch by myself every day', 'loneliness'],
  ['Since I moved here I have no friends and evenings feel empty and isolating', 'loneliness'],
  ['How do I stop feeling so alone even when I am surrounded by people?', 'loneliness'],
  ["I don't feel like I belong anywhere", 'loneliness'],

  ['How can I trust myself more?', 'self-trust'],
  ['I keep second-guessing every choice I make', 'self-trust'],
  ['Should I take the job abroad or stay close to home?', 'self-trust'],
  ['How do I listen to my intuition instead of everyone else?', 'self-trust'],
  ["I can't make up my mind and I doubt myself constantly", 'self-trust'],

  ['My father passed away in the spring and I still cry every night', 'grief'],
  ['How do you live with the loss of a child?', 'grief'],
  ['I am grieving my best friend', 'grief'],
  ['It has been a year since mum died and I miss her so much', 'grief'],
  ['Our dog of fourteen years is gone and the house feels wrong', 'grief'],

  ['What am I meant to do with my life?', 'purpose'],
  ['My work feels meaningless and I want something more fulfilling', 'purpose'],
  ['Why am I here at all?', 'purpose'],
  ['I have lost my passion for everything I used to love', 'purpose'],

  ["I'm scared all the time and I don't know why", 'fear'],
  ['How do I find the courage to speak up?', 'fear'],
  ['I am terrified of failing in front of others', 'fear'],
  ['What do I do when fear stops me from living?', 'fear'],
  ['I dread every morning before work', 'fear'],

  ['My partner and I argue about everything lately', 'relationships'],
  ['How do I heal after a breakup?', 'relationships'],
  ['My mother keeps crossing my boundaries', 'relationships'],
  ['Is it normal to feel distant in a long marriage?', 'relationships'],
  ['I think my boyfriend is cheating on me', 'relationships'],

  ['I need to rest but I cannot switch off', 'rest'],
  ['I feel completely burnt out from work', 'rest'],
  ["I'm exhausted and running on empty", 'rest'],
  ['How do I get my energy back?', 'rest'],
  ['I wake up drained no matter how long I sleep', 'rest'],

  ['My anxiety is through the roof before every meeting', 'anxiety'],
  ['I worry about everything, how do I stop?', 'anxiety'],
  ['I had a panic attack on the train today', 'anxiety'],
  ["I can't stop overthinking every conversation", 'anxiety'],
  ['I feel so stressed and overwhelmed by all my responsibilities', 'anxiety'],

  ['Nothing in my life is moving and I feel trapped', 'stuck'],
  ["I've been in a rut for months", 'stuck'],
  ['It feels like I am spinning my wheels and going nowhere', 'stuck'],

  ['How do I quiet the noise in my head?', 'peace'],
  ['I want to feel calm and grounded again', 'peace'],
  ['Where does serenity come from?', 'peace'],

  ['I always compare myself to others and come up short', 'worth'],
  ['I feel like an impostor at my new job', 'worth'],
  ['How do I build my self-esteem?', 'worth'],
  ['I feel worthless most days', 'worth'],

  ["I'm starting over in a new city and it feels strange", 'change'],
  ['How do I cope with so much uncertainty about the future?', 'change'],
  ['I am retiring next month and do not know who I will be', 'change'],
  ['How do I let go of the life I had planned?', 'change'],

  ["I'm so angry at my sister I can't think straight", 'anger'],
  ['How do I forgive someone who betrayed me?', 'anger'],
  ['I feel bitter and resentful toward my old boss', 'anger'],

  ['How do I start meditating?', 'spiritual-practice'],
  ['Can you teach me a breathing exercise?', 'spiritual-practice'],
  ['What is a good morning ritual for spiritual growth?', 'spiritual-practice'],

  ['I just wanted to share some good news, I feel so grateful today', 'gratitude'],
  ['I feel happy and blessed this week', 'gratitude'],

  ['Are you a real person?', 'identity'],
  ['Who are you?', 'identity'],
  ['Am I talking to a bot?', 'identity'],

  ['How much does a session with the coach cost?', 'coaching'],
  ['Can I book a clarity call?', 'coaching'],
  ['Which program would you recommend for me?', 'coaching'],

  ['Hello there', 'greeting'],
  ['Good morning!', 'greeting'],
];

/** The share of THEME_QUESTIONS answered from their own theme, in percent (one decimal). */
export function themeHitRate(): number {
  const hits = THEME_QUESTIONS.filter(([question, theme]) => themeOf(question)?.name === theme).length;
  return Math.round((hits / THEME_QUESTIONS.length) * 1000) / 10;
}
