import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CoachPage } from '#contracts/coach-pages';
import type { CoachCard } from '#contracts/discovery';
import { PRESENCE_EVENT } from '#contracts/presence';
import { BROADCAST_TOPIC } from '#contracts/realtime';
import { createFakeSockets } from '#web/test/fake-socket';
import { buildMe } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';
import { PRESENCE_REFETCH_DEBOUNCE_MS } from './presence-overlay';

const sockets = vi.hoisted(() => ({
  current: undefined as ReturnType<typeof createFakeSockets> | undefined,
}));
vi.mock('socket.io-client', () => ({
  io: (options: never) => sockets.current!.create(options),
}));

let fakes: ReturnType<typeof createFakeSockets>;
beforeEach(() => {
  fakes = createFakeSockets();
  sockets.current = fakes;
});

const LENA = '11111111-1111-4111-8111-111111111111';
const KENJI = '11111111-1111-4111-8111-222222222222';

const card = (coachId: string, name: string, overrides: Partial<CoachCard> = {}): CoachCard => ({
  coach_id: coachId,
  username: name.toLowerCase(),
  full_name: name,
  professional_title: 'Sleep coach',
  coach_tagline: 'Rest is a skill',
  avatar_url: null,
  categories: ['sleep'],
  rating_average: 4.8,
  total_reviews: 12,
  price_text: 3000,
  price_audio: 3500,
  price_video: 4000,
  is_online: false,
  custom_availability_message: 'Online Now - Ready to help you grow!',
  is_busy: false,
  ...overrides,
});

const page = (cards: CoachCard[]) => ({ coaches: cards, next_cursor: null, has_more: false, sort: 'rating' });

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** The tab's socket, connected (the layout holds the person's own topic). */
async function connectedSocket() {
  await waitFor(() => expect(fakes.all).toHaveLength(1));
  const socket = fakes.last;
  socket.accept();
  return socket;
}

let seq = 0;
/** Pushes a presence event on the broadcast topic; cache updates render on the next tick. */
const broadcast = (socket: ReturnType<typeof createFakeSockets>['last'], payload: Record<string, unknown>) =>
  act(async () => {
    socket.fire('event', {
      topic: BROADCAST_TOPIC,
      seq: (seq += 1),
      type: PRESENCE_EVENT,
      payload,
      created_at: new Date().toISOString(),
    });
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
    else await new Promise((resolve) => setTimeout(resolve, 0));
  });

const cardOf = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('article')!;

describe('live coach presence (broadcast PRESENCE_EVENT)', () => {
  it('updates a discovery card in place: online, then in a session, then offline', async () => {
    const { api } = renderApp({
      at: '/discover',
      me: buildMe(),
      extra: {
        'GET /api/coaches': { body: page([card(LENA, 'Lena'), card(KENJI, 'Kenji')]) },
        'GET /api/coaches/categories': { body: { categories: [] } },
      },
    });
    await heading('Discover coaches');
    const socket = await connectedSocket();
    await screen.findByRole('heading', { level: 3, name: 'Lena' });
    expect(within(cardOf('Lena')).queryByText('Online')).toBeNull();
    const searches = api.callsTo('GET', '/api/coaches').length;

    await broadcast(socket, { coach_id: LENA, is_online: true, is_busy: false });
    expect(within(cardOf('Lena')).getByText('Online')).toBeInTheDocument();
    expect(within(cardOf('Lena')).getByText('Online Now - Ready to help you grow!')).toBeInTheDocument();
    expect(within(cardOf('Kenji')).queryByText('Online')).toBeNull();

    await broadcast(socket, { coach_id: LENA, is_online: true, is_busy: true });
    expect(within(cardOf('Lena')).getByText('In a session')).toBeInTheDocument();
    expect(within(cardOf('Lena')).queryByText('Online')).toBeNull();
    // Not available now: the availability message gives way to the tagline.
    expect(within(cardOf('Lena')).queryByText('Online Now - Ready to help you grow!')).toBeNull();

    await broadcast(socket, { coach_id: LENA, is_online: false, is_busy: false });
    expect(within(cardOf('Lena')).queryByText('In a session')).toBeNull();
    expect(within(cardOf('Lena')).queryByText('Online')).toBeNull();

    // Malformed events are ignored; a patch needs no refetch of a list that does not filter by presence.
    await broadcast(socket, { coach_id: 'nope', is_online: 'yes' });
    expect(api.callsTo('GET', '/api/coaches')).toHaveLength(searches);
  });

  it('refetches "online now" lists once, 1 s after a burst of presence changes', async () => {
    const { api } = renderApp({
      at: '/discover?online=1',
      me: buildMe(),
      extra: {
        'GET /api/coaches': { body: page([card(KENJI, 'Kenji', { is_online: true })]) },
        'GET /api/coaches/categories': { body: { categories: [] } },
      },
    });
    await heading('Discover coaches');
    const socket = await connectedSocket();
    await screen.findByRole('heading', { level: 3, name: 'Kenji' });
    const before = api.callsTo('GET', '/api/coaches').length;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      // Lena comes online: no card to patch, but she belongs in this list now.
      await broadcast(socket, { coach_id: LENA, is_online: true, is_busy: false });
      await broadcast(socket, { coach_id: KENJI, is_online: true, is_busy: true });
      await act(async () => vi.advanceTimersByTimeAsync(PRESENCE_REFETCH_DEBOUNCE_MS - 1));
      expect(api.callsTo('GET', '/api/coaches')).toHaveLength(before);
      await act(async () => vi.advanceTimersByTimeAsync(1));
      expect(api.callsTo('GET', '/api/coaches')).toHaveLength(before + 1);
      expect(api.callsTo('GET', '/api/coaches').at(-1)?.search).toContain('online=true');
      await act(async () => vi.advanceTimersByTimeAsync(5 * PRESENCE_REFETCH_DEBOUNCE_MS));
      expect(api.callsTo('GET', '/api/coaches')).toHaveLength(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('updates the coach page', async () => {
    const coachPage: CoachPage = {
      id: '22222222-2222-4222-8222-222222222222',
      coach_id: LENA,
      username: 'lena',
      full_name: 'Lena Ortiz',
      professional_title: 'Sleep coach',
      coach_tagline: null,
      short_bio: null,
      about_me: null,
      work_experience: null,
      avatar_url: null,
      cover_image_url: null,
      categories: ['sleep'],
      listed: true,
      rates: { text: 2500, audio: 3500, video: 4000 },
      display: {
        show_services_prominently: false,
        show_service_badges: true,
        enable_follow_button: false,
        enable_notify_button: false,
        enable_live_preview_labels: false,
      },
      online: { is_online: false, availability_message: 'Here until 6pm', is_busy: false },
      branding: {
        font: 'inter',
        primary_color: '#1f4e79',
        accent_color: '#e2684e',
        background_color: '#fdfaf5',
        headline: null,
        sections: [],
      },
    };
    renderApp({
      at: '/coach/lena',
      me: buildMe(),
      extra: { 'GET /api/coach-pages/lena': { body: coachPage } },
    });
    await heading('Lena Ortiz');
    const socket = await connectedSocket();
    expect(screen.getByText('Offline')).toBeInTheDocument();

    await broadcast(socket, { coach_id: LENA, is_online: true, is_busy: false });
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('Here until 6pm')).toBeInTheDocument();

    await broadcast(socket, { coach_id: LENA, is_online: true, is_busy: true });
    expect(screen.getByText('In a session')).toBeInTheDocument();
    expect(screen.queryByText('Online')).toBeNull();
  });
});

describe('the header switch', () => {
  it('shows the switch, labelled "Offline", to a coach using the product as a coach', async () => {
    const { api } = renderApp({
      at: '/portal',
      me: buildMe({ roles: ['coach'], active_role: 'coach' }),
      extra: {
        'GET /api/me/presence': { body: { is_online: false, last_online_confirm_at: null, is_busy: false } },
      },
    });
    await heading('Coach home');
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('switch', { name: 'Offline' })).not.toBeChecked();
    expect(api.callsTo('GET', '/api/me/presence')).toHaveLength(1);
  });

  it('is not there while a coach uses the product as a client (and presence is never asked for)', async () => {
    const { api } = renderApp({
      at: '/client-portal',
      me: buildMe({ roles: ['client', 'coach'], active_role: 'client' }),
    });
    await heading('Home');
    expect(within(screen.getByRole('banner')).queryByRole('switch')).toBeNull();
    expect(api.callsTo('GET', '/api/me/presence')).toHaveLength(0);
  });
});
