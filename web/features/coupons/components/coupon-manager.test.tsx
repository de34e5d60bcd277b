import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUPON_MESSAGES, type Coupon } from '#contracts/coupons';
import { apiError, stubApi } from '#web/test/api';
import type { CouponScope } from '../api/coupons';
import { CouponManager } from './coupon-manager';
import { renderWithProviders } from '#web/test/render';

const COUPON: Coupon = {
  id: '00000000-0000-4000-8000-0000000000c1',
  code: 'SPRING20',
  coach_id: '00000000-0000-4000-8000-000000000001',
  discount_type: 'percent',
  value: 20,
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_until: null,
  max_redemptions: 10,
  max_redemptions_per_client: 1,
  active: true,
  uses: 3,
  terms_locked: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const renderManager = (scope: CouponScope = 'coach') => renderWithProviders(<CouponManager scope={scope} />);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CouponManager', () => {
  it('shows the empty state, checks the form, then creates a coupon', async () => {
    let coupons: Coupon[] = [];
    const api = stubApi({
      'GET /api/coupons': () => ({ body: { coupons } }),
      'POST /api/coupons': ({ body }) => {
        const sent = body as { code: string; discount_type: 'fixed'; value: number };
        const created: Coupon = {
          ...COUPON,
          id: '00000000-0000-4000-8000-0000000000c2',
          code: sent.code,
          discount_type: sent.discount_type,
          value: sent.value,
          max_redemptions: null,
          max_redemptions_per_client: null,
          uses: 0,
          terms_locked: false,
        };
        coupons = [created];
        return { status: 201, body: created };
      },
    });
    const user = userEvent.setup();
    renderManager();
    expect(await screen.findByText('No coupons yet — create one to offer a discount')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create a coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });

    // Nothing typed: each field says what to fix, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(within(dialog).getByText(COUPON_MESSAGES.code)).toBeTruthy();
    expect(within(dialog).getByText(COUPON_MESSAGES.percent)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Percent off'), '150');
    await user.type(within(dialog).getByLabelText('Total uses (optional)'), '2');
    await user.type(within(dialog).getByLabelText('Uses per client (optional)'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(within(dialog).getByText(COUPON_MESSAGES.percent)).toBeTruthy();
    expect(within(dialog).getByText(COUPON_MESSAGES.perClientAboveTotal)).toBeTruthy();
    expect(api.callsTo('POST', '/api/coupons')).toHaveLength(0);

    // A fixed $5.00 off, code typed in lower case.
    await user.type(within(dialog).getByLabelText('Code'), 'five-off');
    await user.click(within(dialog).getByRole('radio', { name: /Fixed amount/ }));
    const amount = within(dialog).getByLabelText('Amount off (USD)');
    await user.clear(amount);
    await user.type(amount, '5');
    await user.clear(within(dialog).getByLabelText('Total uses (optional)'));
    await user.clear(within(dialog).getByLabelText('Uses per client (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/coupons')[0]?.body).toEqual({
      code: 'FIVE-OFF',
      discount_type: 'fixed',
      value: 500,
      max_redemptions: null,
      max_redemptions_per_client: null,
      active: true,
    });
    const card = await screen.findByRole('article', { name: 'Coupon FIVE-OFF' });
    expect(within(card).getByText('$5.00 off')).toBeTruthy();
    expect(within(card).getByText('0 (no limit)')).toBeTruthy();
  });

  it('shows the server’s message under the field it is about', async () => {
    stubApi({
      'GET /api/admin/coupons': { body: { coupons: [] } },
      'POST /api/admin/coupons': {
        status: 409,
        body: {
          error: {
            code: 'CONFLICT',
            message: COUPON_MESSAGES.codeTaken,
            requestId: 'req-1',
            details: [{ path: 'body.code', message: COUPON_MESSAGES.codeTaken }],
          },
        },
      },
    });
    const user = userEvent.setup();
    renderManager('platform');
    expect(await screen.findByRole('heading', { name: 'Platform coupons' })).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await user.type(within(dialog).getByLabelText('Code'), 'WELCOME');
    await user.type(within(dialog).getByLabelText('Percent off'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    const code = within(dialog).getByLabelText('Code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(COUPON_MESSAGES.codeTaken)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'New coupon' })).toBeTruthy();
  });

  it('lists discount, validity and uses, and switches a coupon off (put back if refused)', async () => {
    let refuse = false;
    const api = stubApi({
      'GET /api/coupons': { body: { coupons: [COUPON] } },
      [`PATCH /api/coupons/${COUPON.id}`]: ({ body }) =>
        refuse
          ? apiError(404, 'NOT_FOUND', COUPON_MESSAGES.notFound)
          : { body: { ...COUPON, ...(body as Partial<Coupon>) } },
    });
    const user = userEvent.setup();
    renderManager();
    const card = await screen.findByRole('article', { name: 'Coupon SPRING20' });
    expect(within(card).getByText('20 % off')).toBeTruthy();
    expect(within(card).getByText('3 / 10')).toBeTruthy();
    expect(within(card).getByText('No end date')).toBeTruthy();
    expect(within(card).getByText('Once per client')).toBeTruthy();
    expect(within(card).getByText('Active')).toBeTruthy();

    const toggle = within(card).getByRole('switch', { name: 'Coupon SPRING20 active' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    await waitFor(() => expect(within(card).getByText('Paused')).toBeTruthy());
    expect(api.callsTo('PATCH', `/api/coupons/${COUPON.id}`)[0]?.body).toEqual({ active: false });
    expect((toggle as HTMLInputElement).checked).toBe(false);

    refuse = true;
    await user.click(toggle);
    expect(await screen.findByText(COUPON_MESSAGES.notFound)).toBeTruthy();
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(within(card).getByText('Paused')).toBeTruthy();
  });

  it('edits a used coupon: its terms are fixed, the rest is sent as changes only', async () => {
    const api = stubApi({
      'GET /api/coupons': { body: { coupons: [COUPON] } },
      [`PATCH /api/coupons/${COUPON.id}`]: ({ body }) => ({ body: { ...COUPON, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderManager();
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit SPRING20' });
    expect((within(dialog).getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Percent off') as HTMLInputElement).disabled).toBe(true);
    const total = within(dialog).getByLabelText('Total uses (optional)');
    await user.clear(total);
    await user.type(total, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH', `/api/coupons/${COUPON.id}`)[0]?.body).toEqual({ max_redemptions: 25 });
  });

  it('says what went wrong when the list does not load, and tries again', async () => {
    let fail = true;
    stubApi({
      'GET /api/coupons': () =>
        fail ? apiError(403, 'FORBIDDEN', COUPON_MESSAGES.coachOnly) : { body: { coupons: [COUPON] } },
    });
    const user = userEvent.setup();
    renderManager();
    expect(await screen.findByText(COUPON_MESSAGES.coachOnly)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Coupon SPRING20' })).toBeTruthy();
  });
});
