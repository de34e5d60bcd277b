import { describe, expect, it } from 'vitest';
import { availabilitySchema, SCHEDULING_MESSAGES, slotsSchema } from '#contracts/scheduling';
import { insertClient, insertCoach } from '#test/factories/people';
import { insertChatSession } from '#test/factories/sessions';
import { errorOf } from '#test/support/auth';
import { useTestApp } from '#test/support/test-app';

/** The test clock starts on Saturday 21 November 2026, 09:00 UTC (test/support/app.ts). */
const t = useTestApp({ RATE_LIMIT_MAX: '100000', AUTH_RATE_LIMIT_MAX: '100000' });

const WEEKDAYS = [
  [],
  [
    { start: '09:00', end: '12:00' },
    { start: '14:00', end: '17:00' },
  ],
  [{ start: '09:00', end: '17:00' }],
  [],
  [],
  [],
  [],
];

const body = (overrides: object = {}) => ({
  weekly: WEEKDAYS,
  overrides: [],
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  minimum_notice_minutes: 720,
  horizon_days: 60,
  daily_maximum: null,
  ...overrides,
});

async function coachIn(timeZone: string) {
  const coach = await insertCoach(t.app, t.pool);
  await t.pool.query('update profiles set time_zone = $2 where user_id = $1', [coach.id, timeZone]);
  return coach;
}

const save = (coach: Awaited<ReturnType<typeof insertCoach>>, payload: object) =>
  t.call(coach.session, 'PUT', '/api/me/availability', payload);

async function slots(coachId: string, query: string) {
  const response = await t.call(null, 'GET', `/api/coaches/${coachId}/slots?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return slotsSchema.parse(response.json());
}

describe('a coach’s bookable hours', () => {
  it('are nothing until saved (the defaults), then kept as written, in the coach’s own zone', async () => {
    const coach = await coachIn('America/New_York');
    const before = availabilitySchema.parse(
      (await t.call(coach.session, 'GET', '/api/me/availability')).json(),
    );
    expect(before).toMatchObject({
      time_zone: 'America/New_York',
      weekly: [[], [], [], [], [], [], []],
      minimum_notice_minutes: 720,
      horizon_days: 60,
      daily_maximum: null,
      updated_at: null,
    });
    const saved = await save(
      coach,
      body({
        overrides: [
          { date: '2026-12-24', intervals: [] },
          { date: '2026-12-05', intervals: [{ start: '10:00', end: '24:00' }] },
        ],
        buffer_after_minutes: 15,
        daily_maximum: 4,
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const after = availabilitySchema.parse(
      (await t.call(coach.session, 'GET', '/api/me/availability')).json(),
    );
    expect(after).toMatchObject({
      weekly: WEEKDAYS,
      overrides: [
        { date: '2026-12-05', intervals: [{ start: '10:00', end: '24:00' }] },
        { date: '2026-12-24', intervals: [] },
      ],
      buffer_after_minutes: 15,
      daily_maximum: 4,
      updated_at: t.clock.now().toISOString(),
    });
    // Saved again as a whole: the dates not sent are gone.
    expect((await save(coach, body())).statusCode).toBe(200);
    expect(
      availabilitySchema.parse((await t.call(coach.session, 'GET', '/api/me/availability')).json()).overrides,
    ).toEqual([]);
  });

  it('refuses overlapping or inside-out hours, bad times, a date twice and rules out of range, with the reason', async () => {
    const coach = await coachIn('Europe/Berlin');
    const cases: [object, string][] = [
      [
        {
          weekly: [
            [],
            [
              { start: '09:00', end: '12:00' },
              { start: '11:00', end: '13:00' },
            ],
            [],
            [],
            [],
            [],
            [],
          ],
        },
        'Intervals of one day must not overlap.',
      ],
      [
        { weekly: [[], [{ start: '12:00', end: '09:00' }], [], [], [], [], []] },
        'Each interval ends after it starts, within the day.',
      ],
      [{ weekly: [[], [{ start: '9:00', end: '12:00' }], [], [], [], [], []] }, SCHEDULING_MESSAGES.time],
      [{ weekly: [[], [], [], [], [], []] }, ''],
      [
        {
          overrides: [
            { date: '2026-12-24', intervals: [] },
            { date: '2026-12-24', intervals: [] },
          ],
        },
        SCHEDULING_MESSAGES.overrideTwice,
      ],
      [{ overrides: [{ date: '24.12.2026', intervals: [] }] }, SCHEDULING_MESSAGES.date],
      [{ buffer_before_minutes: 300 }, SCHEDULING_MESSAGES.buffer],
      [{ horizon_days: 0 }, SCHEDULING_MESSAGES.horizon],
      [{ daily_maximum: 0 }, SCHEDULING_MESSAGES.dailyMaximum],
    ];
    for (const [change, message] of cases) {
      const response = await save(coach, body(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      if (message) expect(JSON.stringify(errorOf(response).details)).toContain(message);
    }
    const client = await insertClient(t.app, t.pool, 0);
    const refused = await t.call(client.session, 'PUT', '/api/me/availability', body());
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(SCHEDULING_MESSAGES.coachOnly);
  });

  it('offers free times in the coach’s zone, after the notice, around a live session', async () => {
    const coach = await coachIn('America/New_York');
    expect((await save(coach, body({ buffer_after_minutes: 15 }))).statusCode).toBe(200);
    const client = await insertClient(t.app, t.pool, 0);
    // A live session on Monday 23 November, 10:00–11:00 in New York (15:00–16:00 UTC).
    await insertChatSession(t.pool, {
      coachId: coach.id,
      clientId: client.id,
      clientEmail: null,
      now: new Date('2026-11-23T15:00:00Z'),
      minutes: 60,
    });
    const week = await slots(coach.id, 'duration=60&from=2026-11-21T00:00:00Z&to=2026-11-28T00:00:00Z');
    expect(week.coach_time_zone).toBe('America/New_York');
    const starts = week.slots.map((slot) => slot.start);
    // Monday in New York (UTC-5): every morning start meets the session (10:00–11:00) or the 15 minutes
    // each keeps after it; the afternoon from 14:00 to 16:00 every 30 minutes.
    expect(starts.filter((start) => start.startsWith('2026-11-23'))).toEqual([
      '2026-11-23T19:00:00.000Z',
      '2026-11-23T19:30:00.000Z',
      '2026-11-23T20:00:00.000Z',
      '2026-11-23T20:30:00.000Z',
      '2026-11-23T21:00:00.000Z',
    ]);
    // Tuesday: 09:00 to 16:00 every 30 minutes.
    expect(starts.filter((start) => start.startsWith('2026-11-24'))).toHaveLength(15);
    expect(week.slots.every((slot) => Date.parse(slot.end) - Date.parse(slot.start) === 3_600_000)).toBe(
      true,
    );
    // Nothing inside the 12 hours' notice, nothing on days without hours.
    expect(starts.every((start) => Date.parse(start) >= t.clock.now().getTime() + 12 * 3_600_000)).toBe(true);
  });

  it('answers the window and length it was asked for, or says what is wrong', async () => {
    const coach = await coachIn('Europe/Berlin');
    const query = (text: string) => t.call(null, 'GET', `/api/coaches/${coach.id}/slots?${text}`);
    expect((await query('duration=60&from=2026-12-01T00:00:00Z&to=2027-03-01T00:00:00Z')).statusCode).toBe(
      400,
    );
    expect((await query('duration=60&from=2026-12-08T00:00:00Z&to=2026-12-01T00:00:00Z')).statusCode).toBe(
      400,
    );
    expect((await query('duration=2&from=2026-12-01T00:00:00Z&to=2026-12-08T00:00:00Z')).statusCode).toBe(
      400,
    );
    expect((await query('duration=60&from=tomorrow&to=2026-12-08T00:00:00Z')).statusCode).toBe(400);
    // Someone who is not a coach has no free times.
    const client = await insertClient(t.app, t.pool, 0);
    expect(
      (await slots(client.id, 'duration=60&from=2026-12-01T00:00:00Z&to=2026-12-08T00:00:00Z')).slots,
    ).toEqual([]);
  });
});
