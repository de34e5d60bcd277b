import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { PlatformRevenue } from '#contracts/admin-money';
import type { Me } from '#contracts/auth';
import { buildMe, buildSession } from '#web/test/fixtures/auth';
import { type StubHandler, type StubResponse } from '#web/test/api';
import { renderApp } from '#web/test/render-app';

const zero = { fees_earned: 0, refunded: 0, other_debits: 0, net: 0 };
const days = Array.from({ length: 30 }, (_, index) => {
  const date = new Date(Date.UTC(2026, 9, 23 + index));
  return { period: date.toISOString().slice(0, 10), ...zero };
});
days[29] = { period: '2026-11-21', fees_earned: 300, refunded: 100, other_debits: 0, net: 200 };

const REPORT_30D: PlatformRevenue = {
  range: '30d',
  currency: 'usd',
  from: '2026-10-23T00:00:00.000Z',
  to: '2026-11-21T09:00:00.000Z',
  totals: { fees_earned: 300, refunded: 100, other_debits: 0, net: 200, captures: 2 },
  balance: 12_345,
  series: days,
  by_format: [
    { format: 'video', captures: 1, fees_earned: 200, refunded: 100, other_debits: 0, net: 100 },
    { format: 'text', captures: 1, fees_earned: 100, refunded: 0, other_debits: 0, net: 100 },
  ],
  recent_captures: [
    {
      transaction_id: '8d3e9f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
      hold_id: '9e4fa05b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
      captured_at: '2026-11-21T08:30:00.000Z',
      client_name: 'Nadia Client',
      coach_name: 'Oscar Coach',
      format: 'video',
      duration_minutes: 30,
      amount: 4_000,
      platform_fee: 200,
    },
  ],
};
const REPORT_12M: PlatformRevenue = {
  ...REPORT_30D,
  range: '12m',
  from: '2025-12-01T00:00:00.000Z',
  totals: { fees_earned: 800, refunded: 100, other_debits: 0, net: 700, captures: 3 },
  series: Array.from({ length: 12 }, (_, index) => ({
    period: `${index < 1 ? 2025 : 2026}-${String(((11 + index) % 12) + 1).padStart(2, '0')}`,
    ...(index === 11 ? { fees_earned: 800, refunded: 100, other_debits: 0, net: 700 } : zero),
  })),
};

const admin = (role: 'financial_admin' | 'coach_manager' = 'financial_admin'): Me =>
  buildMe({
    roles: [],
    active_role: null,
    aal: 'aal2',
    has_verified_factor: true,
    is_guest: false,
    admin: {
      admin_role: role,
      permissions:
        role === 'financial_admin'
          ? ['view_revenue', 'manage_payouts', 'view_financial_reports', 'view_platform_revenue']
          : ['view_coaches', 'manage_applications', 'view_coach_stats'],
      is_active: true,
    },
  });

function renderAt(
  me: Me,
  extra: Record<string, StubHandler | StubResponse> = {},
  at = '/admin/platform-revenue',
) {
  return renderApp({
    at,
    me,
    session: buildSession({ aal: 'aal2', verifiedFactor: true }),
    extra: {
      'GET /api/admin/platform-revenue': ({ url }) => ({
        body: url.searchParams.get('range') === '12m' ? REPORT_12M : REPORT_30D,
      }),
      ...extra,
    },
  });
}

describe('/admin/platform-revenue', () => {
  it('shows the totals, the chart per day, by format and recent session payments', async () => {
    renderAt(admin());
    // The route's module loads lazily (as the other tests here, allow it the time a loaded machine takes).
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform revenue' })).toBeInTheDocument();
    const fees = await screen.findByText('Fees earned');
    expect(fees.parentElement).toHaveTextContent('$3.00');
    expect(fees.parentElement).toHaveTextContent('From 2 sessions');
    expect(screen.getByText('Net revenue').parentElement).toHaveTextContent('$2.00');
    expect(screen.getByText('Revenue balance').parentElement).toHaveTextContent('$123.45');
    expect(screen.getByRole('group', { name: 'Fees earned per day (UTC)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Nov 21: $3' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /by format/ });
    expect(within(table).getByRole('row', { name: /Video 1 \$2\.00 −\$1\.00 \$1\.00/ })).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent session payments' });
    expect(within(recent).getByText(/Nadia Client/)).toBeInTheDocument();
    expect(within(recent).getByText('of $40.00')).toBeInTheDocument();
  });

  it('switches to 12 months per month and keeps it in the address', async () => {
    const user = userEvent.setup();
    const { api, router } = renderAt(admin());
    await screen.findByText('Fees earned');
    await user.click(screen.getByRole('tab', { name: '12 months' }));
    expect(await screen.findByRole('group', { name: 'Fees earned per month (UTC)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Nov 2026: $8' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?range=12m');
    expect(api.callsTo('GET', '/api/admin/platform-revenue').map((call) => call.search)).toEqual([
      '?range=30d',
      '?range=12m',
    ]);
  });

  it('exports the chosen range as CSV with the bearer token', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:csv');
    const { createObjectURL: realCreate, revokeObjectURL: realRevoke } = URL;
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = realCreate;
      URL.revokeObjectURL = realRevoke;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    onTestFinished(() => click.mockRestore());
    const { api } = renderAt(admin(), {
      'GET /api/admin/platform-revenue/export.csv': {
        body: 'date,fees_earned\r\n',
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="platform-revenue-30d-2026-11-21.csv"',
        },
      },
    });
    await screen.findByText('Fees earned');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(
      await within(toasts).findByText('platform-revenue-30d-2026-11-21.csv was downloaded.'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/platform-revenue/export.csv')[0]?.search).toBe('?range=30d');
    const [, init] = api.fetch.mock.calls.find(([input]) => String(input).includes('export.csv'))!;
    expect(new Headers(init?.headers).get('authorization')).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('tells an admin without view_platform_revenue plainly, without asking the API', async () => {
    const { api } = renderAt(admin('coach_manager'));
    expect(
      await screen.findByRole('heading', { name: 'Platform revenue is not part of your admin role' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/me').length).toBeGreaterThan(0));
    expect(api.callsTo('GET', '/api/admin/platform-revenue')).toHaveLength(0);
  });
});
