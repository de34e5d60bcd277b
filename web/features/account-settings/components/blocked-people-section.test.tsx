import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BlockedPerson } from '#contracts/messages';
import { apiError } from '#web/test/api';
import { renderWithProviders } from '#web/test/render';
import { BlockedPeopleSection } from './blocked-people-section';

const LENA: BlockedPerson = {
  user_id: '11111111-1111-4111-8111-111111111111',
  name: 'Lena Ortiz',
  avatar_url: null,
  blocked_at: '2026-11-20T09:00:00.000Z',
};
const SAM: BlockedPerson = { ...LENA, user_id: '33333333-3333-4333-8333-333333333333', name: 'Sam Rivera' };

const section = () => screen.getByRole('region', { name: 'Blocked people' });

describe('Settings: Blocked people', () => {
  it('lists the people blocked with Unblock, which takes them off the list', async () => {
    let held = [SAM, LENA];
    const user = userEvent.setup();
    const { api } = renderWithProviders(<BlockedPeopleSection />, {
      api: {
        'GET /api/blocks': () => ({ body: { blocked: held } }),
        [`DELETE /api/blocks/${LENA.user_id}`]: () => {
          held = [SAM];
          return { status: 204 };
        },
      },
    });
    const list = within(await screen.findByRole('list', { name: 'People you blocked' }));
    expect(list.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Sam Rivera',
      'Lena Ortiz',
    ]);
    await user.click(list.getByRole('button', { name: 'Unblock Lena Ortiz' }));
    await waitFor(() => expect(list.queryByText('Lena Ortiz')).toBeNull());
    expect(api.callsTo('DELETE', `/api/blocks/${LENA.user_id}`)).toHaveLength(1);
    expect(within(section()).getByRole('status')).toHaveTextContent(
      'Unblocked. They can write to you again.',
    );
    expect(list.getByText('Sam Rivera')).toBeInTheDocument();
  });

  it('says when nobody is blocked', async () => {
    renderWithProviders(<BlockedPeopleSection />, { api: { 'GET /api/blocks': { body: { blocked: [] } } } });
    expect(await screen.findByText(/You have not blocked anyone\./)).toBeInTheDocument();
  });

  it('offers Try again when the list does not load, and says why an unblock failed', async () => {
    let fail = true;
    const user = userEvent.setup();
    renderWithProviders(<BlockedPeopleSection />, {
      api: {
        'GET /api/blocks': () =>
          fail ? apiError(500, 'INTERNAL_ERROR', 'Failed') : { body: { blocked: [LENA] } },
        [`DELETE /api/blocks/${LENA.user_id}`]: apiError(500, 'INTERNAL_ERROR', 'The server failed.'),
      },
    });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    await user.click(await screen.findByRole('button', { name: 'Unblock Lena Ortiz' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('The server failed.');
    expect(screen.getByText('Lena Ortiz')).toBeInTheDocument();
  });
});
