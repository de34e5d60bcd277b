import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Application, MyApplicationResponse } from '#contracts/applications';
import { apiError, type StubHandler, type StubResponse } from '#web/test/api';
import { buildMe, USER_ID } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';

const NOW = '2026-11-21T09:00:00.000Z';
const application = (overrides: Partial<Application> = {}): Application => ({
  id: '0b6c7a52-3f4e-4d3a-9f59-6a1c2b3d4e5f',
  user_id: USER_ID,
  status: 'pending',
  experience: 'Ten years with new parents.',
  years_experience: 10,
  categories: ['parenting', 'sleep'],
  credentials: '',
  bio: 'Gentle, practical support.',
  intended_text_price: 2500,
  intended_audio_price: null,
  intended_video_price: null,
  rejection_reason: null,
  reviewed_at: null,
  created_at: NOW,
  updated_at: NOW,
  ...overrides,
});
const NONE: MyApplicationResponse = {
  status: 'none',
  rejection_reason: null,
  application: null,
  history: [],
};

function renderAt(mine: MyApplicationResponse, extra: Record<string, StubHandler | StubResponse> = {}) {
  return renderApp({
    at: '/coach-application',
    me: buildMe(),
    extra: { 'GET /api/coach-applications/me': { body: mine }, ...extra },
  });
}

describe('/coach-application', () => {
  it('checks the form in the browser, shows each error next to its field, then sends cents', async () => {
    const user = userEvent.setup();
    const pending = application();
    const { api } = renderAt(NONE, {
      'POST /api/coach-applications': {
        status: 201,
        body: { status: 'pending', rejection_reason: null, application: pending, history: [pending] },
      },
    });
    await screen.findByRole('heading', { name: 'Tell us about your coaching' });

    await user.type(screen.getByLabelText('Text sessions ($)'), '0.50');
    await user.type(screen.getByLabelText('Years of experience'), 'ten');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Tell us about your coaching experience.')).toBeInTheDocument();
    expect(screen.getByText('Write a short bio clients will read.')).toBeInTheDocument();
    expect(screen.getByText('Pick at least one category you coach in.')).toBeInTheDocument();
    expect(screen.getByText(/Enter a whole number of years/)).toBeInTheDocument();
    expect(screen.getByText(/Enter a rate between \$1\.00 and \$1,000\.00/)).toBeInTheDocument();
    expect(screen.getByLabelText('Your coaching experience')).toHaveAttribute('aria-invalid', 'true');
    // The first field with an error has focus.
    await waitFor(() => expect(screen.getByLabelText('Your coaching experience')).toHaveFocus());
    expect(api.callsTo('POST', '/api/coach-applications')).toHaveLength(0);

    await user.type(screen.getByLabelText('Your coaching experience'), 'Ten years with new parents.');
    await user.clear(screen.getByLabelText('Years of experience'));
    await user.type(screen.getByLabelText('Years of experience'), '10');
    await user.click(screen.getByRole('button', { name: 'Parenting' }));
    await user.click(screen.getByRole('button', { name: 'Sleep' }));
    expect(screen.getByRole('button', { name: 'Sleep' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText('Bio'), 'Gentle, practical support.');
    await user.clear(screen.getByLabelText('Text sessions ($)'));
    await user.type(screen.getByLabelText('Text sessions ($)'), '25');
    await user.type(screen.getByLabelText('Video sessions ($)'), '42.5');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(
      await screen.findByRole('heading', { name: "We're reviewing your application" }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/coach-applications').map((call) => call.body)).toEqual([
      {
        experience: 'Ten years with new parents.',
        years_experience: 10,
        categories: ['parenting', 'sleep'],
        credentials: '',
        bio: 'Gentle, practical support.',
        intended_text_price: 2500,
        intended_audio_price: null,
        intended_video_price: 4250,
      },
    ]);
  });

  it('shows the server’s field errors next to the fields', async () => {
    const user = userEvent.setup();
    renderAt(NONE, {
      'POST /api/coach-applications': {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'The request is not valid.',
            details: [{ path: 'body.bio', message: 'Keep your bio under 3,000 characters.' }],
          },
        },
      },
    });
    await screen.findByRole('heading', { name: 'Tell us about your coaching' });
    await user.type(screen.getByLabelText('Your coaching experience'), 'Some experience');
    await user.click(screen.getByRole('button', { name: 'Yoga' }));
    await user.type(screen.getByLabelText('Bio'), 'A bio');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Keep your bio under 3,000 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Bio')).toHaveAttribute('aria-invalid', 'true');
  });

  it('after a rejection shows the reason, and "Apply again" opens the form with the previous answers', async () => {
    const user = userEvent.setup();
    const rejected = application({
      status: 'rejected',
      rejection_reason: 'Please add your certification.',
      reviewed_at: NOW,
    });
    renderAt({
      status: 'rejected',
      rejection_reason: 'Please add your certification.',
      application: rejected,
      history: [rejected],
    });
    const notice = await screen.findByRole('region', { name: 'Your application was not approved' });
    expect(within(notice).getByText('Please add your certification.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit new application' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply again' }));
    expect(screen.getByRole('heading', { name: 'Your new application' })).toHaveFocus();
    expect(screen.getByLabelText('Your coaching experience')).toHaveValue('Ten years with new parents.');
    expect(screen.getByLabelText('Text sessions ($)')).toHaveValue('25.00');
    expect(screen.getByRole('button', { name: 'Parenting' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('an approved applicant is pointed to the coach home and profile', async () => {
    const approved = application({ status: 'approved', reviewed_at: NOW });
    renderAt({ status: 'approved', rejection_reason: null, application: approved, history: [approved] });
    expect(await screen.findByRole('heading', { name: "You're approved" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your coach home' })).toHaveAttribute('href', '/portal');
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/profile/edit');
  });

  it('offers Try Again when the status cannot be loaded', async () => {
    renderAt(NONE, {
      'GET /api/coach-applications/me': apiError(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable.'),
    });
    expect(await screen.findByText('The service is unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
