import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { conversation, conversationsPage } from '#web/test/fixtures/messages';
import { renderWithProviders } from '#web/test/render';
import { ConversationList } from './conversation-list';

const OTHER_ID = '33333333-3333-4333-8333-333333333333';
const lena = conversation();
const kenji = conversation({
  id: OTHER_ID,
  coach: { user_id: OTHER_ID, name: 'Kenji Sato', avatar_url: null, username: 'kenji' },
});

/** The server's answer for each list asked: by `q` and `archived`. */
function answer({ url }: { url: URL }) {
  const q = url.searchParams.get('q')?.toLowerCase() ?? '';
  const archived = url.searchParams.get('archived') === 'true';
  const all = archived ? [kenji] : [lena, kenji];
  return { body: conversationsPage(all.filter((item) => item.coach.name.toLowerCase().includes(q))) };
}

function renderList() {
  const { api } = renderWithProviders(
    <ConversationList selectedId={undefined} role="client" now={Date.now()} />,
    {
      api: { 'GET /api/conversations': answer },
    },
  );
  return api;
}

const names = () =>
  within(screen.getByTestId('conversation-list'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('finding a conversation', () => {
  it('searches by name once the person pauses typing, and shows what matched', async () => {
    const user = userEvent.setup();
    const api = renderList();
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations by name' }), 'ken');
    await waitFor(() => expect(names()).toHaveLength(1));
    expect(names()[0]).toContain('Kenji Sato');
    // One request for the pause, not one per letter.
    const searches = api.callsTo('GET', '/api/conversations').map((call) => call.search);
    expect(searches.filter((search) => search.includes('q='))).toEqual(['?q=ken']);
  });

  it('Archived lists the archived ones; a search with no match says so', async () => {
    const user = userEvent.setup();
    const api = renderList();
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.click(screen.getByRole('radio', { name: 'Archived' }));
    await waitFor(() => expect(names()).toEqual([expect.stringContaining('Kenji Sato')]));
    expect(api.callsTo('GET', '/api/conversations').map((call) => call.search)).toContain('?archived=true');
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations by name' }), 'zed');
    expect(await screen.findByText('No conversations match')).toBeInTheDocument();
    expect(
      screen.getByText('No archived conversation is with someone named like “zed”.'),
    ).toBeInTheDocument();
  });
});
