import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OwnProfile } from '#contracts/profiles';
import { ToastProvider } from '#web/components/toast';
import {
  cancelScheduledCompletionCheck,
  COMPLETION_CHECK_DELAY_MS,
} from '#web/features/profile-completion/api/profile-completion';
import { createAuthClient, type AuthClient } from '#web/lib/auth/auth-client';
import { AuthClientContext } from '#web/lib/auth/use-auth';
import { ownProfileQueryKey } from '#web/lib/own-profile';
import { createQueryClient } from '#web/lib/query-client';
import { apiError, stubApi, type StubHandler, type StubResponse } from '#web/test/api';
import { buildSession, USER_ID } from '#web/test/fixtures/auth';
import { ownProfileFixture } from '#web/test/fixtures/own-profile';
import { ProfileEditPage } from './profile-edit';

/**
 * The coach profile editor against a stubbed server: only changed fields are sent, the optimistic
 * change is rolled back with the SPEC §8 text, the completion check follows a success by 2 s, and
 * the unsaved-changes guard holds navigation.
 */
let client: AuthClient | undefined;
afterEach(() => {
  // A save that succeeded schedules a check 2 s later; it must not land in the next case's stub.
  cancelScheduledCompletionCheck();
  client?.stop();
  client = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const PROFILE: OwnProfile = ownProfileFixture({
  user_id: USER_ID,
  full_name: 'Lena Ortiz',
  username: 'lena-ortiz',
  email: 'lena@example.test',
  professional_title: 'Mindfulness coach',
  short_bio: 'Calm, practical coaching.',
  years_experience: 6,
  on_demand_audio_price: 3500,
  categories: ['mindfulness'],
});

function renderEditor(routes: Record<string, StubHandler | StubResponse> = {}) {
  const api = stubApi({
    'POST /auth/v1/token': { body: buildSession() },
    'GET /api/profiles/me': { body: PROFILE },
    'POST /api/rpc/check_profile_completion': { body: { completion: 86, missing: ['avatar_url'] } },
    ...routes,
  });
  client = createAuthClient();
  void client.start();
  const queryClient: QueryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/profile/edit', element: <ProfileEditPage /> },
      { path: '/portal', element: <h1>Coach home</h1> },
      { path: '/profile/preview', element: <h1>Profile preview</h1> },
    ],
    { initialEntries: ['/profile/edit'] },
  );
  render(
    <AuthClientContext.Provider value={client}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </AuthClientContext.Provider>,
  );
  return { api, router, queryClient };
}

const field = (name: string) => screen.findByRole('textbox', { name });
const toastRegion = () => screen.getByRole('region', { name: 'Notifications' });
const cached = (queryClient: QueryClient) =>
  queryClient.getQueryData<OwnProfile>(ownProfileQueryKey(USER_ID));

/**
 * With setTimeout faked, runs what is due now (TanStack Query notifies through setTimeout(0)) until
 * `check` passes, without moving the clock. vi.waitFor would move the fake clock itself.
 */
async function settle(check: () => void) {
  for (let round = 0; round < 50; round += 1) {
    await act(async () => vi.advanceTimersByTimeAsync(0));
    try {
      check();
      return;
    } catch {
      // not yet
    }
  }
  check();
}

function deferred() {
  let resolve: (value: StubResponse) => void = () => undefined;
  const promise = new Promise<StubResponse>((done) => (resolve = done));
  return { promise, resolve };
}

describe('/profile/edit', () => {
  it('shows the saved profile with the default rates, and sends only what changed', async () => {
    const user = userEvent.setup();
    const { api } = renderEditor({
      'PATCH /api/profiles/me': ({ body }) => ({ body: { ...PROFILE, ...(body as object) } }),
    });
    expect(await field('Full name')).toHaveValue('Lena Ortiz');
    expect(screen.getByRole('textbox', { name: 'Text chat, $ per 15 min' })).toHaveAttribute(
      'placeholder',
      '30.00',
    );
    expect(screen.getByText('Default $35.00 · at most $1,000.00')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Audio call, $ per 15 min' })).toHaveValue('35.00');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await user.clear(screen.getByRole('textbox', { name: 'Professional title' }));
    await user.type(screen.getByRole('textbox', { name: 'Professional title' }), 'Sleep coach');
    await user.type(screen.getByRole('textbox', { name: 'Video call, $ per 15 min' }), '42.5');
    await user.click(screen.getByRole('button', { name: 'Sleep' }));
    await user.click(screen.getByRole('switch', { name: 'Put my services first' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/profiles/me')[0]!.body).toEqual({
      professional_title: 'Sleep coach',
      on_demand_video_price: 4250,
      categories: ['mindfulness', 'sleep'],
      show_services_prominently: true,
    });
    expect(await within(toastRegion()).findByText('Profile saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('warns before a new name moves the public page, and can keep the old address', async () => {
    const user = userEvent.setup();
    const { api } = renderEditor({
      'PATCH /api/profiles/me': ({ body }) => ({
        body: {
          ...PROFILE,
          ...(body as object),
          username: (body as { username?: string }).username ?? 'lena-ortiz-sato',
        },
      }),
    });
    const name = await field('Full name');
    expect(screen.queryByTestId('public-address-change')).toBeNull();
    await user.clear(name);
    await user.type(name, 'Lena Ortiz Sato');
    const notice = screen.getByTestId('public-address-change');
    expect(notice).toHaveTextContent(
      'Saving this name moves your public page from /coach/lena-ortiz to /coach/lena-ortiz-sato',
    );
    // Keep the address: the current username goes with the name, so none is generated.
    await user.click(within(notice).getByRole('button', { name: 'Keep /coach/lena-ortiz' }));
    expect(screen.getByTestId('public-address-change')).toHaveTextContent(
      'Your public page stays at /coach/lena-ortiz.',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/profiles/me')[0]!.body).toEqual({
      full_name: 'Lena Ortiz Sato',
      username: 'lena-ortiz',
    });
  });

  it('a name change saved without keeping the address sends only the name; a very long name shows an address within 60 characters', async () => {
    const user = userEvent.setup();
    const { api } = renderEditor({
      'PATCH /api/profiles/me': ({ body }) => ({ body: { ...PROFILE, ...(body as object) } }),
    });
    const name = await field('Full name');
    await user.clear(name);
    await user.click(name);
    await user.paste('Alexandria Konstantinopoulou-Vanderbilt Montgomery-Smythe the Third');
    expect(screen.getByTestId('public-address-change')).toHaveTextContent(
      'to /coach/alexandria-konstantinopoulou-vanderbilt-montgomery-smythe (with a number added',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/profiles/me')[0]!.body).toEqual({
      full_name: 'Alexandria Konstantinopoulou-Vanderbilt Montgomery-Smythe the Third',
    });
  });

  it('refuses a rate over $1,000.00 per 15 minutes as it is typed, and shows the server’s words on the field', async () => {
    const user = userEvent.setup();
    const serverWords =
      'Set a rate between $0.00 and $1,000.00 per 15 minutes, or leave it empty for the default.';
    renderEditor({
      'PATCH /api/profiles/me': () => ({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'The request is not valid. Please check your input and try again.',
            requestId: 'req-1',
            details: [{ path: 'body.on_demand_text_price', message: serverWords }],
          },
        },
      }),
    });
    const video = await field('Video call, $ per 15 min');
    await user.type(video, '1000.01');
    expect(video).toHaveAccessibleDescription(
      expect.stringContaining('at most $1,000.00), or leave it empty') as unknown as string,
    );
    await user.clear(video);
    await user.type(video, '1000');
    expect(video).not.toHaveAccessibleDescription(
      expect.stringContaining('Enter an amount') as unknown as string,
    );
    // What the server says about a field lands on that field.
    const text = screen.getByRole('textbox', { name: 'Text chat, $ per 15 min' });
    await user.type(text, '50');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(text).toHaveAccessibleDescription(expect.stringContaining(serverWords) as unknown as string),
    );
  });

  it('checks the username rule as it is typed, with the exact SPEC text', async () => {
    const user = userEvent.setup();
    renderEditor();
    const username = await field('Username');
    await user.clear(username);
    await user.type(username, 'Lena Ortiz');
    expect(username).toHaveAccessibleDescription(
      expect.stringContaining(
        'Username can only contain lowercase letters, numbers, hyphens, and underscores',
      ) as unknown as string,
    );
    await user.clear(screen.getByRole('textbox', { name: 'Full name' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
  });

  it('refuses to save while a rule fails: says so, focuses the first invalid field, sends nothing', async () => {
    const user = userEvent.setup();
    const { api } = renderEditor();
    const years = await field('Years of experience');
    await user.clear(years);
    await user.type(years, '71');
    await user.type(screen.getByRole('textbox', { name: 'Audio call, $ per 15 min' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const toast = await within(toastRegion()).findByRole('alert');
    expect(toast).toHaveTextContent('Update Failed');
    expect(toast).toHaveTextContent('Please fix the highlighted fields and save again.');
    await waitFor(() => expect(years).toHaveFocus());
    expect(years).toHaveAccessibleDescription(
      'Enter a whole number of years between 0 and 70, or leave it empty.',
    );
    expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(0);
  });

  it('keeps what was typed while a save was on its way', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    const { api } = renderEditor({ 'PATCH /api/profiles/me': () => answer.promise });
    const tagline = await field('Tagline');
    await user.type(tagline, 'Breathe first');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(1));
    await user.type(tagline, ', then act');
    await act(async () => answer.resolve({ body: { ...PROFILE, coach_tagline: 'Breathe first' } }));
    expect(await within(toastRegion()).findByText('Profile saved')).toBeInTheDocument();
    expect(tagline).toHaveValue('Breathe first, then act');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
  });

  it('shows the change at once and rolls it back when the server refuses it, with the SPEC §8 message', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    const { queryClient } = renderEditor({ 'PATCH /api/profiles/me': () => answer.promise });
    const username = await field('Username');
    await user.clear(username);
    await user.type(username, 'maya');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    // Optimistic: the cache already shows the new username while the server has not answered.
    await waitFor(() => expect(cached(queryClient)?.username).toBe('maya'));
    await act(async () =>
      answer.resolve(
        apiError(409, 'USERNAME_TAKEN', 'This username is already taken. Please choose a different one.'),
      ),
    );

    const toast = await within(toastRegion()).findByRole('alert');
    expect(toast).toHaveTextContent('Update Failed');
    expect(toast).toHaveTextContent('This username is already taken. Please choose a different one.');
    // Rolled back: the cache holds the saved value again.
    expect(cached(queryClient)?.username).toBe('lena-ortiz');
    // The typed draft stays, with the reason next to the field, so nothing is lost.
    expect(username).toHaveValue('maya');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
  });

  it('shows the network text when the server cannot be reached', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderEditor({
      'PATCH /api/profiles/me': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const title = await field('Tagline');
    await user.type(title, 'Breathe first');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(toastRegion()).findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection and try again.',
    );
    expect(cached(queryClient)?.coach_tagline).toBeNull();
  });

  it('runs the completion check 2 s after a successful save, not before', async () => {
    const user = userEvent.setup();
    const answer = deferred();
    const { api } = renderEditor({ 'PATCH /api/profiles/me': () => answer.promise });
    await user.type(await field('Tagline'), 'Breathe first');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(1));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => answer.resolve({ body: { ...PROFILE, coach_tagline: 'Breathe first' } }));
    await settle(() => expect(screen.getByText('All changes saved.')).toBeInTheDocument());

    const checks = () => api.callsTo('POST', '/api/rpc/check_profile_completion');
    expect(checks()).toHaveLength(0);
    await act(async () => vi.advanceTimersByTimeAsync(COMPLETION_CHECK_DELAY_MS - 1));
    expect(checks()).toHaveLength(0);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    await settle(() => expect(checks()).toHaveLength(1));
  });

  it('holds navigation while there are unsaved changes: keep editing, or discard and go', async () => {
    const user = userEvent.setup();
    const { router, api } = renderEditor();
    await user.type(await field('Tagline'), 'Unsaved words');

    await act(async () => void router.navigate('/portal'));
    const dialog = await screen.findByRole('alertdialog', { name: 'You have unsaved changes' });
    expect(router.state.location.pathname).toBe('/profile/edit');

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/profile/edit');
    expect(screen.getByRole('textbox', { name: 'Tagline' })).toHaveValue('Unsaved words');

    await user.click(screen.getAllByRole('link', { name: 'Preview' })[0]!);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'You have unsaved changes' })).getByRole(
        'button',
        {
          name: 'Discard changes',
        },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/preview'));
    expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(0);
  });

  it('does not hold navigation once everything is saved', async () => {
    const { router } = renderEditor();
    await field('Tagline');
    await act(async () => void router.navigate('/portal'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
