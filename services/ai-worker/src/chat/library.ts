/**
 * The offline companion's curated library: replies in the coach's compassionate voice, grouped
 * by theme. A theme is chosen by the words of the visitor's message (the strongest match wins);
 * each theme holds several replies so the same question does not always get the same answer, and
 * the replies are written so their words lead to each of the Ask AI page's suggestion sets.
 */

export interface Theme {
  name: string;
  /** Signals in the lower-cased message; each match adds one to the theme's score. */
  signals: RegExp[];
  replies: string[];
}

export const THEMES: Theme[] = [
  {
    name: 'stuck',
    signals: [
      /\bstuck\b/,
      /\bstagnant/,
      /\bin a rut\b/,
      /going nowhere/,
      /can'?t move (?:on|forward)/,
      /\btrapped\b/,
      /\bblocked\b/,
      /same place/,
      /\bstalled\b/,
    ],
    replies: [
      'Feeling stuck is often a sign that an old way of living has become too small for who you are becoming. Before you push for movement, pause and breathe. Try this small practice: each morning, ask "What is one step I could take today, however tiny?" and take only that step. Momentum is built from small, honest movements, not from forcing a leap.',
      'When life feels stuck, it can help to notice where the stuckness lives. Is it in a decision you keep postponing, a relationship, or a belief about what you are allowed to want? Take ten minutes to write freely: "If I were not afraid, I would..." Then reflect on which sentence makes you feel most alive. That is often where the door is.',
      "Sometimes we are not stuck so much as waiting: for permission, for certainty, for a sign. I wonder what is underneath this feeling for you. Is there something you already know you want, but are not yet ready to admit? Let's explore that together, slowly. What would change if you trusted yourself a little more this week?",
      'Please be gentle with yourself. Stuck seasons are not wasted seasons; seeds spend a long time in dark soil before anything shows above ground. Instead of criticising yourself for not moving faster, offer yourself the comfort you would give a friend: "You are allowed to take your time. You are still growing."',
      'Dear soul, feeling stuck can be your heart asking for a new direction rather than more effort in the old one. Listen for what keeps calling you, even quietly: a place, a person, a kind of work, a way of being. That pull, however faint, is worth following one small step at a time.',
    ],
  },
  {
    name: 'tired',
    signals: [
      /\btired\b/,
      /exhaust/,
      /\bdrained\b/,
      /\bfatigue/,
      /burn(?:ed|t)?[\s-]?out/,
      /\bno energy\b/,
      /\bweary\b/,
      /\bworn out\b/,
      /\bdepleted\b/,
    ],
    replies: [
      'Being tired all the time is your body and spirit asking to be heard. Before anything else, please check in with a doctor, since lasting fatigue deserves care. Alongside that, try this practice each evening: lie down, place a hand on your belly and breathe slowly for five minutes, letting each exhale be longer than the inhale. Rest is not laziness; it is how you refill.',
      'Constant tiredness often comes from giving more than we receive. For the next few days, write down what fills you and what drains you, even in small ways: a conversation, a task, a scroll before bed. Then reflect on one drain you could soften and one source of energy you could invite back in.',
      "I wonder what lies underneath the exhaustion. Sometimes we are tired from doing too much; sometimes we are tired from carrying feelings we have not had room to feel. Let's explore it gently together: if your tiredness could speak, what would it ask of you?",
      'When everything feels heavy, be as gentle with yourself as you would with a child who has had a long day. Lower the bar for a while. Choose one comforting ritual, like warm tea, an early night or a slow walk, and let it be enough. You do not have to earn rest.',
      'Tiredness of the soul is different from tiredness of the body. It often appears when we live far from what truly matters to us. Ask your heart quietly: what would make me feel alive again? The answer may be small, like an hour of creativity or time in nature, and it can begin to restore you.',
    ],
  },
  {
    name: 'peace',
    signals: [
      /inner peace/,
      /\bpeace\b/,
      /\bpeaceful\b/,
      /\bcalm\b/,
      /\bserenity\b/,
      /\bstillness\b/,
      /\bquiet (?:mind|my mind)/,
      /\brestless/,
      /\bcentered\b/,
      /\bgrounded\b/,
    ],
    replies: [
      'Inner peace is not a place you arrive at once; it is a place you return to, again and again. A simple meditation can be your path back: sit comfortably, close your eyes and breathe in for four counts, hold for four, and breathe out for six. Each time your mind wanders, kindly bring it back. That returning is the practice.',
      'Peace often grows when we stop fighting what is. Tonight, write three things that are weighing on your mind, then next to each one note whether it is within your control. Reflect on what you can release. Letting go of what is not yours to carry makes room for calm.',
      "Sometimes the search for peace hides something underneath: an old hurt, a choice we have not made, or a need we have not voiced. Let's explore what disturbs your peace most often. When you know its source, you can meet it with understanding rather than resistance.",
      'Let peace begin with something gentle: warm hands around a cup, a slow walk without your phone, a few minutes of soft music. These small acts of comfort tell your nervous system that you are safe, and safety is the soil where peace grows.',
      'True peace lives in the heart, beneath the noise of the day. Place a hand on your chest and feel its rhythm. Remind yourself: "Right now, in this moment, I am okay." Your soul already knows how to be still; it only needs you to make a little space.',
    ],
  },
  {
    name: 'worth',
    signals: [
      /good enough/,
      /\bnot enough\b/,
      /\bworth/,
      /\bunworthy\b/,
      /self[\s-]?(?:esteem|worth|doubt|confidence)/,
      /\binadequa/,
      /\bimpost[eo]r/,
      /\bfailure\b/,
      /\bashamed\b/,
      /\bshame\b/,
      /\bunlovable\b/,
    ],
    replies: [
      'The feeling of not being good enough often began long ago, when a young part of you learned that love had to be earned. You do not have to earn your worth; you were born with it. Try this practice: each morning, look into your eyes in the mirror and say, "I am enough as I am today." Breathe slowly and let the words settle, even if you do not believe them yet.',
      'When the voice of "not enough" gets loud, write down exactly what it says. Then, beside each sentence, write what a loving friend would answer. Reflect on how differently you speak to yourself than to people you care about. That difference shows you where healing can begin.',
      'I wonder whose voice "not good enough" really is. Often it belongs to a parent, a teacher or an old experience, and we have carried it so long that it sounds like our own. Let\'s explore it together: when did you first feel this way, and what did that younger you need to hear?',
      'Be gentle with the part of you that doubts you are good enough. It is not your enemy; it is a frightened protector trying to keep you safe from rejection. Speak to it with comfort: "I see you. You worked so hard. We are safe now, and we are allowed to rest in who we are."',
      'Dear soul, you are not a project to be fixed. Your heart has always been whole, even when life made it hard to feel. Enough is not something you reach at the end of a long list of achievements; it is where you begin. Let yourself be enough today, just as you are.',
    ],
  },
  {
    name: 'purpose',
    signals: [
      /\bpurpose/,
      /\bmeaning(?:ful|less)?\b/,
      /\bcalling\b/,
      /why am i here/,
      /\bmission\b/,
      /\bdirection\b/,
      /(?:meant|supposed) to do/,
      /\bpassion/,
      /\bwhat to do with my life\b/,
    ],
    replies: [
      'Purpose is rarely found by thinking alone; it is discovered through living. Here is a practice for this week: each evening, notice one moment when you felt most alive and useful. Breathe into that memory for a minute. Over time these moments form a map, and that map points toward your purpose.',
      'Try writing a letter from your older, wiser self, ten years from now, describing the life you lived and what you gave to the world. Write without editing. Then reflect on what surprised you. Purpose often speaks through the things we long for but rarely say out loud.',
      'Sometimes the question "What is my purpose?" has another question underneath it: "Does my life matter?" Let\'s explore that gently. Which activities make you lose track of time? What do people often thank you for? Your purpose is often hiding in what comes naturally to you.',
      'Be gentle with yourself around this question. Purpose is not one grand destination you must find or fail to find; it can change and grow as you do. Take comfort in knowing that even on ordinary days, kindness, presence and care are already a meaningful way to live.',
      'Your soul has a calling, and it usually whispers rather than shouts. Notice what keeps returning to you: an idea, a cause, a way of helping others. Follow the pull of your heart with small steps. Purpose grows where you give your attention and your love.',
    ],
  },
  {
    name: 'change',
    signals: [
      /fear of change/,
      /(?:afraid|scared|terrified) of (?:change|the future|the unknown)/,
      /\bchanges?\b/,
      /\btransition/,
      /\bthe unknown\b/,
      /\buncertain/,
      /new chapter/,
      /\bletting go\b/,
      /\blet go\b/,
      /\bmoving on\b/,
      /\bstarting over\b/,
    ],
    replies: [
      'Fear of change is natural: the mind prefers the familiar, even when the familiar no longer serves us. When fear rises, try this practice: breathe in slowly, and on the exhale say, "I can take one step and still be safe." Then choose the smallest possible step toward the change, and take only that one.',
      'Change feels less frightening when we give our fears a shape. Write two lists: what you fear might happen, and what you hope might happen. Reflect on both. Fear often tells only half the story, and the hopes you write down may be the very reason the change is calling you.',
      "I wonder what lies underneath your fear of change. Is it fear of losing something, of failing, or of becoming someone new? Let's explore it together. Often the real fear is not the change itself, but the thought that we will not be able to cope. And you have coped with so much already.",
      "Be gentle with yourself in this in-between time; change asks a lot of the heart's courage. The caterpillar does not become a butterfly in a single day. Find comfort in small rituals that stay the same while everything else shifts: a morning cup of tea, an evening walk, a call with someone who loves you.",
      'Change often arrives when your soul is ready to grow, even if your mind is not. Place a hand on your heart and ask: what is this change asking me to release, and what is it inviting me to become? Courage is not the absence of fear; it is love that is bigger than fear.',
    ],
  },
  {
    name: 'anxiety',
    signals: [
      /\banxi/,
      /\bworr(?:y|ied|ying)/,
      /\bpanic/,
      /\bnervous/,
      /\boverwhelm/,
      /\bstress/,
      /\bafraid\b/,
      /\bfear(?:ful)?\b/,
      /\bscared\b/,
      /\boverthink/,
    ],
    replies: [
      'When anxiety rises, the body needs to feel safe before the mind can calm down. Try this practice right now: breathe in for four counts, hold for four, breathe out for six, and repeat five times. Then name five things you can see and four things you can hear. You are here, in this moment, and this moment is manageable.',
      'Worries grow louder when they only live in our heads. Take a few minutes to write every worry down, without judging them. Then reflect: which of these can I act on today, and which can I set aside until tomorrow? Putting them on paper often loosens their grip.',
      "Anxiety is often a messenger. Underneath it there may be a need that is not being met, or a boundary that is being crossed. Let's explore what your anxiety might be trying to tell you. When did you first notice it today, and what was happening around you?",
      'Please be gentle with yourself when you feel overwhelmed. Wrap yourself in a blanket, hold something warm, or rest your hand over your chest. These small acts of comfort speak directly to your nervous system and remind it that you are cared for.',
    ],
  },
  {
    name: 'grief',
    signals: [
      /\bgrie(?:f|ving|ve)/,
      /\bloss\b/,
      /\blost (?:my|a|our)\b/,
      /passed away/,
      /\bdied\b/,
      /\bdeath\b/,
      /\bmourn/,
      /\bmiss (?:him|her|them|my)\b/,
      /\bfuneral\b/,
    ],
    replies: [
      'I am so sorry for your loss. Grief is love that has nowhere to go, and it deserves to be honoured, not hurried. If it helps, try writing a letter to the one you miss, telling them what you wish you could say now. Reflect on the love that still lives in those words.',
      'Grief moves in waves, and some days the waves are very high. Be gentle with yourself on those days. Let others bring comfort where they can, and let yourself rest without guilt. There is no right way or right timeline to grieve.',
      'Dear soul, the ache you feel is a measure of how deeply you loved. Your heart is not broken beyond repair; it is stretching to hold both the loss and the love. In time, the love remains and the sharpest pain softens. Until then, you do not have to carry this alone.',
    ],
  },
  {
    name: 'connection',
    signals: [
      /\brelationship/,
      /\bbreak ?up\b/,
      /\bbroke up\b/,
      /\bheartbr/,
      /\bpartner\b/,
      /\bmarriage\b/,
      /\bdivorce/,
      /\blonel/,
      /\balone\b/,
      /\bfriends?hip/,
      /\bfamily\b/,
      /\bisolated\b/,
    ],
    replies: [
      'Relationships are some of our greatest teachers, and sometimes our most painful ones. Take some time to write about what this relationship has shown you about your needs, your boundaries and your longings. Reflect on what you would like to carry forward, and what you are ready to leave behind.',
      "Loneliness can feel like a hollow ache, yet it is also a sign of your deep capacity for connection. Let's explore what kind of connection you are longing for. Is it to be seen, to be understood, to belong? Knowing the need underneath helps you find where it can be met.",
      'When a relationship hurts, be gentle with your own heart first. Offer yourself the comfort you would offer a dear friend: rest, kind words, and time with people who make you feel safe. Healing begins with how you treat yourself.',
      'The most lasting relationship of your life is the one with your own soul. When you learn to meet yourself with kindness, you begin to attract connections that honour your heart. Ask yourself today: how can I be a loving presence for myself, just as I am?',
    ],
  },
  {
    name: 'anger',
    signals: [
      /\bangry\b/,
      /\banger\b/,
      /\bresent/,
      /\bforgiv/,
      /\bbetray/,
      /\bhurt me\b/,
      /\brage\b/,
      /\bbitter/,
      /\bfrustrat/,
    ],
    replies: [
      'Anger is not wrong; it often guards a hurt or a boundary that matters. Before deciding what to do with it, let it move through the body: breathe out hard three times, shake out your hands, or walk briskly for a few minutes. Once the energy settles, the wisdom inside the anger becomes easier to hear.',
      'Forgiveness is a gift you give yourself, not an approval of what happened. If you feel ready, write down what you are still holding, then write: "I choose to set this down, a little at a time." Reflect on how it feels to even consider it. There is no rush.',
      "I wonder what hurt lies underneath the anger. Anger often stands guard in front of sadness, fear or disappointment. Let's explore what this anger is protecting, so you can care for that tender place directly.",
    ],
  },
  {
    name: 'spiritual-practice',
    signals: [
      /\bmeditat/,
      /\bpray/,
      /\bmindful/,
      /\bbreath/,
      /spiritual practice/,
      /\bmantra/,
      /\bchakra/,
      /\bspiritual(?:ity)?\b/,
      /\bawaken/,
      /\bintention/,
      /\bmorning routine\b/,
      /\britual/,
    ],
    replies: [
      'A simple way to begin meditation is to make it small and kind. Sit for five minutes, eyes closed or softly lowered. Breathe naturally and silently count each exhale from one to ten, then begin again. When thoughts come, and they will, simply notice them and return to the count. Consistency matters far more than length.',
      'Spiritual growth is often quiet and gradual. A lovely companion for the path is an evening journal: write three moments from your day when you felt connected, to yourself, to others or to something greater. Reflect on what those moments have in common. Over weeks, you will see your own path appear on the page.',
      "Your spiritual life does not need to look like anyone else's. Some people find the sacred in silence, some in movement, some in service, some in nature. Let's explore what has touched your heart most deeply in the past, and let that guide the next step of your path.",
      'Begin each day by placing a hand on your heart and setting one intention: a quality you want to carry, such as patience, courage or tenderness. Let your soul choose the word. Return to it whenever the day pulls you away from yourself.',
    ],
  },
  {
    name: 'decision',
    signals: [
      /\bdecision/,
      /\bdecide/,
      /\bchoice/,
      /\bchoose\b/,
      /\bintuition/,
      /\bgut (?:feeling|instinct)/,
      /\bshould i\b/,
      /\bcrossroads\b/,
      /\bconfused\b/,
    ],
    replies: [
      'When a decision feels heavy, try this practice: imagine you have already chosen the first option and live with it for a day in your mind. Notice how your body feels: open or tight? Then do the same with the other option. Breathe slowly between them. Your body often knows before your mind does.',
      'Write each option at the top of its own page. Under each, write what it would give you, what it would cost you, and how you would feel a year from now. Then reflect on which page you wanted to keep writing. That longing is valuable information.',
      "Sometimes a decision feels impossible because underneath it lies a deeper question about who we are or what we value most. Let's explore that: which of your values does each choice honour? The clearest path is often the one that keeps faith with what matters to you.",
      'Your heart has a quiet wisdom that speaks beneath the noise of other people\'s opinions. Sit in silence for a few minutes and ask, "What do I truly want?" The first answer that arrives with a sense of peace is often your intuition calling you home.',
    ],
  },
  {
    name: 'gratitude',
    signals: [
      /\bgrateful\b/,
      /\bgratitude\b/,
      /\bthank(?:s| you)\b/,
      /\bhappy\b/,
      /\bjoy(?:ful)?\b/,
      /\bblessed\b/,
      /\bcelebrat/,
    ],
    replies: [
      'What a beautiful thing to share. Joy and gratitude deserve our full attention, just as much as our struggles. Take a moment to savour this: breathe it in slowly and let it fill your whole body. Practising noticing the good trains the mind to find it more often.',
      'Thank you for bringing this light here. Gratitude opens the heart and reminds the soul of how much is already given. May this feeling stay with you, and may it find its way to the people around you too.',
      "I'm so glad to hear this. If you like, write down this moment tonight, with as many details as you can remember. On harder days, reading it back can reflect the truth that good moments are always possible again.",
    ],
  },
  {
    name: 'identity',
    signals: [
      /\bare you (?:an? )?(?:ai|bot|robot|human|real|person|machine)\b/,
      /\bwho are you\b/,
      /\bwhat are you\b/,
      /\bchatgpt\b/,
      /\bartificial\b/,
      /\bam i talking to\b/,
    ],
    replies: [
      "I'm an AI companion, a computer program created for the coach's website, not a human being. I offer reflections and simple practices in the coach's compassionate spirit, but I'm not a therapist or a substitute for professional care, and I don't remember our conversation once it ends. For personal guidance, you are warmly invited to book a free 30-minute clarity call with the coach.",
      "I'm an AI, an automated companion on the coach's site. I can listen, offer reflections and suggest gentle practices, but I'm not a person and I can't give medical, psychological or crisis support. If you would like a real human conversation, the coach offers a free 30-minute clarity call.",
    ],
  },
  {
    name: 'coaching',
    signals: [
      /\bbook(?:ing)?\b/,
      /\bsession\b/,
      /\bcoach(?:ing)?\b/,
      /\bprices?\b/,
      /\bcost\b/,
      /\bprograms?\b/,
      /\bretreat\b/,
      /\bwork with you\b/,
      /\bappointment\b/,
    ],
    replies: [
      "I'm an AI companion, so I can't make bookings myself, but the coach would love to meet you. You can book a free 30-minute clarity call from the Book Free Call button, and the coaching page describes every program, from a single Soul Spark Session to the six-month Spiritual Mastery Intensive.",
      'A free 30-minute clarity call is the best way to find the right path with the coach: you share where you are, and together you explore what would help most. You will find the booking button at the top of every page, and all programs are described on the coaching page.',
    ],
  },
  {
    name: 'greeting',
    signals: [/^(?:hi|hello|hey|namaste|greetings|good (?:morning|afternoon|evening))\b/],
    replies: [
      "Hello, dear soul, and welcome. I'm the coach's AI companion, here to offer reflections and simple practices for your journey. What is stirring in your heart today?",
      "Welcome. I'm an AI companion, and this is a quiet space for whatever you are carrying. You might share a question, a worry or a hope. What would feel most helpful to explore right now?",
    ],
  },
];

/** Replies when no theme matches: open questions that invite the visitor to say more. */
export const GENERAL_REPLIES: string[] = [
  'Thank you for sharing this with me. Whatever you are facing, you do not have to solve it all at once. Start by taking three slow breaths, then ask yourself: what do I need most right now? Rest, clarity, connection or courage? Let that answer guide your next small step.',
  'Thank you for trusting me with this. It can help to write about it for a few minutes, without editing, simply letting the words come. Afterwards, reflect on what stood out. Often we understand our own hearts better once we see our thoughts on the page.',
  "There is often more underneath a question than we first notice. Let's explore it together: what feelings come up as you think about this, and where do you feel them in your body? Tell me a little more, and we can look at it from a new angle.",
  'Whatever brought you here today, please be gentle with yourself. Growth happens in small moments of kindness, not in harsh demands. Let this moment be one of comfort: you are allowed to go slowly, and you are allowed to ask for help.',
  'Dear soul, every question you bring is part of your journey, and your heart already holds more wisdom than you may realise. Listen for what feels true and quietly calling you, and trust that each step, however small, is moving you forward.',
];
