import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientProfile, OwnProfile } from '#contracts/profiles';
import { ToastProvider } from '#web/components/toast';
import { cancelScheduledCompletionCheck } from '#web/features/profile-completion/api/profile-completion';
import { createAuthClient, type AuthClient } from '#web/lib/auth/auth-client';
import { AuthClientContext } from '#web/lib/auth/use-auth';
import { createQueryClient } from '#web/lib/query-client';
import { apiError, stubApi, type StubHandler, type StubResponse } from '#web/test/api';
import { buildSession, USER_ID } from '#web/test/fixtures/auth';
import { ownProfileFixture } from '#web/test/fixtures/own-profile';
import { ClientProfileEditPage } from './client-profile-edit';

/**
 * The client's profile editor against a stubbed server: it loads both profiles, sends only what
 * changed (name, username and photo to PATCH /api/profiles/me, the rest to PUT /api/client-profiles/me),
 * checks its rules as they are typed, puts the server's words on the field, and holds navigation
 * while something is unsaved.
 */
let client: AuthClient | undefined;
afterEach(() => {
  cancelScheduledCompletionCheck();
  client?.stop();
  client = undefined;
});

const PROFILE: OwnProfile = ownProfileFixture({
  id: '00000000-0000-4000-8000-0000000000bb',
  user_id: USER_ID,
  full_name: 'Sam Rivera',
  username: 'sam-rivera',
  email: 'sam@example.test',
  custom_availability_message: null,
  custom_fonts: {},
});

const CLIENT: ClientProfile = {
  user_id: USER_ID,
  short_bio: 'Learning to slow down.',
  about_me: null,
  date_of_birth: '1990-04-02',
  zodiac_sign: 'Aries',
  gender: null,
  interests: ['mindfulness'],
  public_fields: ['full_name'],
  updated_at: '2026-11-21T09:00:00.000Z',
};

function renderEditor(routes: Record<string, StubHandler | StubResponse> = {}) {
  const api = stubApi({
    'POST /auth/v1/token': { body: buildSession() },
    'GET /api/profiles/me': { body: PROFILE },
    'GET /api/client-profiles/me': { body: CLIENT },
    'POST /api/rpc/check_profile_completion': { body: { completion: 50, missing: ['avatar_url'] } },
    ...routes,
  });
  client = createAuthClient();
  void client.start();
  const router = createMemoryRouter(
    [
      { path: '/client-profile-edit', element: <ClientProfileEditPage /> },
      { path: '/client-profile', element: <h1>Your profile</h1> },
    ],
    { initialEntries: ['/client-profile-edit'] },
  );
  render(
    <AuthClientContext.Provider value={client}>
      <QueryClientProvider client={createQueryClient()}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </AuthClientContext.Provider>,
  );
  return { api, router };
}

const field = (name: string) => screen.findByRole('textbox', { name });
const toastRegion = () => screen.getByRole('region', { name: 'Notifications' });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' });

describe('/client-profile-edit', () => {
  it('shows a skeleton while loading, then both saved profiles', async () => {
    renderEditor();
    expect(screen.getByLabelText('Loading your profile')).toHaveAttribute('aria-busy', 'true');
    expect(await field('Full name')).toHaveValue('Sam Rivera');
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('sam-rivera');
    expect(screen.getByRole('textbox', { name: 'Short bio' })).toHaveValue('Learning to slow down.');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-04-02');
    expect(screen.getByRole('combobox', { name: 'Zodiac sign' })).toHaveValue('Aries');
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Mindfulness' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('switch', { name: 'Name' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Short bio' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'See your public page' })).toHaveAttribute(
      'href',
      '/client/sam-rivera',
    );
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('sends the changed client fields in the PUT body, and the name in the PATCH', async () => {
    const user = userEvent.setup();
    const { api } = renderEditor({
      'PATCH /api/profiles/me': ({ body }) => ({ body: { ...PROFILE, ...(body as object) } }),
      'PUT /api/client-profiles/me': ({ body }) => ({ body: { ...CLIENT, ...(body as object) } }),
    });
    const name = await field('Full name');
    await user.clear(name);
    await user.paste('  Sam Rivera Cole ');
    await user.clear(screen.getByRole('textbox', { name: 'Short bio' }));
    await user.click(screen.getByRole('textbox', { name: 'About me' }));
    await user.paste('I sleep badly.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Non-binary');
    await user.click(screen.getByRole('button', { name: 'Sleep' }));
    await user.click(screen.getByRole('switch', { name: 'Interests' }));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(saveButton());

    await waitFor(() => expect(api.callsTo('PUT', '/api/client-profiles/me')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/client-profiles/me')[0]!.body).toEqual({
      short_bio: null,
      about_me: 'I sleep badly.',
      gender: 'Non-binary',
      interests: ['mindfulness', 'sleep'],
      public_fields: ['full_name', 'interests'],
    });
    await waitFor(() => expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/profiles/me')[0]!.body).toEqual({ full_name: 'Sam Rivera Cole' });
    expect(await within(toastRegion()).findByText('Profile saved')).toBeInTheDocument();
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    // What was saved is the new baseline: only the client profile is sent again when it changes.
    await user.type(screen.getByRole('textbox', { name: 'About me' }), ' Often.');
    await user.click(saveButton());
    await waitFor(() => expect(api.callsTo('PUT', '/api/client-profiles/me')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/client-profiles/me')[1]!.body).toEqual({
      about_me: 'I sleep badly. Often.',
    });
    expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(1);
  });

  it('checks its rules as they are typed, and sends nothing while one fails', async () => {
    const user = userEvent.setup();
    const { api } = renderEditor();
    const username = await field('Username');
    await user.clear(username);
    await user.type(username, 'Sam R');
    expect(username).toHaveAccessibleDescription(
      expect.stringContaining(
        'Username can only contain lowercase letters, numbers, hyphens, and underscores',
      ) as unknown as string,
    );
    await user.clear(screen.getByRole('textbox', { name: 'Full name' }));
    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    await user.click(saveButton());
    const toast = await within(toastRegion()).findByRole('alert');
    expect(toast).toHaveTextContent('Update Failed');
    expect(toast).toHaveTextContent('Please fix the highlighted fields and save again.');
    // The first invalid field gets the focus (decision 010).
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus());
    expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(0);
    await user.clear(username);
    await user.type(username, 'sam_r');
    expect(username).not.toHaveAttribute('aria-invalid');
  });

  it('puts the server’s words on the field, keeps the draft, and clears them once the field is edited', async () => {
    const user = userEvent.setup();
    const serverWords = 'Enter a real date.';
    const { api } = renderEditor({
      'PUT /api/client-profiles/me': () => ({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'The request is not valid. Please check your input and try again.',
            requestId: 'req-1',
            details: [{ path: 'body.date_of_birth', message: serverWords }],
          },
        },
      }),
    });
    await field('Full name');
    const birth = screen.getByLabelText('Date of birth');
    await user.clear(birth);
    await user.type(birth, '2099-12-31');
    await user.click(saveButton());
    await waitFor(() => expect(birth).toHaveAccessibleDescription(serverWords));
    expect(birth).toHaveAttribute('aria-invalid', 'true');
    const toast = await within(toastRegion()).findByRole('alert');
    expect(toast).toHaveTextContent('Update Failed');
    expect(toast).toHaveTextContent('The request is not valid. Please check your input and try again.');
    expect(birth).toHaveValue('2099-12-31');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(0);

    await user.clear(birth);
    await user.type(birth, '2001-01-01');
    expect(birth).not.toHaveAccessibleDescription(serverWords);
  });

  it('a taken username lands on the username field', async () => {
    const user = userEvent.setup();
    renderEditor({
      'PATCH /api/profiles/me': apiError(
        409,
        'USERNAME_TAKEN',
        'This username is already taken. Please choose a different one.',
      ),
    });
    const username = await field('Username');
    await user.clear(username);
    await user.type(username, 'maya');
    await user.click(saveButton());
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(
        expect.stringContaining('This username is already taken.') as unknown as string,
      ),
    );
    expect(username).toHaveValue('maya');
  });

  it('holds navigation while there are unsaved changes; Discard puts the saved values back', async () => {
    const user = userEvent.setup();
    const { router, api } = renderEditor();
    const about = await field('About me');
    await user.type(about, 'Unsaved words');

    await act(async () => void router.navigate('/client-profile'));
    const dialog = await screen.findByRole('alertdialog', { name: 'You have unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/client-profile-edit');
    expect(about).toHaveValue('Unsaved words');

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(about).toHaveValue('');
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client-profile'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/client-profiles/me')).toHaveLength(0);
  });

  it('saves from the unsaved-changes dialog and then leaves', async () => {
    const user = userEvent.setup();
    const { router, api } = renderEditor({
      'PUT /api/client-profiles/me': ({ body }) => ({ body: { ...CLIENT, ...(body as object) } }),
    });
    await user.type(await field('About me'), 'Saved on the way out');
    await act(async () => void router.navigate('/client-profile'));
    const dialog = await screen.findByRole('alertdialog', { name: 'You have unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/client-profile'));
    expect(api.callsTo('PUT', '/api/client-profiles/me')[0]!.body).toEqual({
      about_me: 'Saved on the way out',
    });
  });
});
