import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_MESSAGES, type Service } from '#contracts/services';
import { apiError, stubApi } from '#web/test/api';
import { ServicesManager } from './services-manager';
import { renderWithProviders } from '#web/test/render';

const SERVICE: Service = {
  id: '00000000-0000-4000-8000-0000000000a1',
  coach_id: '00000000-0000-4000-8000-000000000001',
  title: 'Life clarity',
  subtitle: null,
  description: null,
  format: 'video',
  price: 8500,
  duration: 60,
  type: 'full',
  category: 'life',
  is_active: true,
  is_popular: false,
  thumbnail_url: null,
  booking_count: 0,
  spots_left: null,
  free_cancel_hours: 24,
  late_cancel_percent: 50,
  position: 0,
  created_at: '2026-11-21T09:00:00.000Z',
  updated_at: '2026-11-21T09:00:00.000Z',
};

// The picture upload reads the access token from the auth client; nothing is uploaded here.
const renderManager = () => renderWithProviders(<ServicesManager />);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ServicesManager', () => {
  it('shows the empty state, explains an invalid form, then creates a service', async () => {
    let services: Service[] = [];
    const api = stubApi({
      'GET /api/services/mine': () => ({ body: { services } }),
      'POST /api/services': ({ body }) => {
        const created = { ...SERVICE, ...(body as Partial<Service>) };
        services = [created];
        return { body: created };
      },
    });
    const user = userEvent.setup();
    renderManager();
    await user.click(await screen.findByRole('button', { name: 'Create your first service' }));
    const dialog = await screen.findByRole('dialog', { name: 'New service' });
    await user.click(within(dialog).getByRole('button', { name: 'Create service' }));
    expect(within(dialog).getByText(SERVICE_MESSAGES.titleRequired)).toBeTruthy();
    expect(within(dialog).getByText(SERVICE_MESSAGES.price)).toBeTruthy();
    expect(api.callsTo('POST', '/api/services')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Title'), 'Life clarity');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '85');
    // The cancellation policy starts at the defaults; a charge over 100 % is refused.
    const hours = within(dialog).getByLabelText('Free cancellation until (hours before)');
    expect(hours).toHaveValue('24');
    const percent = within(dialog).getByLabelText('Late cancellation charge (%)');
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create service' }));
    expect(within(dialog).getByText(SERVICE_MESSAGES.lateCancelPercent)).toBeTruthy();
    await user.clear(percent);
    await user.type(percent, '30');
    await user.clear(hours);
    await user.type(hours, '48');
    await user.click(within(dialog).getByRole('button', { name: 'Create service' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/services')[0]?.body).toMatchObject({
      title: 'Life clarity',
      price: 8500,
      duration: 30,
      format: 'video',
      type: 'full',
      free_cancel_hours: 48,
      late_cancel_percent: 30,
    });
    expect(await screen.findByRole('heading', { name: 'Life clarity' })).toBeTruthy();
  });

  it('pauses at once and puts the service back when the server refuses', async () => {
    stubApi({
      'GET /api/services/mine': { body: { services: [SERVICE] } },
      'PATCH /api/services/00000000-0000-4000-8000-0000000000a1': apiError(
        404,
        'NOT_FOUND',
        'This service no longer exists. Refresh the page.',
      ),
    });
    const user = userEvent.setup();
    renderManager();
    await user.click(await screen.findByRole('button', { name: 'Pause Life clarity' }));
    expect(await screen.findByText('This service no longer exists. Refresh the page.')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pause Life clarity' })).toBeTruthy();
  });
});
