import type { BLOG_FILTER_CATEGORIES } from '@coach/contracts';

/**
 * The curated material of offline daily posts: per topic, alternative titles, openings,
 * sections, practices and closings, all in the coach's voice, to be combined into one post.
 */

export interface Section {
  heading: string;
  body: string;
}

export interface Topic {
  category: (typeof BLOG_FILTER_CATEGORIES)[number];
  tags: string[];
  titles: string[];
  intros: string[];
  /** Three sections, of which a post has two, in their order here. */
  sections: Section[];
  practices: Section[];
  closings: string[];
}

/** Headings that introduce the practice of a post. */
export const PRACTICE_HEADINGS = ['A Practice for Today', 'Bringing It Into Your Day', 'An Invitation for This Week'];

export const TOPICS: Topic[] = [
  {
    category: 'Healing',
    tags: ['healing', 'self-compassion', 'inner child'],
    titles: [
      'Tending the Places That Still Hurt',
      'The Kindness That Heals',
      'Healing Begins With How You Speak to Yourself',
      'Becoming a Safe Place for Yourself',
      'What Your Old Wounds Are Asking For',
    ],
    intros: [
      'Most of us know how to be kind to a friend in pain. We soften our voice, we listen, we remind them that they are doing their best. Yet when the pain is our own, we often reach for criticism instead of care.',
      'Old wounds have a way of announcing themselves at unexpected moments: a tone of voice, a closed door, a feeling of being left out. When they do, they are not asking to be judged. They are asking to be tended.',
    ],
    sections: [
      {
        heading: 'Why the Inner Critic Is So Loud',
        body: 'The harsh voice inside is rarely cruel by nature. Usually it is an old protector that learned, long ago, that being hard on yourself was safer than being hurt by someone else. It believes that if it criticises you first, the world cannot surprise you. Understanding this changes the conversation: you do not have to fight the critic, only thank it and show it another way.',
      },
      {
        heading: 'Meeting the Younger You',
        body: 'Many of our strongest reactions belong to a younger version of ourselves who did not have the words or the support to make sense of what happened. When a feeling seems bigger than the moment, it can help to ask: how old do I feel right now? Often the answer is surprisingly young. That child does not need a lecture. They need someone to stay.',
      },
      {
        heading: 'Self-Compassion Is Not Self-Pity',
        body: 'Some people fear that kindness toward themselves will make them weak or lazy. The opposite is true. Self-compassion gives us a safe place to stand while we look honestly at our mistakes. From that safety we can learn, repair and grow, instead of hiding from what hurts.',
      },
    ],
    practices: [
      {
        heading: 'A Letter of Kindness',
        body: 'Write a short letter to yourself from the point of view of someone who loves you without condition. Let them name what you have been carrying and what they admire in how you carry it. Read it aloud, slowly. Notice where the words land in your body, and breathe there for a few moments.',
      },
      {
        heading: 'The Hand on the Heart Pause',
        body: 'Three times today, when you notice tension or self-criticism, place one hand on your heart and one on your belly. Breathe in for four counts and out for six. Silently say: "This is a hard moment. I am here with you." It takes less than a minute, and it teaches the nervous system that care is available.',
      },
    ],
    closings: [
      'Healing is not about becoming someone new. It is about coming home to the one who was always there, waiting for your kindness.',
      'Be patient with the places that still hurt. They are not signs that you have failed to heal; they are the very places where healing is happening.',
    ],
  },
  {
    category: 'Purpose',
    tags: ['purpose', 'calling', 'meaning'],
    titles: [
      'Listening for Your Quiet Calling',
      'Purpose Is a Direction, Not a Destination',
      'The Whisper Beneath Your Restlessness',
      'Following the Thread of What Matters',
      'When Your Life Asks for More Meaning',
    ],
    intros: [
      'We often imagine purpose as a single grand answer that will arrive one day and make everything clear. In truth, purpose usually speaks in whispers: a pull toward certain people, certain questions, certain kinds of work.',
      'Restlessness can be a gift. When a life that looks fine on the outside feels too small on the inside, something in you is asking to grow.',
    ],
    sections: [
      {
        heading: 'Clues Hidden in Ordinary Days',
        body: 'Your purpose leaves fingerprints on your everyday life. Notice when you lose track of time, what people thank you for, and which injustices or beauties move you most. These are not random preferences. They are clues, pointing toward the gifts you are here to share.',
      },
      {
        heading: 'Why Fear Gets Loud Near Your Calling',
        body: 'The closer we come to what truly matters to us, the louder our fears often become. The voice that says "who are you to do this?" tends to appear exactly when we approach something meaningful. Fear near your calling is not a stop sign. It is often a sign that you care.',
      },
      {
        heading: 'Purpose Can Change as You Grow',
        body: 'What gave your life meaning at twenty may not be what calls you at forty. That is not failure or inconsistency; it is maturity. Purpose is a living relationship with the world, and like every relationship, it deepens and changes over time.',
      },
    ],
    practices: [
      {
        heading: 'The Alive List',
        body: 'For the next seven days, write down one moment each evening when you felt most alive, useful or at peace. Add a line about what you were doing and who you were with. At the end of the week, read the list in one sitting and circle what repeats. Those repetitions are your compass.',
      },
      {
        heading: 'A Letter From Your Future Self',
        body: 'Imagine yourself ten years from now, living a life that feels deeply true. Write a letter from that future self to the person you are today. What do they thank you for? What do they encourage you to begin? Write freely for fifteen minutes, then underline the sentence that moves you most.',
      },
    ],
    closings: [
      'You do not need the whole map to take the next step. Follow the whisper, and trust that the path will reveal itself as you walk it.',
      'Your life already matters. Purpose is simply the practice of living as if you believe it.',
    ],
  },
  {
    category: 'Spiritual Growth',
    tags: ['presence', 'meditation', 'mindfulness'],
    titles: [
      'The Practice of Coming Back',
      'Presence Is the Doorway',
      'Finding the Sacred in This Moment',
      'Awakening in Ordinary Moments',
      'The Quiet Path of Attention',
    ],
    intros: [
      'Spiritual growth is often imagined as climbing toward something far away. Yet many traditions agree that what we are seeking is already here, in the moment we keep rushing past.',
      'The mind loves to live in yesterday and tomorrow. The spirit lives now. Every time we return to the present moment, we return to the place where life is actually happening.',
    ],
    sections: [
      {
        heading: 'Wandering Is Part of the Path',
        body: 'In meditation, the mind will wander. This is not failure; it is the whole practice. Each time you notice that you have drifted and gently return, you strengthen the muscle of presence. A session full of wandering and returning is not a bad meditation. It is a faithful one.',
      },
      {
        heading: 'Ordinary Moments as Practice',
        body: 'You do not need a cushion or a retreat to grow spiritually. Washing a cup, walking to the car, listening to a friend: each can become a practice when done with full attention. The sacred is not elsewhere. It is in the texture of the ordinary, waiting to be noticed.',
      },
      {
        heading: 'The Gift of Silence',
        body: 'We fill our days with sound: music, podcasts, notifications, conversation. Silence can feel uncomfortable at first, even empty. But in silence, insights surface that had no room before. A few minutes of quiet each day can become a doorway to a deeper kind of listening.',
      },
    ],
    practices: [
      {
        heading: 'Three Breaths Before Each Transition',
        body: 'Before you start the car, open your laptop or walk into a room, pause for three slow breaths. Feel your feet, soften your shoulders and notice one thing you can see. These tiny pauses, repeated through the day, weave presence into the fabric of your life.',
      },
      {
        heading: 'A Ten-Minute Sitting',
        body: 'Sit comfortably with your back upright and relaxed. Close your eyes and rest your attention on the sensation of breathing at the nostrils. Count each exhale from one to ten, then begin again. When you lose count, smile and start over at one. Do this each morning for a week and notice what changes.',
      },
    ],
    closings: [
      'This moment is not a waiting room for a better one. It is the only place where your life, and your awakening, can happen.',
      'Come back, and come back again. That gentle returning is the path.',
    ],
  },
  {
    category: 'Daily Wisdom',
    tags: ['gratitude', 'joy', 'daily ritual'],
    titles: [
      'The Quiet Power of Gratitude',
      'Small Joys, Daily Medicine',
      'Noticing What Is Already Good',
      'A Grateful Heart on Ordinary Days',
      'Counting What Is Already Given',
    ],
    intros: [
      'The mind is wired to notice what is wrong. It kept our ancestors alive, but left unchecked it can make a good life feel like a list of problems.',
      'Gratitude is not about pretending everything is fine. It is about widening the lens until we can see the good that sits beside the hard.',
    ],
    sections: [
      {
        heading: 'Why Gratitude Changes the Brain',
        body: 'Each time we pause to notice something good, we strengthen the pathways that help us notice more of it. Over weeks, a simple habit of appreciation can shift the background mood of a life, making it easier to recover from setbacks and to feel connected to others.',
      },
      {
        heading: 'Gratitude on Hard Days',
        body: 'On difficult days gratitude can feel forced, and it should never be used to silence real pain. But even in hard seasons there is often something small to hold on to: a kind message, a warm drink, the fact that you are still trying. Small gratitude is still gratitude.',
      },
      {
        heading: 'Sharing the Good',
        body: 'Gratitude grows when it is spoken. Telling someone specifically what they did and how it affected you is a gift to both of you. It strengthens relationships and reminds us that we are held by a web of care larger than we usually notice.',
      },
    ],
    practices: [
      {
        heading: 'Three Good Things',
        body: 'Tonight, before sleep, write down three good things that happened today and why they happened. They can be tiny: sunlight through a window, a shared laugh, a task finished. Do this for seven nights and notice how your attention begins to change during the day.',
      },
      {
        heading: 'One Message of Thanks',
        body: 'Think of someone who has helped you, recently or long ago. Send them a short message telling them exactly what they did and what it meant to you. Keep it simple and sincere. Notice how you feel after sending it.',
      },
    ],
    closings: [
      'May you notice, today, at least one small gift that was waiting for your attention.',
      'What we appreciate, appreciates. Let today be a day of noticing.',
    ],
  },
  {
    category: 'Transformation',
    tags: ['letting go', 'change', 'new beginnings'],
    titles: [
      'The Art of Letting Go',
      'Making Room for What Wants to Come',
      'Releasing What You Have Outgrown',
      'Open Hands, Open Heart',
      'Trusting the Space After an Ending',
    ],
    intros: [
      'Every transformation asks us to release something: an old role, a belief, a relationship or a version of ourselves that once kept us safe. Letting go is rarely easy, even when we know it is time.',
      'Autumn trees do not cling to their leaves. They let them fall, trusting that spring will come. We can learn from their quiet wisdom.',
    ],
    sections: [
      {
        heading: 'Why We Hold On',
        body: 'We hold on to what is familiar because the known feels safer than the unknown, even when the known is painful. Holding on is not weakness. It is the mind trying to protect us. Recognising this allows us to meet our resistance with compassion instead of frustration.',
      },
      {
        heading: 'Grieving What You Release',
        body: 'Letting go often involves grief, even when the change is chosen and good. You may miss an old identity, a familiar routine or a relationship that no longer fits. Allow yourself to mourn. Grief honours what was, and it clears space for what is coming.',
      },
      {
        heading: 'The Space Between',
        body: 'After letting go and before the new arrives, there is often a season of emptiness. It can feel uncomfortable, even frightening. Yet this space is sacred. It is where new possibilities have room to take shape, if we can resist the urge to fill it too quickly.',
      },
    ],
    practices: [
      {
        heading: 'A Ritual of Release',
        body: 'Write on a piece of paper something you are ready to release: a habit, a fear, a story about yourself. Read it aloud, thank it for what it gave you, and then tear the paper or safely burn it. Rituals give the heart a way to feel what the mind has already decided.',
      },
      {
        heading: 'Clear One Small Space',
        body: 'Choose one drawer, shelf or corner of your home and clear it of everything you no longer need. As you work, notice what you feel about each object. Outer clearing often mirrors inner clearing, and one small empty space can remind you that there is room for something new.',
      },
    ],
    closings: [
      'What you release makes room for what is trying to find you. Open your hands, and trust the space.',
      'Letting go is not losing. It is making space for the life that is waiting to grow.',
    ],
  },
  {
    category: 'Healing',
    tags: ['rest', 'nervous system', 'burnout'],
    titles: [
      'Rest Is Sacred, Not Selfish',
      'When the Body Asks You to Slow Down',
      'The Healing Power of Doing Less',
      'You Are Allowed to Stop',
      'Restoring Your Energy, Gently',
    ],
    intros: [
      'We live in a world that rewards exhaustion and calls it dedication. Many of us only allow ourselves to rest once everything is done, and everything is never done.',
      'Tiredness that sleep does not fix is often a message. The body and the spirit are asking for something deeper than a day off: they are asking to be allowed to stop performing for a while.',
    ],
    sections: [
      {
        heading: 'The Nervous System Keeps the Score',
        body: 'When we live in constant alertness, the body stays braced for danger even when we are safe. Shoulders rise, breath becomes shallow, sleep grows light. Healing begins when we give the nervous system repeated, gentle proof that it can stand down. Rest is not the reward for healing; it is one of its main ingredients.',
      },
      {
        heading: 'Different Kinds of Rest',
        body: 'Sleep is only one kind of rest. There is also the rest of silence after a day of noise, the rest of creativity after a day of obligations, and the rest of being with people who ask nothing of us. Notice which kind you are missing most. The cure for tiredness is often not more sleep, but a different kind of rest.',
      },
      {
        heading: 'Letting Go of the Guilt',
        body: 'If resting makes you feel guilty, you are not alone. Many of us learned early that our worth depended on being useful. But a field left fallow for a season is not lazy; it is preparing for a richer harvest. You are allowed to be a person, not only a productive one.',
      },
    ],
    practices: [
      {
        heading: 'Five Minutes of True Rest',
        body: 'Set a timer for five minutes. Lie on the floor with your knees bent and your feet flat, one hand on your chest and one on your belly. Let the floor hold your full weight. Breathe slowly, making each exhale a little longer than the inhale. Do nothing else. When the timer rings, notice what has softened.',
      },
      {
        heading: 'An Energy Inventory',
        body: 'At the end of each day this week, write two short lists: what gave me energy today, and what took it. Do not judge the lists, simply notice. By the end of the week, choose one drain you can reduce and one source you can invite back, and let that be your gentle experiment for the next week.',
      },
    ],
    closings: [
      'May you find permission today to rest before you are empty, and to treat your energy as the precious gift it is.',
      'You do not have to earn rest. Your body, your heart and your spirit deserve care simply because they are yours.',
    ],
  },
  {
    category: 'Purpose',
    tags: ['gifts', 'service', 'leadership'],
    titles: [
      'Your Gifts Are Meant to Be Shared',
      'Small Acts, Deep Purpose',
      'Leading With What You Love',
      'The Purpose Hidden in What Comes Easily',
      'Serving From Overflow, Not Emptiness',
    ],
    intros: [
      'Many people wait for permission to offer their gifts: the right qualification, the right moment, the right amount of confidence. Meanwhile, the world waits for exactly what they carry.',
      'Purpose does not only live in big decisions. It lives in the way we listen, the way we create and the way we show up for the people in front of us.',
    ],
    sections: [
      {
        heading: 'What Comes Easily to You',
        body: 'We tend to undervalue what comes naturally to us, assuming that if it is easy for us, it must be easy for everyone. It is not. The way you calm a room, explain an idea or notice what others miss may be a rare gift. Pay attention to what you do without effort; it is often where your contribution lives.',
      },
      {
        heading: 'Service Without Self-Abandonment',
        body: 'Sharing your gifts does not mean giving until you are empty. Service that flows from overflow nourishes both giver and receiver; service that flows from depletion slowly turns into resentment. Honouring your own needs is part of honouring your purpose.',
      },
      {
        heading: 'Leadership Begins Within',
        body: 'Whether or not you hold a title, you lead whenever you influence the atmosphere around you. Heart-centred leadership starts with presence: being fully with people, speaking truth with kindness and admitting when you are wrong. These small choices ripple further than you can see.',
      },
    ],
    practices: [
      {
        heading: 'Ask Three People',
        body: 'This week, ask three people who know you well: "What do you think I am naturally good at?" Listen without arguing or minimising. Write their answers down. You may discover gifts you have been overlooking for years.',
      },
      {
        heading: 'One Offering a Day',
        body: 'Each day this week, offer one of your gifts in a small way: a word of encouragement, a shared idea, an hour of focused creation, a meal for someone who is struggling. Notice how it feels in your body afterwards. Purpose often reveals itself through the joy of giving.',
      },
    ],
    closings: [
      'The world does not need you to be someone else. It needs the particular light that only you can bring.',
      'Begin small, begin today, and let your gifts find their way to the people who are waiting for them.',
    ],
  },
  {
    category: 'Spiritual Growth',
    tags: ['intuition', 'inner wisdom', 'trust'],
    titles: [
      'Learning to Trust Your Inner Voice',
      'The Quiet Wisdom Within',
      'How Intuition Speaks',
      'Your Body Knows the Way',
      'Hearing Yourself Above the Noise',
    ],
    intros: [
      'You have probably had the experience of knowing something before you could explain it: a feeling about a person, a place or a decision that later proved true. That quiet knowing is intuition, and it can be strengthened like any other capacity.',
      'In a world full of advice, opinions and expert voices, the hardest voice to hear can be our own. Yet it is often the one that knows the way.',
    ],
    sections: [
      {
        heading: 'The Language of the Body',
        body: 'Intuition often speaks through sensation before it speaks in words: a lightness in the chest, a tightening in the stomach, a sudden sense of warmth or unease. Learning to notice these signals, without immediately explaining them away, is the first step in learning to listen.',
      },
      {
        heading: 'Intuition or Fear?',
        body: 'Fear and intuition can feel similar, but they tend to speak differently. Fear is usually loud, urgent and full of stories about what might go wrong. Intuition is often quiet, calm and simple, sometimes just a single word or image. When in doubt, slow down and notice which voice feels more peaceful underneath.',
      },
      {
        heading: 'Building Self-Trust',
        body: 'Trust in our inner voice grows the same way trust grows between people: through keeping small promises. Each time you follow a quiet nudge and see where it leads, you build a track record with yourself. Start with low-stakes choices and let confidence grow from there.',
      },
    ],
    practices: [
      {
        heading: 'The Body Compass',
        body: 'Think of a simple choice you face. Imagine choosing the first option and notice your body for thirty seconds: does it feel expanded or contracted? Then imagine the second option. Write down what you noticed. Do this with small decisions for a week, and you will begin to recognise your own inner yes and no.',
      },
      {
        heading: 'Morning Pages for the Inner Voice',
        body: 'Each morning this week, before checking your phone, write one page by hand about whatever is on your mind. At the end, ask: "What do I already know that I have not been listening to?" Write the first answer that comes, without censoring it.',
      },
    ],
    closings: [
      'Your inner wisdom has been with you all along. The practice is not to find it, but to make enough quiet to hear it.',
      'Trust grows one small step at a time. Follow the next quiet nudge, and see where it leads you.',
    ],
  },
  {
    category: 'Daily Wisdom',
    tags: ['boundaries', 'self-respect', 'relationships'],
    titles: [
      'Saying No With Love',
      'Boundaries Are a Form of Kindness',
      'Protecting Your Peace Without Closing Your Heart',
      'The Gentle Strength of a Clear No',
      'Honouring Your Limits With Grace',
    ],
    intros: [
      'Many kind-hearted people find it hard to say no. They fear disappointing others, seeming selfish or losing love. So they say yes, and yes again, until there is little of them left.',
      'A boundary is not a wall. It is a gate that you are allowed to open and close, so that what enters your life does so with your consent.',
    ],
    sections: [
      {
        heading: 'Why Boundaries Feel So Hard',
        body: 'If you grew up in a home where your needs came last, setting boundaries can feel dangerous, as if love depended on your endless availability. Recognising where this pattern began is the first step in gently changing it. You are allowed to have needs, and to express them.',
      },
      {
        heading: 'A Clear No Makes Room for a True Yes',
        body: 'Every yes to something is a no to something else, often to our own rest, health or dreams. When we learn to say no clearly, our yes becomes more wholehearted. People can trust it, because they know it is freely given.',
      },
      {
        heading: 'Holding Boundaries With Compassion',
        body: 'Setting a boundary does not require anger or long explanations. It can be as simple as: "I can\'t take that on right now, but I care about you." Others may react with surprise or disappointment. That is allowed. Their feelings are real, and so are your limits.',
      },
    ],
    practices: [
      {
        heading: 'The Pause Before Yes',
        body: 'This week, whenever someone asks something of you, give yourself permission to say: "Let me think about it and get back to you." Use the pause to check in with your body and your energy. Then answer from choice rather than from habit.',
      },
      {
        heading: 'Write Your Three Non-Negotiables',
        body: 'Write down three things you need in order to feel well: perhaps sleep before midnight, an hour without screens, or one evening a week for yourself. Put the list somewhere you will see it. Protect those three things this week as you would protect an appointment with someone you love.',
      },
    ],
    closings: [
      'Boundaries are not a rejection of others. They are an act of respect for the life you have been given.',
      'May you give from fullness rather than emptiness, and may your yes and your no both be spoken with love.',
    ],
  },
  {
    category: 'Transformation',
    tags: ['courage', 'fear', 'growth'],
    titles: [
      'Courage for the Next Chapter',
      'Walking Through Fear Toward Growth',
      'When Everything Is Changing',
      'Becoming Who You Are Meant to Be',
      'Brave Steps Into the Unknown',
    ],
    intros: [
      'The caterpillar does not become a butterfly by improving itself. Inside the chrysalis it dissolves before it is rebuilt. Real transformation often feels like falling apart before it feels like becoming.',
      'Every new chapter begins at the edge of what we know. Standing at that edge, it is natural to feel afraid. Courage does not mean the fear disappears; it means we take the step anyway.',
    ],
    sections: [
      {
        heading: 'Fear Is Not the Enemy',
        body: 'Fear is a sign that something important is at stake. Instead of pushing it away, we can thank it for trying to keep us safe and then listen for the wisdom it carries. Some fears point to real risks we should prepare for; others are old stories we are ready to retire.',
      },
      {
        heading: 'Small Steps Build Courage',
        body: 'Courage is a muscle, and it grows through use. We do not need to leap into the unknown all at once. Each small brave act, a difficult conversation, a new class, an honest answer, builds the confidence for the next. Transformation is often just many small courageous steps in the same direction.',
      },
      {
        heading: 'Who Walks Beside You',
        body: 'No one transforms entirely alone. A friend, a mentor, a coach or a community can hold the vision of who you are becoming when you lose sight of it. Reaching for support is not a sign of weakness; it is one of the wisest steps you can take.',
      },
    ],
    practices: [
      {
        heading: 'Name Your Fear, Name Your Hope',
        body: 'Take a sheet of paper and draw a line down the middle. On the left, write what you fear about the change ahead. On the right, write what you hope for. Read both sides slowly. Then choose one small action this week that moves you toward the right-hand column.',
      },
      {
        heading: 'The One-Brave-Thing Week',
        body: 'For seven days, do one thing each day that feels slightly brave: speak up in a meeting, ask for help, try something new, share an honest feeling. Write it down each evening. By the end of the week, you will have seven pieces of evidence that you can do hard things.',
      },
    ],
    closings: [
      'You have already survived every difficult day of your life so far. You can trust yourself with the next chapter.',
      'Courage is love that is bigger than fear. May you feel that love carrying you forward.',
    ],
  },
];
