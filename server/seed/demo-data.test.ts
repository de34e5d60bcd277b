import { describe, expect, it } from 'vitest';
import { DEMO_COACHES } from './demo-coaches';
import { MESSAGE_MAX } from '#contracts/messages';
import { DEMO_CLIENTS, DEMO_CONVERSATIONS, DEMO_HISTORY } from './demo-history';

const NUMBER_WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

/** The counts a text promises: "Seven short lessons", "Five lessons", "7 days" -> [7, 5, 7]. */
function promisedCounts(text: string): number[] {
  const counts: number[] = [];
  for (const match of text.matchAll(/\b(\w+)\s+(?:short\s+|daily\s+)?(lessons?|days?)\b/gi)) {
    const word = (match[1] ?? '').toLowerCase();
    const value = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word) + 1;
    if (value > 0) counts.push(value);
  }
  return counts;
}

describe('demo data', () => {
  it('describes every program with the number of lessons it has', () => {
    expect(promisedCounts('Seven short lessons, 3 days')).toEqual([7, 3]);
    for (const coach of DEMO_COACHES) {
      const program = coach.program;
      if (!program) continue;
      for (const text of [program.title, program.subtitle, program.description])
        for (const count of promisedCounts(text))
          expect(count, `${program.title}: "${text}"`).toBe(program.lessons.length);
    }
  });

  it('gives every coach a past that fits their offer: only formats they price, no overlapping client days', () => {
    const days = new Map<string, string>();
    for (const coach of DEMO_COACHES) {
      const history = DEMO_HISTORY[coach.username];
      expect(history, coach.username).toBeDefined();
      expect(history?.purposes.length).toBeGreaterThan(0);
      for (const past of history?.sessions ?? []) {
        expect(coach.prices[past.format], `${coach.username} ${past.format}`).not.toBeNull();
        expect(past.daysAgo).toBeGreaterThanOrEqual(2);
        expect(DEMO_CLIENTS[past.client]).toBeDefined();
        const day = `${past.client}@${past.daysAgo}`;
        expect(days.get(day), `${day} is taken by ${days.get(day)}`).toBeUndefined();
        days.set(day, coach.username);
        for (const review of [past.review, past.coachReview])
          if (review) expect(review.body.trim().length).toBeGreaterThan(10);
      }
    }
    expect(Object.keys(DEMO_HISTORY).sort()).toEqual(DEMO_COACHES.map((coach) => coach.username).sort());
  });

  it('starts every demo conversation after a session of the pair, its messages in order and within the limit', () => {
    for (const conversation of DEMO_CONVERSATIONS) {
      const label = `${conversation.coach} / ${conversation.client}`;
      const sessions = DEMO_HISTORY[conversation.coach]?.sessions ?? [];
      const session = sessions.find(
        (past) => past.client === conversation.client && past.daysAgo === conversation.afterDaysAgo,
      );
      expect(session, label).toBeDefined();
      const times = conversation.messages.map((message) => message.minutesAfter);
      expect(times, label).toEqual([...times].sort((a, b) => a - b));
      // Every message lies in the past (the session ended `afterDaysAgo` days before the seed).
      expect(Math.max(...times), label).toBeLessThan(conversation.afterDaysAgo * 24 * 60 - 6 * 60);
      for (const message of conversation.messages) {
        expect(message.text.length, label).toBeLessThanOrEqual(MESSAGE_MAX);
        expect(message.text.trim().length, label).toBeGreaterThan(10);
      }
    }
  });
});
