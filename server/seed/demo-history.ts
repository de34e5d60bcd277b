import type { SessionFormat } from '#domain/money/pricing';

/**
 * The demo marketplace's past (seeded by server/seed/seed-history.ts through the real services): the
 * clients who booked the demo coaches, each coach's completed sessions and the reviews written after
 * them. Every figure a screen shows (a coach's rating, reviews, sessions and clients; a wallet's
 * history; a coach's revenue) is computed from the rows these produce, never typed in.
 */

/** Demo clients without a password (nobody signs in as them): past reviewers, shown by first name. */
export const DEMO_CLIENTS = {
  maya: { email: 'client@wellspring.demo', fullName: 'Maya Thompson' },
  jonas: { email: 'jonas.berg@clients.wellspring.demo', fullName: 'Jonas Berg' },
  aisha: { email: 'aisha.rahman@clients.wellspring.demo', fullName: 'Aisha Rahman' },
  leo: { email: 'leo.fischer@clients.wellspring.demo', fullName: 'Leo Fischer' },
  carmen: { email: 'carmen.ruiz@clients.wellspring.demo', fullName: 'Carmen Ruiz' },
  ethan: { email: 'ethan.brooks@clients.wellspring.demo', fullName: 'Ethan Brooks' },
  mei: { email: 'mei.lin@clients.wellspring.demo', fullName: 'Mei Lin' },
  oscar: { email: 'oscar.nilsson@clients.wellspring.demo', fullName: 'Oscar Nilsson' },
  rosa: { email: 'rosa.bianchi@clients.wellspring.demo', fullName: 'Rosa Bianchi' },
} as const;

export type DemoClientKey = keyof typeof DEMO_CLIENTS;

/** A review as its author writes it on the review screen (1 to 5 stars). */
export type DemoReview = { rating: 1 | 2 | 3 | 4 | 5; body: string; reply?: string };

/**
 * One past session: the client asked (instant request), the coach accepted, it ran its minutes and
 * completed. The client's review (and the coach's, when given) are written a few hours later; one
 * side alone stays hidden until the other writes or 7 days pass (double-blind), as on the real screens.
 */
export type DemoPastSession = {
  client: DemoClientKey;
  daysAgo: number;
  format: SessionFormat;
  minutes: 15 | 30 | 45 | 60;
  review?: DemoReview;
  coachReview?: DemoReview;
};

export type DemoCoachHistory = {
  /** What the clients wrote as the purpose of their requests (taken in turn). */
  purposes: string[];
  sessions: DemoPastSession[];
};

/** A review: its stars, its text and, for a client's review, the coach's reply. */
const stars = (rating: DemoReview['rating'], body: string, reply?: string): DemoReview =>
  reply === undefined ? { rating, body } : { rating, body, reply };

/** A past session: the client, how many days before the seed, its format and minutes, then its reviews. */
const past = (
  client: DemoClientKey,
  daysAgo: number,
  format: SessionFormat,
  minutes: DemoPastSession['minutes'],
  reviews: Pick<DemoPastSession, 'review' | 'coachReview'> = {},
): DemoPastSession => ({ client, daysAgo, format, minutes, ...reviews });

/** Per demo coach (by username). Days are whole days before the seed; sessions of one client never overlap. */
export const DEMO_HISTORY: Record<string, DemoCoachHistory> = {
  'lena-ortiz': {
    purposes: [
      'Work stress is spilling into my evenings',
      'I want a calmer morning routine',
      'Sleep has been poor since my new role',
    ],
    sessions: [
      past('maya', 70, 'video', 30, {
        review: stars(
          5,
          "Lena helped me see that my Sunday-evening dread was really about Monday's meeting load. Two small changes and I already sleep better.",
          'Thank you, Maya. Keep protecting those Monday mornings!',
        ),
        coachReview: stars(
          5,
          'Maya came with a clear picture of her week and was open to trying new things.',
        ),
      }),
      past('jonas', 64, 'audio', 30, {
        review: stars(
          5,
          'Calm, warm and very practical. The breathing exercise works even in the middle of a stand-up.',
        ),
      }),
      past('maya', 56, 'video', 45, {
        review: stars(
          5,
          'We built a wind-down routine together. Lena checks the details without ever making me feel judged.',
        ),
      }),
      past('aisha', 49, 'video', 60, {
        review: stars(
          4,
          'Helpful structure for my nerves before presentations. I would have liked a little more time for practice.',
        ),
        coachReview: stars(5, 'Aisha did the homework between sessions and it showed.'),
      }),
      past('maya', 42, 'text', 30, {
        review: stars(4, 'A text session was perfect for a busy day. Short, kind and to the point.'),
      }),
      past('leo', 38, 'video', 30, {
        review: stars(
          5,
          'I came in sceptical and left with a plan. The best half hour I have spent on myself this year.',
        ),
      }),
      past('maya', 28, 'audio', 30, {
        review: stars(5, 'The "two things that matter" exercise changed how I plan my week.'),
        coachReview: stars(5, 'Lovely to see your progress, Maya: calmer, clearer and kinder to yourself.'),
      }),
      past('carmen', 24, 'video', 45, {
        review: stars(
          5,
          'Lena explained what stress does in the body in plain words. It finally made sense to me.',
          'So glad it clicked, Carmen. See you next month.',
        ),
      }),
      past('maya', 14, 'video', 60, {
        review: stars(
          5,
          'An honest conversation about the warning signs of burnout. I left with a plan for the next four weeks.',
        ),
      }),
      past('jonas', 9, 'video', 30, {
        review: stars(5, 'Second session, as good as the first. The notes afterwards were a great touch.'),
        coachReview: stars(4, 'Jonas is making steady progress with his evening routine.'),
      }),
      past('maya', 5, 'video', 30),
      past('mei', 4, 'text', 15, {
        review: stars(5, 'A quick check-in before a tough meeting. Exactly what I needed.'),
      }),
      past('maya', 2, 'audio', 45),
    ],
  },
  'amara-okafor': {
    purposes: ['Interview next week', 'Negotiating my first offer', 'Changing careers into tech'],
    sessions: [
      past('oscar', 80, 'video', 45, {
        review: stars(5, 'The mock interview was tougher than the real one. I got the job!'),
        coachReview: stars(5, 'Oscar prepared thoroughly and took feedback well.'),
      }),
      past('carmen', 67, 'audio', 30, {
        review: stars(
          5,
          'I went from "I will take whatever they offer" to asking for 12% more, and getting it.',
        ),
      }),
      past('maya', 50, 'audio', 30, {
        review: stars(5, 'Amara helped me tell my career story in three sentences instead of ten minutes.'),
      }),
      past('jonas', 21, 'video', 45, {
        review: stars(
          5,
          'Practical and encouraging. I now have a story ready for every behavioural question.',
        ),
        coachReview: stars(5, 'Jonas was open, curious and well prepared.'),
      }),
      past('ethan', 6, 'video', 30),
    ],
  },
  'kenji-watanabe': {
    purposes: ['Learning to meditate', 'My mind races at night', 'Building a daily sitting habit'],
    sessions: [
      past('mei', 85, 'video', 30, {
        review: stars(5, 'Kenji makes meditation feel simple. No jargon, no pressure.'),
      }),
      past('oscar', 60, 'video', 30, {
        review: stars(5, 'Gentle and funny. I did not expect to enjoy sitting still this much.'),
        coachReview: stars(5, 'Oscar was a curious, attentive beginner.'),
      }),
      past('maya', 35, 'video', 60, {
        review: stars(
          5,
          'An hour went by like ten minutes. I finally understand what "returning to the breath" means.',
        ),
        coachReview: stars(5, 'Maya brought great questions and practised between sessions.'),
      }),
      past('leo', 18, 'video', 30, {
        review: stars(5, "Kenji's posture tips ended my back pain while sitting."),
      }),
      past('maya', 3, 'audio', 30),
    ],
  },
  'sofia-marquez': {
    purposes: ['Meals the whole family eats', 'Snacking in the evening', 'Reading food labels'],
    sessions: [
      past('aisha', 58, 'video', 45, {
        review: stars(5, 'Our family finally eats the same dinner. The batch-cooking plan is a lifesaver.'),
      }),
      past('rosa', 30, 'video', 30, {
        review: stars(5, 'Sofia built meals around what my kids already like. Genius.'),
        coachReview: stars(5, 'Rosa came with a food diary, which made everything easier.'),
      }),
      past('mei', 7, 'text', 15),
    ],
  },
  'marcus-bell': {
    purposes: ['Getting stronger at home', 'Exercise that is kind to my knees'],
    sessions: [
      past('jonas', 77, 'video', 45, {
        review: stars(5, 'At 52 I can do push-ups again. Marcus adapts every exercise to my knees.'),
      }),
      past('oscar', 36, 'video', 60, {
        review: stars(5, 'He notices problems with my form that I never would have.'),
        coachReview: stars(5, 'Oscar works hard and listens to his body.'),
      }),
      past('rosa', 8, 'video', 30, {
        review: stars(5, 'Marcus made strength training feel possible for me.'),
      }),
    ],
  },
  'priya-raman': {
    purposes: ['A stiff back from desk work', 'Winding down before sleep'],
    sessions: [
      past('aisha', 83, 'video', 45, {
        review: stars(5, 'Restorative yoga before bed has changed my sleep.'),
      }),
      past('ethan', 22, 'audio', 30, {
        review: stars(5, 'I felt the tension leave my shoulders by the end.'),
      }),
      past('leo', 13, 'video', 45),
    ],
  },
  'daniel-cohen': {
    purposes: ['The same argument every week', 'A hard talk with my sister'],
    sessions: [
      past('oscar', 75, 'video', 60, {
        review: stars(4, 'Structured and fair to both of us. We left with one concrete agreement.'),
      }),
      past('aisha', 54, 'text', 30, {
        review: stars(
          5,
          'Daniel helped me script a conversation with my sister that I had avoided for years.',
        ),
        coachReview: stars(5, 'Aisha was brave and honest about what she wanted.'),
      }),
      past('jonas', 16, 'audio', 30),
    ],
  },
  'hannah-schmidt': {
    purposes: ['Waking at 3 a.m. every night', 'Falling asleep takes hours'],
    sessions: [
      past('ethan', 81, 'audio', 45, {
        review: stars(5, 'Two weeks on the new schedule and I sleep through the night.'),
      }),
      past('jonas', 25, 'audio', 45, {
        review: stars(5, 'Hannah explained why lying in bed awake makes it worse. That changed everything.'),
        coachReview: stars(5, 'Jonas kept a careful diary; it made the plan easy.'),
      }),
      past('rosa', 4, 'audio', 30),
    ],
  },
  'tomas-silva': {
    purposes: ['Running on empty at work', 'Setting limits as a new manager'],
    sessions: [
      past('leo', 66, 'video', 60, {
        review: stars(5, 'Tomás has been there himself. He saw my burnout before I did.'),
      }),
      past('aisha', 19, 'video', 60, {
        review: stars(4, 'A thorough look at workload and sleep. A lot to take in, but worth it.'),
      }),
    ],
  },
  'grace-mensah': {
    purposes: ['Grief after losing my father', 'Life after my divorce'],
    sessions: [
      past('rosa', 78, 'audio', 45, {
        review: stars(5, 'Grace gave me room to talk about my father without rushing me.'),
      }),
      past('carmen', 27, 'video', 30, {
        review: stars(5, 'I felt heard for the first time since the divorce.'),
        coachReview: stars(5, 'Carmen showed a lot of courage in our conversation.'),
      }),
      past('oscar', 9, 'text', 15),
    ],
  },
  'olivia-chen': {
    purposes: ['Reading every day', 'A morning routine that sticks'],
    sessions: [
      past('mei', 39, 'audio', 30, {
        review: stars(5, 'Olivia made my morning routine so small that I could not fail.'),
      }),
      past('leo', 17, 'video', 30),
    ],
  },
  'elias-novak': {
    purposes: ['The first months as a dad', 'Losing my temper at work'],
    sessions: [
      past('oscar', 55, 'audio', 30, {
        review: stars(5, 'Easy to talk to, with practical advice for the first months as a dad.'),
      }),
      past('leo', 6, 'text', 30),
    ],
  },
  'nadia-haddad': {
    purposes: ['Worrying about everything', 'Panic before flights'],
    sessions: [
      past('aisha', 46, 'video', 45, {
        review: stars(4, 'Worry time sounds odd, but it really works.'),
      }),
      past('mei', 23, 'text', 30, {
        review: stars(5, 'Kind and clear. I practise the grounding exercise every day.'),
      }),
    ],
  },
};

/**
 * A message of a demo conversation: who wrote it and how long after the session it follows (minutes
 * after that session's end).
 */
export type DemoMessage = { from: 'client' | 'coach'; minutesAfter: number; text: string };

/**
 * Conversations between sessions: a client and a coach write after one of their sessions (`afterDaysAgo`:
 * that session's day in DEMO_HISTORY). The last message of each is left unread by the other side, so
 * both demo accounts open to an unread message.
 */
export type DemoConversation = {
  coach: string;
  client: DemoClientKey;
  afterDaysAgo: number;
  messages: DemoMessage[];
};

export const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    coach: 'lena-ortiz',
    client: 'maya',
    afterDaysAgo: 2,
    messages: [
      {
        from: 'client',
        minutesAfter: 180,
        text: 'Thank you for today. I tried the breathing exercise before bed and slept through the night for the first time in weeks.',
      },
      {
        from: 'coach',
        minutesAfter: 215,
        text: "That's wonderful to hear, Maya! Keep it going this week and notice how your Monday morning feels.",
      },
      {
        from: 'client',
        minutesAfter: 1_320,
        text: 'Quick question: should I do it in the morning as well, or only at night?',
      },
    ],
  },
  {
    coach: 'kenji-watanabe',
    client: 'maya',
    afterDaysAgo: 3,
    messages: [
      {
        from: 'coach',
        minutesAfter: 90,
        text: 'Good sitting with you today. Here is the one thing to try: five minutes after your first coffee, eyes open, counting breaths to ten. Tell me how the week goes.',
      },
    ],
  },
];

/**
 * A visitor without an account who wrote to a coach from their website (#17): unanswered, so the demo
 * coach sees what a visitor's conversation looks like, and an answer reaches the demo mailbox.
 */
export type DemoVisitorInquiry = {
  coach: string;
  name: string;
  email: string;
  hoursAgo: number;
  text: string;
};

export const DEMO_VISITOR_INQUIRIES: DemoVisitorInquiry[] = [
  {
    coach: 'lena-ortiz',
    name: 'Priya Nair',
    email: 'priya.nair@example.com',
    hoursAgo: 5,
    text: 'Hi Lena, I found your website through a friend. I have been sleeping badly since starting a new job. Do you work with people on evening routines?',
  },
];
