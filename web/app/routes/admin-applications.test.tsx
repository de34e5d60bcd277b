import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminApplication, AdminApplicationList } from '#contracts/applications';
import type { Me } from '#contracts/auth';
import { apiError, type StubHandler, type StubResponse } from '#web/test/api';
import { buildMe, buildSession } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';

const NOW = '2026-11-21T09:00:00.000Z';
const item = (id: string, name: string, overrides: Partial<AdminApplication> = {}): AdminApplication => ({
  id,
  user_id: `user-${id}`,
  status: 'pending',
  experience: `${name} has coached for years.`,
  years_experience: 4,
  categories: ['sleep', 'stress'],
  credentials: 'ICF ACC',
  bio: `${name}'s bio.`,
  intended_text_price: 2500,
  intended_audio_price: null,
  intended_video_price: null,
  rejection_reason: null,
  reviewed_at: null,
  created_at: NOW,
  updated_at: NOW,
  applicant: { user_id: `user-${id}`, full_name: name, email: `${id}@example.test`, avatar_url: null },
  reviewer: null,
  ...overrides,
});
const AMARA = item('6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a41', 'Amara Okafor');
const JONAS = item('6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a42', 'Jonas Weber');
const LIST: AdminApplicationList = {
  applications: [AMARA, JONAS],
  counts: { pending: 2, approved: 0, rejected: 0 },
};

const manager = (role: 'coach_manager' | 'financial_admin' = 'coach_manager'): Me =>
  buildMe({
    roles: [],
    active_role: null,
    aal: 'aal2',
    has_verified_factor: true,
    is_guest: false,
    admin: {
      admin_role: role,
      permissions:
        role === 'coach_manager'
          ? ['view_coaches', 'manage_applications', 'view_coach_stats']
          : ['view_revenue', 'manage_payouts', 'view_financial_reports', 'view_platform_revenue'],
      is_active: true,
    },
  });

function renderAt(
  me: Me,
  extra: Record<string, StubHandler | StubResponse> = {},
  at = '/admin/applications',
) {
  return renderApp({
    at,
    me,
    session: buildSession({ aal: 'aal2', verifiedFactor: true }),
    extra: {
      'GET /api/admin/coach-applications': ({ url }) =>
        url.searchParams.get('status') === 'pending'
          ? { body: LIST }
          : { body: { applications: [], counts: LIST.counts } },
      ...extra,
    },
  });
}

const list = () => screen.findByRole('region', { name: 'Pending applications' });
const toasts = () => screen.getByRole('region', { name: 'Notifications' });

describe('/admin/applications', () => {
  it('lists pending applications; approving (confirmed) removes it at once and says so', async () => {
    const user = userEvent.setup();
    let answer: (response: StubResponse) => void = () => undefined;
    const { api } = renderAt(manager(), {
      'POST /api/admin/coach-applications/6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a41/approve': () =>
        new Promise<StubResponse>((resolve) => {
          answer = resolve;
        }),
    });
    const pending = await list();
    expect(await within(pending).findByText('Amara Okafor')).toBeInTheDocument();
    expect(within(pending).getByText('Jonas Weber')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');

    await user.click(within(pending).getByRole('link', { name: /Amara Okafor/ }));
    const detail = await screen.findByRole('article', { name: 'Amara Okafor' });
    expect(within(detail).getByText('Amara Okafor has coached for years.')).toBeInTheDocument();
    expect(within(detail).getByText('ICF ACC')).toBeInTheDocument();
    expect(within(detail).getByText('Text: $25.00')).toBeInTheDocument();
    expect(within(detail).getByText('Audio: $35.00 (default)')).toBeInTheDocument();

    await user.click(within(detail).getByRole('button', { name: 'Approve…' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Approve Amara Okafor?' });
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));

    // Optimistic: gone from the list before the server answers.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Pending applications' })).queryByText('Amara Okafor'),
      ).not.toBeInTheDocument(),
    );
    expect(
      api.callsTo('POST', '/api/admin/coach-applications/6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a41/approve'),
    ).toHaveLength(1);
    answer({ body: { ...AMARA, status: 'approved', reviewed_at: NOW } });
    expect(await within(toasts()).findByText('Application approved')).toBeInTheDocument();
  });

  it('a refused approval puts the application back and says why', async () => {
    const user = userEvent.setup();
    renderAt(
      manager(),
      {
        'POST /api/admin/coach-applications/6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a42/approve': apiError(
          409,
          'APPLICATION_ALREADY_REVIEWED',
          'This application was already rejected. Refresh the list to see its outcome.',
        ),
      },
      `/admin/applications?status=pending&id=${JONAS.id}`,
    );
    const detail = await screen.findByRole('article', { name: 'Jonas Weber' });
    await user.click(within(detail).getByRole('button', { name: 'Approve…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    const alert = await within(toasts()).findByRole('alert');
    expect(within(alert).getByText('Could not approve')).toBeInTheDocument();
    expect(within(alert).getByText(/already rejected/)).toBeInTheDocument();
    expect(await within(await list()).findByText('Jonas Weber')).toBeInTheDocument();
  });

  it('rejecting needs a reason, which is sent trimmed', async () => {
    const user = userEvent.setup();
    const { api } = renderAt(
      manager(),
      {
        'POST /api/admin/coach-applications/6f1a2b3c-4d5e-4f60-8a7b-9c0d1e2f3a41/reject': ({ body }) => ({
          body: {
            ...AMARA,
            status: 'rejected',
            rejection_reason: (body as { reason: string }).reason,
            reviewed_at: NOW,
          },
        }),
      },
      `/admin/applications?id=${AMARA.id}`,
    );
    const detail = await screen.findByRole('article', { name: 'Amara Okafor' });
    await user.click(within(detail).getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: "Reject Amara Okafor's application?" });
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    expect(within(dialog).getByText(/Tell the applicant why/)).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/admin/coach-applications/${AMARA.id}/reject`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason for the applicant'), '  Add your certificate.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject application' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/admin/coach-applications/${AMARA.id}/reject`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/api/admin/coach-applications/${AMARA.id}/reject`)[0]?.body).toEqual({
      reason: 'Add your certificate.',
    });
    expect(await within(toasts()).findByText('Application rejected')).toBeInTheDocument();
  });

  it('an empty tab says what will appear there', async () => {
    const user = userEvent.setup();
    renderAt(manager());
    await list();
    await user.click(screen.getByRole('tab', { name: /Approved/ }));
    expect(await screen.findByRole('heading', { name: 'No approved applications yet' })).toBeInTheDocument();
  });

  it('an admin without manage_applications is told so, and nothing is fetched', async () => {
    const { api } = renderAt(manager('financial_admin'));
    expect(
      await screen.findByRole('heading', { name: 'Reviewing applications is not part of your admin role' }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/coach-applications')).toHaveLength(0);
  });
});
