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

  it('is the device’s while the profile has none, and nothing is saved for it', async () => {
    const { api } = renderProbe(ownProfileFixture({ user_id: USER_ID, time_zone: null }));
    expect(await screen.findByText('Zone: UTC')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/profiles/me')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(0);
  });
});
