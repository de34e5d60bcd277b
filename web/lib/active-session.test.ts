import { describe, expect, it } from 'vitest';
import { activeSessionRedirect, createEndingMarks, SESSION_ENDING_MARK_MS } from './active-session';

const NOW = 1_800_000_000_000;
const live = { id: 'abc', endsAt: NOW + 60_000 };
const never = () => false;

describe('activeSessionRedirect (SPEC §2)', () => {
  it.each([
    '/',
    '/portal',
    '/client-portal',
    '/settings',
    '/notifications',
    '/settings/security',
    '/portal/',
  ])('sends a party of a live session from %s to /session/{id}', (path) => {
    expect(activeSessionRedirect(path, live, NOW, never)).toBe('/session/abc');
  });

  it.each([
    '/session/abc',
    '/session/other',
    '/chat/abc',
    '/auth',
    '/admin',
    '/admin/sessions',
    '/discover',
    '/community',
  ])('leaves %s alone', (path) => {
    expect(activeSessionRedirect(path, live, NOW, never)).toBeNull();
  });

  it('does nothing without a session, for an expired one, or one being ended', () => {
    expect(activeSessionRedirect('/portal', null, NOW, never)).toBeNull();
    expect(activeSessionRedirect('/portal', { id: 'abc', endsAt: NOW }, NOW, never)).toBeNull();
    expect(activeSessionRedirect('/portal', { id: 'abc', endsAt: null }, NOW, never)).toBe('/session/abc');
    // A booked session opened early: not before its start, and from its start like any other.
    const booked = { id: 'abc', endsAt: NOW + 3_600_000, startsAt: NOW + 60_000 };
    expect(activeSessionRedirect('/portal', booked, NOW, never)).toBeNull();
    expect(activeSessionRedirect('/portal', booked, NOW + 60_000, never)).toBe('/session/abc');
    expect(activeSessionRedirect('/portal', live, NOW, (id) => id === 'abc')).toBeNull();
  });

  it('encodes the session id into the path', () => {
    expect(activeSessionRedirect('/', { id: 'a/b?c', endsAt: null }, NOW, never)).toBe('/session/a%2Fb%3Fc');
  });
});

describe('createEndingMarks', () => {
  it('marks a session as being ended for 10 s only', () => {
    const marks = createEndingMarks();
    expect(marks.isBeingEnded('abc', NOW)).toBe(false);
    marks.mark('abc', NOW);
    expect(marks.isBeingEnded('abc', NOW + SESSION_ENDING_MARK_MS - 1)).toBe(true);
    expect(marks.isBeingEnded('other', NOW)).toBe(false);
    expect(marks.isBeingEnded('abc', NOW + SESSION_ENDING_MARK_MS)).toBe(false);
    // Once expired the mark is gone for good.
    expect(marks.isBeingEnded('abc', NOW + 1)).toBe(false);
  });

  it('can be cleared', () => {
    const marks = createEndingMarks();
    marks.mark('abc', NOW);
    marks.clear('abc');
    expect(marks.isBeingEnded('abc', NOW)).toBe(false);
  });
});
