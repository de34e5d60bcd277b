import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthClient, type AuthClient } from '#web/lib/auth/auth-client';
import { stubApi } from '#web/test/api';
import { buildSession, USER_ID } from '#web/test/fixtures/auth';
import { ownProfileFixture } from '#web/test/fixtures/own-profile';
import { renderWithProviders } from '#web/test/render';
import { localTimeZone } from './dates';
import { useViewerTimeZone } from './viewer-time-zone';

let client: AuthClient | undefined;
afterEach(() => {
  client?.stop();
  client = undefined;
});

function Probe() {
  const zone = useViewerTimeZone();
  return <p>Zone: {zone}</p>;
}

function renderProbe(profile: ReturnType<typeof ownProfileFixture>) {
  const api = stubApi({
    'POST /auth/v1/token': { body: buildSession() },
    'GET /api/profiles/me': { body: profile },
    'PATCH /api/profiles/me': ({ body }) => ({ body: { ...profile, ...(body as object) } }),
  });
  client = createAuthClient();
  void client.start();
  const view = renderWithProviders(<Probe />, { authClient: client });
  return { api, view };
}

describe('the viewer’s time zone', () => {
  it('is the profile’s: every screen writes times in it, and the device’s again once signed out', async () => {
    const { view } = renderProbe(ownProfileFixture({ user_id: USER_ID, time_zone: 'Asia/Tokyo' }));
    expect(await screen.findByText('Zone: Asia/Tokyo')).toBeInTheDocument();
    expect(localTimeZone()).toBe('Asia/Tokyo');
    view.unmount();
    expect(localTimeZone()).toBe('UTC');
  });

  it('a new account without one gets the device’s, saved once', async () => {
    const { api } = renderProbe(ownProfileFixture({ user_id: USER_ID, time_zone: null }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/profiles/me')[0]?.body).toEqual({ time_zone: 'UTC' });
    expect(await screen.findByText('Zone: UTC')).toBeInTheDocument();
  });
});
