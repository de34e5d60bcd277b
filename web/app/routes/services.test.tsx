import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Coupon } from '#contracts/coupons';
import { buildMe, USER_ID } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';

const COUPON: Coupon = {
  id: '00000000-0000-4000-8000-0000000000c1',
  code: 'WELCOME10',
  coach_id: USER_ID,
  discount_type: 'fixed',
  value: 1000,
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_until: null,
  max_redemptions: null,
  max_redemptions_per_client: 1,
  active: true,
  uses: 2,
  terms_locked: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('/services', () => {
  it("composes the coach's coupons with services, rates and programs", async () => {
    renderApp({
      at: '/services',
      me: buildMe({ roles: ['coach'], active_role: 'coach' }),
      extra: {
        'GET /api/services/mine': { body: { services: [] } },
        'GET /api/coupons': { body: { coupons: [COUPON] } },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    const coupons = screen.getByRole('region', { name: 'Coupons' });
    const card = await within(coupons).findByRole('article', { name: 'Coupon WELCOME10' });
    expect(within(card).getByText('$10.00 off')).toBeInTheDocument();
    expect(within(card).getByText('2 (no limit)')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows no coupons to someone who is not a coach', async () => {
    const { api } = renderApp({ at: '/services', me: buildMe({ roles: ['client'], active_role: 'client' }) });
    expect(await screen.findByRole('heading', { name: 'Services are for coaches' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Coupons' })).toBeNull();
    expect(api.callsTo('GET', '/api/coupons')).toHaveLength(0);
  });
});
