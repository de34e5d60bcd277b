import { describe, expect, it } from 'vitest';
import { bookingFixture } from '#web/test/fixtures/bookings';
import {
  cancelConsequence,
  cancellationPolicyText,
  isCancellable,
  isJoinable,
  joinedPath,
} from './booking-form';

/** Life Clarity on Monday 4 March 2030 at 15:00 UTC, $85, free to cancel until 15:00 the day before. */
const booking = bookingFixture();
const at = (iso: string) => Date.parse(iso);

describe('a booking’s moments', () => {
  it('can be joined from 10 minutes before its start until its end, while confirmed', () => {
    expect(isJoinable(booking, at('2030-03-04T14:49:59Z'))).toBe(false);
    expect(isJoinable(booking, at('2030-03-04T14:50:00Z'))).toBe(true);
    expect(isJoinable(booking, at('2030-03-04T15:59:59Z'))).toBe(true);
    expect(isJoinable(booking, at('2030-03-04T16:00:00Z'))).toBe(false);
    expect(isJoinable({ ...booking, status: 'cancelled' }, at('2030-03-04T15:00:00Z'))).toBe(false);
  });

  it('goes to the countdown before the start and to the room after', () => {
    expect(joinedPath('s1', booking.scheduled_at, at('2030-03-04T14:55:00Z'))).toBe('/session-waiting/s1');
    expect(joinedPath('s1', booking.scheduled_at, at('2030-03-04T15:00:00Z'))).toBe('/session/s1');
  });

  it('can be cancelled until its start, unless its room is open', () => {
    expect(isCancellable(booking, at('2030-03-04T14:59:59Z'))).toBe(true);
    expect(isCancellable(booking, at('2030-03-04T15:00:00Z'))).toBe(false);
    expect(isCancellable({ ...booking, session_id: 'open' }, at('2030-03-04T14:55:00Z'))).toBe(false);
  });
});

describe('what cancelling means', () => {
  it('for a client: free before the window closes, the policy share after', () => {
    expect(cancelConsequence(booking, 'client', at('2030-03-02T12:00:00Z'), 'Europe/Berlin')).toBe(
      'Free until Sun 3 Mar, 16:00 CET: the whole $85.00 goes back to your wallet.',
    );
    expect(cancelConsequence(booking, 'client', at('2030-03-04T09:00:00Z'), 'UTC')).toBe(
      'It is past Sun 3 Mar, 15:00 UTC: 50% ($42.50) is kept and $42.50 goes back to your wallet.',
    );
  });

  it('for a coach: the client always gets everything back', () => {
    expect(cancelConsequence(booking, 'coach', at('2030-03-04T14:00:00Z'), 'UTC')).toBe(
      'Maya gets the whole $85.00 back.',
    );
  });
});

describe('the policy shown before paying', () => {
  const policy = { free_cancel_hours: 24, late_cancel_percent: 50 };
  const now = at('2030-03-01T12:00:00Z');
  it('says until when it is free for the chosen time, in the viewer’s zone', () => {
    expect(cancellationPolicyText(policy, null, now, 'UTC')).toBe(
      'Free cancellation until 24 h before the start; later, 50% of the price is kept.',
    );
    expect(cancellationPolicyText(policy, '2030-03-04T15:00:00.000Z', now, 'Europe/Berlin')).toBe(
      'Free cancellation until Sun 3 Mar, 16:00 CET; later, 50% of the price is kept.',
    );
    expect(cancellationPolicyText(policy, '2030-03-02T10:00:00.000Z', now, 'UTC')).toBe(
      'This time is less than 24 h away: if you cancel, 50% of the price is kept.',
    );
    expect(cancellationPolicyText({ free_cancel_hours: 0, late_cancel_percent: 0 }, null, now, 'UTC')).toBe(
      'Cancel free of charge any time before it starts.',
    );
  });
});
