import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canCoachMessage,
  REQUEST_EVENTS,
  REQUEST_STATUSES,
  refusalMessage,
  shownRequestStatus,
  transition,
} from './request-machine';

describe('request machine', () => {
  it('leaves pending once, to the status each event names', () => {
    expect(transition('pending', 'accept')).toEqual({ ok: true, to: 'accepted' });
    expect(transition('pending', 'decline')).toEqual({ ok: true, to: 'declined' });
    expect(transition('pending', 'cancel')).toEqual({ ok: true, to: 'cancelled' });
    expect(transition('pending', 'expire')).toEqual({ ok: true, to: 'expired' });
  });

  it('refuses every event once the request left pending, saying its status', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REQUEST_STATUSES.filter((status) => status !== 'pending')),
        fc.constantFrom(...REQUEST_EVENTS),
        (status, event) => {
          expect(transition(status, event)).toEqual({
            ok: false,
            refusal: { reason: 'already_answered', status },
          });
        },
      ),
    );
  });

  it('explains a refusal in the words of each kind of request', () => {
    expect(refusalMessage('accepted')).toBe('This request was already accepted.');
    expect(refusalMessage('cancelled')).toBe('The client cancelled this request.');
    expect(refusalMessage('expired', 'request for more time')).toBe(
      'This request for more time expired before it was answered.',
    );
    expect(refusalMessage('pending', 'request for more time')).toBe(
      'This request for more time is still waiting for an answer.',
    );
  });

  it('shows a pending request past its expiry as expired, and nothing else changed', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const past = new Date('2026-03-01T09:59:59Z');
    const future = new Date('2026-03-01T10:00:01Z');
    expect(shownRequestStatus({ status: 'pending', expiresAt: now }, now)).toBe('expired');
    expect(shownRequestStatus({ status: 'pending', expiresAt: future }, now)).toBe('pending');
    expect(shownRequestStatus({ status: 'accepted', expiresAt: past }, now)).toBe('accepted');
  });

  it('lets the coach write only after a decline, cancel or expiry', () => {
    expect(REQUEST_STATUSES.filter(canCoachMessage)).toEqual(['declined', 'cancelled', 'expired']);
  });
});
