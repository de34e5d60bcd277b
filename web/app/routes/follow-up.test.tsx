import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FollowupsResponse } from '#contracts/followups';
import { buildMe } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';

/* /follow-up/:sessionId in the real route table (guard, layout, lazy route). */

const ID = '00000000-0000-4000-8000-0000000000e1';

const body = (role: 'coach' | 'client'): FollowupsResponse => ({
  viewer_role: role,
  session: {
    id: ID,
    status: 'completed',
    format: 'audio',
    start_time: new Date(Date.now() - 60 * 60_000).toISOString(),
    end_time: new Date(Date.now() - 30 * 60_000).toISOString(),
    duration_minutes: 30,
    coach_name: 'Lena Ortiz',
    client_name: 'Sam Lee',
  },
  followups: [],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/follow-up/:sessionId', () => {
  it("opens the coach's follow-up form, with the way back to the coach home", async () => {
    renderApp({
      at: `/follow-up/${ID}`,
      me: buildMe({ roles: ['coach'], active_role: 'coach' }),
      extra: {
        'GET /api/sessions/active': { body: { session: null } },
        [`GET /api/sessions/${ID}/followups`]: { body: body('coach') },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Follow up with Sam Lee' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Notes for Sam Lee')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your sessions' })).toHaveAttribute('href', '/portal');
    expect(document.title).toBe('Follow-up · Wellspring');
  });

  it('shows the client what they received (nothing yet)', async () => {
    renderApp({
      at: `/follow-up/${ID}`,
      me: buildMe(),
      extra: {
        'GET /api/sessions/active': { body: { session: null } },
        [`GET /api/sessions/${ID}/followups`]: { body: body('client') },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notes from Lena Ortiz' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/No follow-up yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send follow-up' })).toBeNull();
  });
});
