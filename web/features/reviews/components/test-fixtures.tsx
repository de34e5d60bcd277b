import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Review, SessionReviews } from '../../../../contracts/reviews';
import { ToastProvider } from '../../../components/toast';
import { stubApi, type StubHandler, type StubResponse } from '../../../lib/testing/stub-api';

/* Web tests only: review bodies as the server sends them, and a render with the app's providers. */

export const SESSION = '00000000-0000-4000-8000-0000000000e1';
export const COACH = '00000000-0000-4000-8000-0000000000c1';
export const CLIENT = '00000000-0000-4000-8000-0000000000a1';
export const CLIENT_REVIEW = '00000000-0000-4000-8000-00000000a001';
export const COACH_REVIEW = '00000000-0000-4000-8000-00000000c001';

export function review(overrides: Partial<Review> = {}): Review {
  return {
    id: CLIENT_REVIEW,
    session_id: SESSION,
    author_role: 'client',
    rating: 4,
    body: 'Calm and practical.',
    created_at: '2026-11-20T09:00:00.000Z',
    visible_at: '2026-11-27T08:30:00.000Z',
    is_visible: false,
    reply: null,
    replied_at: null,
    ...overrides,
  };
}

export function sessionReviews(overrides: Partial<SessionReviews> = {}): SessionReviews {
  return {
    session: {
      id: SESSION,
      coach_id: COACH,
      client_id: CLIENT,
      coach_name: 'Sofia Márquez',
      coach_username: 'sofia',
      client_name: 'Robin Hale',
      format: 'video',
      status: 'completed',
      start_time: '2026-11-20T08:00:00.000Z',
      ended_at: '2026-11-20T08:30:00.000Z',
      duration_minutes: 30,
    },
    viewer: 'client',
    mine: null,
    theirs: null,
    can_review: true,
    can_reply: false,
    ...overrides,
  };
}

export function renderWithProviders(ui: ReactNode, routes: Record<string, StubHandler | StubResponse>) {
  const api = stubApi(routes);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter>{ui}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { api };
}
