import type { DemoProgram } from './demo-shapes';

/** The demo coaches' programs, lesson by lesson (Lena Ortiz's and Kenji Watanabe's). */
export const CALMER_MORNINGS: DemoProgram = {
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
};

export const MEDITATION_FOR_BEGINNERS: DemoProgram = {
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
};
