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

/** Per demo coach (by username). Days are whole days before the seed; sessions of one client never overlap. */
export const DEMO_HISTORY: Record<string, DemoCoachHistory> = {
  'lena-ortiz': {
    purposes: [
      'Work stress is spilling into my evenings',
      'I want a calmer morning routine',
      'Sleep has been poor since my new role',
    ],
    sessions: [
      {
        client: 'maya',
        daysAgo: 70,
        format: 'video',
        minutes: 30,
        review: {
          rating: 5,
          body: "Lena helped me see that my Sunday-evening dread was really about Monday's meeting load. Two small changes and I already sleep better.",
          reply: 'Thank you, Maya. Keep protecting those Monday mornings!',
        },
        coachReview: {
          rating: 5,
          body: 'Maya came with a clear picture of her week and was open to trying new things.',
        },
      },
      {
        client: 'jonas',
        daysAgo: 64,
        format: 'audio',
        minutes: 30,
        review: {
          rating: 5,
          body: 'Calm, warm and very practical. The breathing exercise works even in the middle of a stand-up.',
        },
      },
      {
        client: 'maya',
        daysAgo: 56,
        format: 'video',
        minutes: 45,
        review: {
          rating: 5,
          body: 'We built a wind-down routine together. Lena checks the details without ever making me feel judged.',
        },
      },
      {
        client: 'aisha',
        daysAgo: 49,
        format: 'video',
        minutes: 60,
        review: {
          rating: 4,
          body: 'Helpful structure for my nerves before presentations. I would have liked a little more time for practice.',
        },
        coachReview: { rating: 5, body: 'Aisha did the homework between sessions and it showed.' },
      },
      {
        client: 'maya',
        daysAgo: 42,
        format: 'text',
        minutes: 30,
        review: {
          rating: 4,
          body: 'A text session was perfect for a busy day. Short, kind and to the point.',
        },
      },
      {
        client: 'leo',
        daysAgo: 38,
        format: 'video',
        minutes: 30,
        review: {
          rating: 5,
          body: 'I came in sceptical and left with a plan. The best half hour I have spent on myself this year.',
        },
      },
      {
        client: 'maya',
        daysAgo: 28,
        format: 'audio',
        minutes: 30,
        review: { rating: 5, body: 'The "two things that matter" exercise changed how I plan my week.' },
        coachReview: {
          rating: 5,
          body: 'Lovely to see your progress, Maya: calmer, clearer and kinder to yourself.',
        },
      },
      {
        client: 'carmen',
        daysAgo: 24,
        format: 'video',
        minutes: 45,
        review: {
          rating: 5,
          body: 'Lena explained what stress does in the body in plain words. It finally made sense to me.',
          reply: 'So glad it clicked, Carmen. See you next month.',
        },
      },
      {
        client: 'maya',
        daysAgo: 14,
        format: 'video',
        minutes: 60,
        review: {
          rating: 5,
          body: 'An honest conversation about the warning signs of burnout. I left with a plan for the next four weeks.',
        },
      },
      {
        client: 'jonas',
        daysAgo: 9,
        format: 'video',
        minutes: 30,
        review: {
          rating: 5,
          body: 'Second session, as good as the first. The notes afterwards were a great touch.',
        },
        coachReview: { rating: 4, body: 'Jonas is making steady progress with his evening routine.' },
      },
      { client: 'maya', daysAgo: 5, format: 'video', minutes: 30 },
      {
        client: 'mei',
        daysAgo: 4,
        format: 'text',
        minutes: 15,
        review: { rating: 5, body: 'A quick check-in before a tough meeting. Exactly what I needed.' },
      },
      { client: 'maya', daysAgo: 2, format: 'audio', minutes: 45 },
    ],
  },
  'amara-okafor': {
    purposes: ['Interview next week', 'Negotiating my first offer', 'Changing careers into tech'],
    sessions: [
      {
        client: 'oscar',
        daysAgo: 80,
        format: 'video',
        minutes: 45,
        review: { rating: 5, body: 'The mock interview was tougher than the real one. I got the job!' },
        coachReview: { rating: 5, body: 'Oscar prepared thoroughly and took feedback well.' },
      },
      {
        client: 'carmen',
        daysAgo: 67,
        format: 'audio',
        minutes: 30,
        review: {
          rating: 5,
          body: 'I went from "I will take whatever they offer" to asking for 12% more, and getting it.',
        },
      },
      {
        client: 'maya',
        daysAgo: 50,
        format: 'audio',
        minutes: 30,
        review: {
          rating: 5,
          body: 'Amara helped me tell my career story in three sentences instead of ten minutes.',
        },
      },
      {
        client: 'jonas',
        daysAgo: 21,
        format: 'video',
        minutes: 45,
        review: {
          rating: 5,
          body: 'Practical and encouraging. I now have a story ready for every behavioural question.',
        },
        coachReview: { rating: 5, body: 'Jonas was open, curious and well prepared.' },
      },
      { client: 'ethan', daysAgo: 6, format: 'video', minutes: 30 },
    ],
  },
  'kenji-watanabe': {
    purposes: ['Learning to meditate', 'My mind races at night', 'Building a daily sitting habit'],
    sessions: [
      {
        client: 'mei',
        daysAgo: 85,
        format: 'video',
        minutes: 30,
        review: { rating: 5, body: 'Kenji makes meditation feel simple. No jargon, no pressure.' },
      },
      {
        client: 'oscar',
        daysAgo: 60,
        format: 'video',
        minutes: 30,
        review: { rating: 5, body: 'Gentle and funny. I did not expect to enjoy sitting still this much.' },
        coachReview: { rating: 5, body: 'Oscar was a curious, attentive beginner.' },
      },
      {
        client: 'maya',
        daysAgo: 35,
        format: 'video',
        minutes: 60,
        review: {
          rating: 5,
          body: 'An hour went by like ten minutes. I finally understand what "returning to the breath" means.',
        },
        coachReview: { rating: 5, body: 'Maya brought great questions and practised between sessions.' },
      },
      {
        client: 'leo',
        daysAgo: 18,
        format: 'video',
        minutes: 30,
        review: { rating: 5, body: "Kenji's posture tips ended my back pain while sitting." },
      },
      { client: 'maya', daysAgo: 3, format: 'audio', minutes: 30 },
    ],
  },
  'sofia-marquez': {
    purposes: ['Meals the whole family eats', 'Snacking in the evening', 'Reading food labels'],
    sessions: [
      {
        client: 'aisha',
        daysAgo: 58,
        format: 'video',
        minutes: 45,
        review: {
          rating: 5,
          body: 'Our family finally eats the same dinner. The batch-cooking plan is a lifesaver.',
        },
      },
      {
        client: 'rosa',
        daysAgo: 30,
        format: 'video',
        minutes: 30,
        review: { rating: 5, body: 'Sofia built meals around what my kids already like. Genius.' },
        coachReview: { rating: 5, body: 'Rosa came with a food diary, which made everything easier.' },
      },
      { client: 'mei', daysAgo: 7, format: 'text', minutes: 15 },
    ],
  },
  'marcus-bell': {
    purposes: ['Getting stronger at home', 'Exercise that is kind to my knees'],
    sessions: [
      {
        client: 'jonas',
        daysAgo: 77,
        format: 'video',
        minutes: 45,
        review: {
          rating: 5,
          body: 'At 52 I can do push-ups again. Marcus adapts every exercise to my knees.',
        },
      },
      {
        client: 'oscar',
        daysAgo: 36,
        format: 'video',
        minutes: 60,
        review: { rating: 5, body: 'He notices problems with my form that I never would have.' },
        coachReview: { rating: 5, body: 'Oscar works hard and listens to his body.' },
      },
      {
        client: 'rosa',
        daysAgo: 8,
        format: 'video',
        minutes: 30,
        review: { rating: 5, body: 'Marcus made strength training feel possible for me.' },
      },
    ],
  },
  'priya-raman': {
    purposes: ['A stiff back from desk work', 'Winding down before sleep'],
    sessions: [
      {
        client: 'aisha',
        daysAgo: 83,
        format: 'video',
        minutes: 45,
        review: { rating: 5, body: 'Restorative yoga before bed has changed my sleep.' },
      },
      {
        client: 'ethan',
        daysAgo: 22,
        format: 'audio',
        minutes: 30,
        review: { rating: 5, body: 'I felt the tension leave my shoulders by the end.' },
      },
      { client: 'leo', daysAgo: 13, format: 'video', minutes: 45 },
    ],
  },
  'daniel-cohen': {
    purposes: ['The same argument every week', 'A hard talk with my sister'],
    sessions: [
      {
        client: 'oscar',
        daysAgo: 75,
        format: 'video',
        minutes: 60,
        review: {
          rating: 4,
          body: 'Structured and fair to both of us. We left with one concrete agreement.',
        },
      },
      {
        client: 'aisha',
        daysAgo: 54,
        format: 'text',
        minutes: 30,
        review: {
          rating: 5,
          body: 'Daniel helped me script a conversation with my sister that I had avoided for years.',
        },
        coachReview: { rating: 5, body: 'Aisha was brave and honest about what she wanted.' },
      },
      { client: 'jonas', daysAgo: 16, format: 'audio', minutes: 30 },
    ],
  },
  'hannah-schmidt': {
    purposes: ['Waking at 3 a.m. every night', 'Falling asleep takes hours'],
    sessions: [
      {
        client: 'ethan',
        daysAgo: 81,
        format: 'audio',
        minutes: 45,
        review: { rating: 5, body: 'Two weeks on the new schedule and I sleep through the night.' },
      },
      {
        client: 'jonas',
        daysAgo: 25,
        format: 'audio',
        minutes: 45,
        review: {
          rating: 5,
          body: 'Hannah explained why lying in bed awake makes it worse. That changed everything.',
        },
        coachReview: { rating: 5, body: 'Jonas kept a careful diary; it made the plan easy.' },
      },
      { client: 'rosa', daysAgo: 4, format: 'audio', minutes: 30 },
    ],
  },
  'tomas-silva': {
    purposes: ['Running on empty at work', 'Setting limits as a new manager'],
    sessions: [
      {
        client: 'leo',
        daysAgo: 66,
        format: 'video',
        minutes: 60,
        review: { rating: 5, body: 'Tomás has been there himself. He saw my burnout before I did.' },
      },
      {
        client: 'aisha',
        daysAgo: 19,
        format: 'video',
        minutes: 60,
        review: { rating: 4, body: 'A thorough look at workload and sleep. A lot to take in, but worth it.' },
      },
    ],
  },
  'grace-mensah': {
    purposes: ['Grief after losing my father', 'Life after my divorce'],
    sessions: [
      {
        client: 'rosa',
        daysAgo: 78,
        format: 'audio',
        minutes: 45,
        review: { rating: 5, body: 'Grace gave me room to talk about my father without rushing me.' },
      },
      {
        client: 'carmen',
        daysAgo: 27,
        format: 'video',
        minutes: 30,
        review: { rating: 5, body: 'I felt heard for the first time since the divorce.' },
        coachReview: { rating: 5, body: 'Carmen showed a lot of courage in our conversation.' },
      },
      { client: 'oscar', daysAgo: 9, format: 'text', minutes: 15 },
    ],
  },
  'olivia-chen': {
    purposes: ['Reading every day', 'A morning routine that sticks'],
    sessions: [
      {
        client: 'mei',
        daysAgo: 39,
        format: 'audio',
        minutes: 30,
        review: { rating: 5, body: 'Olivia made my morning routine so small that I could not fail.' },
      },
      { client: 'leo', daysAgo: 17, format: 'video', minutes: 30 },
    ],
  },
  'elias-novak': {
    purposes: ['The first months as a dad', 'Losing my temper at work'],
    sessions: [
      {
        client: 'oscar',
        daysAgo: 55,
        format: 'audio',
        minutes: 30,
        review: { rating: 5, body: 'Easy to talk to, with practical advice for the first months as a dad.' },
      },
      { client: 'leo', daysAgo: 6, format: 'text', minutes: 30 },
    ],
  },
  'nadia-haddad': {
    purposes: ['Worrying about everything', 'Panic before flights'],
    sessions: [
      {
        client: 'aisha',
        daysAgo: 46,
        format: 'video',
        minutes: 45,
        review: { rating: 4, body: 'Worry time sounds odd, but it really works.' },
      },
      {
        client: 'mei',
        daysAgo: 23,
        format: 'text',
        minutes: 30,
        review: { rating: 5, body: 'Kind and clear. I practise the grounding exercise every day.' },
      },
    ],
  },
};
