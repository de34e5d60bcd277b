import type { CoachingCategory } from '#domain/coaching/categories';
import type { PortraitLook } from './demo-photos';

/**
 * The demo marketplace's coaches (seeded by `npm start` on a new database): varied practices, prices,
 * formats and online states, so discovery, filters and coach pages have something real to show. Their
 * ratings, reviews and session counts are not typed in here: they are computed from the past sessions
 * and reviews of server/seed/demo-history.ts, which the seed writes through the real services.
 * Prices are integer cents (on-demand rates per 15 minutes; service prices per session).
 */
export type DemoService = {
  title: string;
  subtitle: string;
  description: string;
  format: 'text' | 'audio' | 'video';
  price: number;
  duration: number;
  type: 'full' | 'micro';
  isPopular?: boolean;
  spotsLeft?: number;
};

export type DemoProgram = {
  title: string;
  subtitle: string;
  description: string;
  lessons: { title: string; body: string; videoUrl?: string; durationMinutes: number }[];
};

export type DemoCoach = {
  /** The sign-in address; demo coaches other than the demo coach account have no password. */
  email: string;
  fullName: string;
  username: string;
  title: string;
  tagline: string;
  shortBio: string;
  aboutMe: string;
  workExperience: string;
  yearsExperience: number;
  categories: CoachingCategory[];
  prices: { text: number | null; audio: number | null; video: number | null };
  online: boolean;
  availabilityMessage?: string;
  look: PortraitLook;
  cover: [string, string];
  services: DemoService[];
  program?: DemoProgram;
};

export const DEMO_COACHES: DemoCoach[] = [
  {
    email: 'coach@wellspring.demo',
    fullName: 'Dr. Lena Ortiz',
    username: 'lena-ortiz',
    title: 'Clinical psychologist & stress coach',
    tagline: 'Calmer days start with one honest conversation.',
    shortBio: 'I help busy professionals untangle stress and anxiety with practical, evidence-based tools.',
    aboutMe:
      'For twelve years I worked in hospital psychology before moving into coaching. My sessions blend cognitive behavioural techniques with breathing and attention practices you can use the same afternoon.\n\nClients come to me when work pressure spills into sleep, relationships and health. Together we find the two or three changes that matter most.',
    workExperience: 'Hospital psychologist (8 years); workplace wellbeing lead; certified CBT practitioner.',
    yearsExperience: 12,
    categories: ['stress', 'anxiety', 'sleep'],
    prices: { text: 3000, audio: 4000, video: 5000 },
    online: true,
    look: {
      skin: '#e0ac82',
      hair: '#3b2a20',
      hairStyle: 'long',
      shirt: '#0f766e',
      background: ['#ccfbf1', '#99f6e4'],
    },
    cover: ['#99f6e4', '#0f766e'],
    services: [
      {
        title: 'Life Clarity',
        subtitle: 'A deep session to map what matters now',
        description:
          'We look at where your energy goes, what drains it and what you want more of, and leave with a plan for the next four weeks.',
        format: 'video',
        price: 8500,
        duration: 60,
        type: 'full',
        isPopular: true,
      },
      {
        title: 'Mindfulness',
        subtitle: 'Guided practice and reflection',
        description: 'A guided practice followed by a conversation about bringing it into your working day.',
        format: 'audio',
        price: 4500,
        duration: 30,
        type: 'full',
      },
      {
        title: 'Quick Check-in',
        subtitle: 'Fifteen focused minutes',
        description: 'A short check-in between sessions to keep momentum or handle a tough moment.',
        format: 'text',
        price: 2500,
        duration: 15,
        type: 'micro',
      },
    ],
    program: {
      title: 'Seven days of calmer mornings',
      subtitle: 'A short daily practice for stressful weeks',
      description:
        'Seven short lessons that build a morning routine to lower stress before the day begins: breathing, attention, planning and kindness to yourself.',
      lessons: [
        {
          title: 'Why mornings matter',
          body: 'Stress often starts before we are out of bed. Today, notice the first thought you have after waking and write it down.\n\nNo need to change anything yet: just notice.',
          durationMinutes: 5,
        },
        {
          title: 'Box breathing',
          body: 'Breathe in for four counts, hold for four, out for four, hold for four. Repeat four times before you check your phone.',
          videoUrl: 'https://www.youtube.com/watch?v=tEmt1Znux58',
          durationMinutes: 6,
        },
        {
          title: 'Three priorities',
          body: 'Write down the three things that would make today a good day. Only three. Cross them off as you go.',
          durationMinutes: 5,
        },
        {
          title: 'A mindful first cup',
          body: 'Make your first drink of the day without your phone. Notice the warmth, the smell and the first sip.\n\nWhen your mind wanders to the day ahead, come back to the cup.',
          durationMinutes: 4,
        },
        {
          title: 'A two-minute body scan',
          body: 'Before you get up, move your attention slowly from your feet to your head. Where do you hold tension this morning? Breathe into it once.',
          durationMinutes: 6,
        },
        {
          title: 'A kind sentence',
          body: 'Write one sentence you would say to a friend facing your day. Read it to yourself before you leave the house.',
          durationMinutes: 4,
        },
        {
          title: 'Putting it together',
          body: 'Choose the two practices from this week that helped most and put them in order: that is your morning routine. Keep it for the next seven days.',
          durationMinutes: 5,
        },
      ],
    },
  },
  {
    email: 'amara.okafor@coaches.wellspring.demo',
    fullName: 'Amara Okafor',
    username: 'amara-okafor',
    title: 'Career & confidence coach',
    tagline: 'Say yes to the role you keep talking yourself out of.',
    shortBio: 'Former tech recruiter helping people change careers and negotiate with confidence.',
    aboutMe:
      'I spent nine years hiring for technology companies and saw brilliant people undersell themselves. Now I help clients tell their story, prepare for interviews and ask for what they are worth.',
    workExperience: 'Technical recruiter (9 years); ICF associate certified coach.',
    yearsExperience: 7,
    categories: ['career', 'confidence'],
    prices: { text: 2500, audio: 3500, video: 4500 },
    online: true,
    availabilityMessage: 'Online now — bring your interview nerves!',
    look: {
      skin: '#8d5a3b',
      hair: '#1c1917',
      hairStyle: 'curly',
      shirt: '#b45309',
      background: ['#fef3c7', '#fcd34d'],
    },
    cover: ['#fde68a', '#b45309'],
    services: [
      {
        title: 'Interview rehearsal',
        subtitle: 'Practise the questions you dread',
        description: 'A realistic mock interview with direct feedback and a list of stories to sharpen.',
        format: 'video',
        price: 7000,
        duration: 45,
        type: 'full',
        isPopular: true,
      },
      {
        title: 'Salary negotiation prep',
        subtitle: 'Know your number and say it',
        description: 'We research your range and rehearse the conversation until it feels natural.',
        format: 'audio',
        price: 5500,
        duration: 30,
        type: 'full',
        spotsLeft: 3,
      },
    ],
  },
  {
    email: 'kenji.watanabe@coaches.wellspring.demo',
    fullName: 'Kenji Watanabe',
    username: 'kenji-watanabe',
    title: 'Meditation teacher',
    tagline: 'Ten quiet minutes can change a whole day.',
    shortBio: 'Zen-trained meditation teacher making stillness practical for beginners.',
    aboutMe:
      'I trained for six years in a Zen community in Kyoto and have taught meditation to beginners, teams and athletes since. My sessions are simple, warm and free of jargon.',
    workExperience: 'Meditation teacher since 2015; mindfulness trainer for corporate teams.',
    yearsExperience: 10,
    categories: ['meditation', 'mindfulness'],
    prices: { text: null, audio: 3000, video: 3500 },
    online: false,
    look: {
      skin: '#f1c7a5',
      hair: '#111827',
      hairStyle: 'short',
      shirt: '#334155',
      background: ['#e2e8f0', '#94a3b8'],
    },
    cover: ['#e2e8f0', '#475569'],
    services: [
      {
        title: 'First steps in meditation',
        subtitle: 'For complete beginners',
        description: 'Posture, breath and what to do when the mind wanders — which it will.',
        format: 'video',
        price: 4000,
        duration: 30,
        type: 'full',
      },
      {
        title: 'Guided sit',
        subtitle: 'Sit together for twenty minutes',
        description: 'A guided audio sit with a short talk afterwards.',
        format: 'audio',
        price: 2000,
        duration: 20,
        type: 'micro',
        isPopular: true,
      },
    ],
    program: {
      title: 'Meditation for beginners',
      subtitle: 'Five lessons, ten minutes a day',
      description: 'Learn to sit, breathe and return to the present with five short lessons.',
      lessons: [
        {
          title: 'Finding a posture',
          body: 'Sit on a chair or cushion with your back upright but not stiff. Rest your hands on your thighs.',
          durationMinutes: 8,
        },
        {
          title: 'Counting breaths',
          body: 'Count each out-breath from one to ten, then start again. When you lose count, begin at one — that is the practice.',
          durationMinutes: 10,
        },
        {
          title: 'Noticing thoughts',
          body: 'Sit for ten minutes. Each time a thought pulls you away, name it softly ("planning", "remembering") and return to the breath.',
          durationMinutes: 10,
        },
        {
          title: 'Walking meditation',
          body: 'Walk slowly for ten steps, turn, and walk back. Feel each foot lift, move and land. Indoors is fine.',
          durationMinutes: 10,
        },
        {
          title: 'Keeping the habit',
          body: 'Pick a fixed time and place for your daily sit, and start with ten minutes. On busy days, one minute still counts.',
          durationMinutes: 8,
        },
      ],
    },
  },
  {
    email: 'sofia.marquez@coaches.wellspring.demo',
    fullName: 'Sofia Márquez',
    username: 'sofia-marquez',
    title: 'Registered nutritionist',
    tagline: 'Food that fits your life, not the other way round.',
    shortBio: 'Registered nutritionist focused on sustainable eating for busy families.',
    aboutMe:
      'No diets, no shame: I help clients build meals around what they already like, plan ahead for hectic weeks and understand labels without obsessing over them.',
    workExperience: 'Registered nutritionist (MSc); community health programmes for 6 years.',
    yearsExperience: 8,
    categories: ['nutrition', 'habits', 'parenting'],
    prices: { text: 2000, audio: 3000, video: 4000 },
    online: true,
    look: {
      skin: '#c68863',
      hair: '#7c2d12',
      hairStyle: 'bob',
      shirt: '#15803d',
      background: ['#dcfce7', '#86efac'],
    },
    cover: ['#bbf7d0', '#15803d'],
    services: [
      {
        title: 'Family meal plan',
        subtitle: 'A week of meals everyone eats',
        description: 'We design a week of simple meals with a shopping list and batch-cooking plan.',
        format: 'video',
        price: 6500,
        duration: 45,
        type: 'full',
        isPopular: true,
      },
      {
        title: 'Label reading basics',
        subtitle: 'Shop with confidence',
        description: 'What matters on a food label and what you can safely ignore.',
        format: 'text',
        price: 1800,
        duration: 20,
        type: 'micro',
      },
    ],
  },
  {
    email: 'marcus.bell@coaches.wellspring.demo',
    fullName: 'Marcus Bell',
    username: 'marcus-bell',
    title: 'Strength & fitness coach',
    tagline: 'Strong enough for the life you want.',
    shortBio: 'Personal trainer helping beginners over 40 build strength safely at home.',
    aboutMe:
      'I coach people who never felt at home in a gym. We start where you are, with equipment you have, and build strength that shows up in everyday life: stairs, gardening, carrying grandchildren.',
    workExperience: 'Certified personal trainer; physiotherapy assistant (4 years).',
    yearsExperience: 15,
    categories: ['fitness', 'habits'],
    prices: { text: null, audio: null, video: 4500 },
    online: false,
    look: {
      skin: '#5c3a27',
      hair: '#111827',
      hairStyle: 'shaved',
      shirt: '#be123c',
      background: ['#ffe4e6', '#fda4af'],
    },
    cover: ['#fecdd3', '#be123c'],
    services: [
      {
        title: 'Home strength session',
        subtitle: 'A full workout on video',
        description: 'A coached workout with what you have at home, adapted to your joints and energy.',
        format: 'video',
        price: 6000,
        duration: 45,
        type: 'full',
        isPopular: true,
      },
    ],
  },
  {
    email: 'priya.raman@coaches.wellspring.demo',
    fullName: 'Priya Raman',
    username: 'priya-raman',
    title: 'Yoga teacher & breathwork guide',
    tagline: 'Move gently, breathe fully.',
    shortBio: 'Hatha and restorative yoga for stiff backs, tired minds and restless sleepers.',
    aboutMe:
      'I teach slow, accessible yoga with a focus on breath. Many of my clients come for back pain and stay for the calm.',
    workExperience: 'RYT-500 yoga teacher; breathwork facilitator.',
    yearsExperience: 9,
    categories: ['yoga', 'sleep', 'mindfulness'],
    prices: { text: null, audio: 3000, video: 3800 },
    online: true,
    look: {
      skin: '#b07650',
      hair: '#1c1917',
      hairStyle: 'bun',
      shirt: '#7c3aed',
      background: ['#ede9fe', '#c4b5fd'],
    },
    cover: ['#ddd6fe', '#6d28d9'],
    services: [
      {
        title: 'Restorative yoga',
        subtitle: 'Slow practice for deep rest',
        description: 'Supported poses and long exhales to settle the nervous system before sleep.',
        format: 'video',
        price: 5000,
        duration: 45,
        type: 'full',
        isPopular: true,
      },
      {
        title: 'Breathwork reset',
        subtitle: 'Ten minutes to come down',
        description: 'A short guided breathing session for anxious moments.',
        format: 'audio',
        price: 1500,
        duration: 10,
        type: 'micro',
      },
    ],
  },
  {
    email: 'daniel.cohen@coaches.wellspring.demo',
    fullName: 'Daniel Cohen',
    username: 'daniel-cohen',
    title: 'Relationship coach',
    tagline: 'Better conversations, closer relationships.',
    shortBio: 'Helping couples and individuals communicate through conflict and change.',
    aboutMe:
      'I work with couples who feel stuck in the same argument and with individuals navigating dating, separation or family tension. Expect structure, honesty and practical scripts.',
    workExperience: 'Couples counsellor (10 years); Gottman method level 2.',
    yearsExperience: 14,
    categories: ['relationships', 'confidence'],
    prices: { text: 3500, audio: 4500, video: 5500 },
    online: false,
    look: {
      skin: '#f5d0b5',
      hair: '#9ca3af',
      hairStyle: 'short',
      shirt: '#1d4ed8',
      background: ['#dbeafe', '#93c5fd'],
    },
    cover: ['#bfdbfe', '#1d4ed8'],
    services: [
      {
        title: 'Couples conversation',
        subtitle: 'A guided talk for two',
        description: 'A structured conversation to understand each other and agree one next step.',
        format: 'video',
        price: 9000,
        duration: 60,
        type: 'full',
      },
      {
        title: 'Hard conversation prep',
        subtitle: 'Plan what you want to say',
        description: 'We script and rehearse a difficult conversation with someone close to you.',
        format: 'text',
        price: 3000,
        duration: 30,
        type: 'full',
      },
    ],
  },
  {
    email: 'hannah.schmidt@coaches.wellspring.demo',
    fullName: 'Hannah Schmidt',
    username: 'hannah-schmidt',
    title: 'Sleep coach',
    tagline: 'Good nights make good days.',
    shortBio: 'Sleep coach using CBT-I methods to help adults sleep through the night again.',
    aboutMe:
      'Insomnia is common and very treatable. I guide clients through sleep diaries, schedule changes and wind-down routines that work within a few weeks.',
    workExperience: 'Sleep technologist (5 years); CBT-I trained coach.',
    yearsExperience: 6,
    categories: ['sleep', 'stress'],
    prices: { text: 2500, audio: 3200, video: null },
    online: true,
    look: {
      skin: '#f1c7a5',
      hair: '#a16207',
      hairStyle: 'long',
      shirt: '#0e7490',
      background: ['#cffafe', '#67e8f9'],
    },
    cover: ['#a5f3fc', '#155e75'],
    services: [
      {
        title: 'Sleep reset consultation',
        subtitle: 'Understand your nights',
        description: 'We review your sleep diary and set a schedule for the next two weeks.',
        format: 'audio',
        price: 5000,
        duration: 45,
        type: 'full',
        isPopular: true,
      },
    ],
  },
  {
    email: 'tomas.silva@coaches.wellspring.demo',
    fullName: 'Tomás Silva',
    username: 'tomas-silva',
    title: 'Burnout recovery coach',
    tagline: 'Rest is part of the work.',
    shortBio: 'Ex-startup founder helping leaders recover from burnout and set sustainable limits.',
    aboutMe:
      'After burning out running my own company, I retrained as a coach. I help founders and managers notice the warning signs early, rebuild energy and lead without running on empty.',
    workExperience: 'Startup founder (8 years); executive coach since 2019.',
    yearsExperience: 6,
    categories: ['burnout', 'career', 'stress'],
    prices: { text: 4000, audio: 5000, video: 6000 },
    online: false,
    look: {
      skin: '#c68863',
      hair: '#292524',
      hairStyle: 'short',
      shirt: '#57534e',
      background: ['#f5f5f4', '#d6d3d1'],
    },
    cover: ['#e7e5e4', '#44403c'],
    services: [
      {
        title: 'Burnout check',
        subtitle: 'Where are you really?',
        description: 'A structured look at workload, sleep and boundaries with a recovery plan.',
        format: 'video',
        price: 11000,
        duration: 60,
        type: 'full',
        spotsLeft: 2,
      },
    ],
  },
  {
    email: 'grace.mensah@coaches.wellspring.demo',
    fullName: 'Grace Mensah',
    username: 'grace-mensah',
    title: 'Grief & life transitions coach',
    tagline: 'You do not have to carry it alone.',
    shortBio: 'Gentle support through loss, divorce and big life changes.',
    aboutMe:
      'I trained in palliative care before becoming a coach. I offer a steady space to talk about loss and to find your footing again at your own pace.',
    workExperience: 'Palliative care nurse (11 years); certified grief recovery specialist.',
    yearsExperience: 11,
    categories: ['grief', 'life'],
    prices: { text: 2500, audio: 3000, video: 3500 },
    online: true,
    availabilityMessage: 'Here to listen right now.',
    look: {
      skin: '#6b4226',
      hair: '#1c1917',
      hairStyle: 'bun',
      shirt: '#9d174d',
      background: ['#fce7f3', '#f9a8d4'],
    },
    cover: ['#fbcfe8', '#9d174d'],
    services: [
      {
        title: 'Listening session',
        subtitle: 'Space to talk',
        description: 'An unhurried conversation about what you are going through.',
        format: 'audio',
        price: 4000,
        duration: 45,
        type: 'full',
      },
      {
        title: 'Check-in message',
        subtitle: 'Support between sessions',
        description: 'A short written check-in on a hard day.',
        format: 'text',
        price: 1200,
        duration: 15,
        type: 'micro',
        isPopular: true,
      },
    ],
  },
  {
    email: 'olivia.chen@coaches.wellspring.demo',
    fullName: 'Olivia Chen',
    username: 'olivia-chen',
    title: 'Habit & productivity coach',
    tagline: 'Small habits, big results.',
    shortBio: 'Behaviour-design coach turning good intentions into routines that last.',
    aboutMe:
      'I use behaviour design to help clients start tiny and stay consistent: morning routines, exercise, reading, focused work. Weekly check-ins keep the streak alive.',
    workExperience: 'UX researcher (6 years); Tiny Habits certified coach.',
    yearsExperience: 5,
    categories: ['habits', 'life', 'confidence'],
    prices: { text: 2000, audio: 2800, video: 3600 },
    online: false,
    look: {
      skin: '#f3d3b8',
      hair: '#111827',
      hairStyle: 'bob',
      shirt: '#0369a1',
      background: ['#e0f2fe', '#7dd3fc'],
    },
    cover: ['#bae6fd', '#0369a1'],
    services: [
      {
        title: 'Habit design session',
        subtitle: 'Start tiny, stay consistent',
        description: 'We pick one habit, make it tiny and anchor it to your day.',
        format: 'video',
        price: 4500,
        duration: 30,
        type: 'full',
      },
    ],
  },
  {
    email: 'elias.novak@coaches.wellspring.demo',
    fullName: 'Elias Novak',
    username: 'elias-novak',
    title: "Men's wellbeing coach",
    tagline: 'Talk it through, man to man.',
    shortBio: 'Helping men talk about stress, anger and fatherhood without judgement.',
    aboutMe:
      'Plenty of men are never asked how they are really doing. My sessions are direct and practical: we talk, we plan, and we check in.',
    workExperience: 'Youth worker (7 years); mental health first aid instructor.',
    yearsExperience: 8,
    categories: ['parenting', 'stress', 'relationships'],
    prices: { text: 2200, audio: 3000, video: 3800 },
    online: true,
    look: {
      skin: '#e8b995',
      hair: '#78350f',
      hairStyle: 'short',
      shirt: '#166534',
      background: ['#ecfccb', '#bef264'],
    },
    cover: ['#d9f99d', '#3f6212'],
    services: [
      {
        title: 'New dad check-in',
        subtitle: 'For the first year',
        description: 'Sleep, stress and staying connected with your partner in the first year.',
        format: 'audio',
        price: 3500,
        duration: 30,
        type: 'full',
      },
    ],
  },
  {
    email: 'nadia.haddad@coaches.wellspring.demo',
    fullName: 'Nadia Haddad',
    username: 'nadia-haddad',
    title: 'Anxiety coach',
    tagline: 'Less worry, more living.',
    shortBio: 'Practical tools for worry, panic and overthinking, one small step at a time.',
    aboutMe:
      'I help clients understand their anxiety and respond differently: exposure in small steps, worry time, and kinder self-talk. New clients often notice a difference within three sessions.',
    workExperience: 'Psychology graduate; anxiety support group facilitator (5 years).',
    yearsExperience: 5,
    categories: ['anxiety', 'confidence', 'mindfulness'],
    prices: { text: 2800, audio: 3400, video: 4200 },
    online: false,
    look: {
      skin: '#d49a6a',
      hair: '#1f2937',
      hairStyle: 'long',
      shirt: '#c2410c',
      background: ['#ffedd5', '#fdba74'],
    },
    cover: ['#fed7aa', '#c2410c'],
    services: [
      {
        title: 'Worry toolkit',
        subtitle: 'Three tools for anxious days',
        description: 'Learn worry time, grounding and thought records, and try each one together.',
        format: 'video',
        price: 5200,
        duration: 45,
        type: 'full',
        isPopular: true,
      },
    ],
  },
];
