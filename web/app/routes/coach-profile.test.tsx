import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CoachPage } from '#contracts/coach-pages';
import type { ProgramSummary } from '#contracts/programs';
import type { Service } from '#contracts/services';
import { apiError, type StubHandler, type StubResponse } from '#web/test/api';
import { buildMe } from '#web/test/fixtures/auth';
import { renderApp } from '#web/test/render-app';

const COACH_ID = '11111111-1111-4111-8111-111111111111';
const PROFILE_ID = '22222222-2222-4222-8222-222222222222';
const NOW = '2026-11-21T09:00:00.000Z';

function coachPage(overrides: Partial<CoachPage> = {}): CoachPage {
  return {
    id: PROFILE_ID,
    coach_id: COACH_ID,
    username: 'lena-ortiz',
    full_name: 'Lena Ortiz',
    professional_title: 'Sleep coach',
    coach_tagline: 'Rest is a skill',
    short_bio: 'Short bio.',
    about_me: 'I help people sleep.',
    work_experience: null,
    avatar_url: null,
    cover_image_url: null,
    categories: ['sleep', 'stress'],
    listed: true,
    rates: { text: 2500, audio: 3500, video: 4000 },
    display: {
      show_services_prominently: false,
      show_service_badges: true,
      enable_follow_button: true,
      enable_notify_button: true,
      enable_live_preview_labels: false,
    },
    online: { is_online: true, availability_message: 'Here until 6pm' },
    stats: {
      total_sessions: 127,
      total_clients: 89,
      avg_response_time: '< 1 hour',
      on_time_percentage: 98,
      rating_average: 4.9,
      total_reviews: 94,
    },
    trust: { verified: true, years_experience: 9, member_since: NOW },
    branding: {
      font: 'serif',
      primary_color: '#1f4e79',
      accent_color: '#e2684e',
      background_color: '#fdfaf5',
      headline: 'Sleep better this month',
      sections: [
        { type: 'custom', enabled: true, title: 'My approach', body: 'Small steps.\n<b>No</b> markup.' },
        { type: 'services', enabled: true },
        { type: 'about', enabled: false },
        { type: 'stats', enabled: true },
      ],
    },
    ...overrides,
  };
}

const service = (overrides: Partial<Service> = {}): Service => ({
  id: '33333333-3333-4333-8333-333333333333',
  coach_id: COACH_ID,
  title: 'Sleep reset',
  subtitle: 'One focused hour',
  description: null,
  format: 'video',
  price: 8500,
  duration: 60,
  type: 'full',
  category: 'sleep',
  is_active: true,
  is_popular: true,
  thumbnail_url: null,
  booking_count: 3,
  spots_left: null,
  free_cancel_hours: 24,
  late_cancel_percent: 50,
  position: 0,
  created_at: NOW,
  updated_at: NOW,
  ...overrides,
});

const program: ProgramSummary = {
  id: '44444444-4444-4444-8444-444444444444',
  coach_id: COACH_ID,
  title: 'Seven calmer nights',
  subtitle: null,
  description: null,
  category: 'sleep',
  cover_image_url: null,
  price: 0,
  status: 'published',
  lesson_count: 7,
  enrolled_count: 0,
  published_at: NOW,
};

function renderAt(path: string, routesOverride: Record<string, StubHandler | StubResponse> = {}) {
  return renderApp({
    at: path,
    me: buildMe(),
    extra: {
      [`GET /api/coaches/${COACH_ID}/services`]: {
        body: {
          services: [
            service(),
            service({
              id: '55555555-5555-4555-8555-555555555555',
              title: 'Quick check-in',
              type: 'micro',
              is_popular: false,
              format: 'text',
              price: 2500,
              duration: 15,
            }),
          ],
        },
      },
      [`GET /api/coaches/${COACH_ID}/programs`]: { body: { programs: [program] } },
      ...routesOverride,
    },
  });
}

describe('/coach/:username', () => {
  it('an offline coach gets the same status pill as an online one, not a full-width bar', async () => {
    renderAt('/coach/lena-ortiz', {
      'GET /api/coach-pages/lena-ortiz': {
        body: coachPage({ online: { is_online: false, availability_message: null } }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Lena Ortiz' });
    const offline = screen.getByText('Offline');
    // The pill is an inline span inside the status line (the line, a flex item, may stretch; the pill not).
    expect(offline.tagName).toBe('SPAN');
    expect(offline).toHaveClass('rounded-full', 'inline-flex');
    expect(offline.parentElement).toHaveAttribute('data-testid', 'coach-status');
  });

  it('shows the coach, stats, trust signals, services with badges, programs and rates', async () => {
    const { api } = renderAt('/coach/lena-ortiz', {
      'GET /api/coach-pages/lena-ortiz': { body: coachPage() },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Ortiz' })).toBeVisible();
    expect(screen.getByText('Sleep coach')).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('Here until 6pm')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Specialties' })).getByText('Stress management'),
    ).toBeVisible();

    const stats = screen.getByRole('region', { name: 'Stats' });
    expect(within(stats).getByText('127')).toBeInTheDocument();
    expect(within(stats).getByText('4.9 / 5')).toBeInTheDocument();
    expect(within(stats).getByText('94 reviews')).toBeInTheDocument();
    expect(within(stats).getByText('< 1 hour')).toBeInTheDocument();
    expect(within(stats).getByText('98%')).toBeInTheDocument();
    expect(screen.getByText(/Verified coach/)).toBeInTheDocument();
    expect(screen.getByText('9 years of experience')).toBeInTheDocument();

    const services = screen.getByRole('region', { name: 'Services' });
    expect(await within(services).findByText('Sleep reset')).toBeInTheDocument();
    expect(within(services).getByText('$85.00')).toBeInTheDocument();
    expect(within(services).getByText('Popular')).toBeInTheDocument();
    expect(within(services).getByText('Micro session')).toBeInTheDocument();
    expect(within(services).getByText('15 min')).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: /Seven calmer nights/ })).toHaveAttribute(
      'href',
      `/program/${program.id}`,
    );
    const rates = screen.getByRole('region', { name: 'On-demand sessions' });
    expect(within(rates).getByText('$25.00')).toBeInTheDocument();
    // Requests start from the "Start a session" panel at the top (coach-profile-request.test.tsx).
    expect(within(rates).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: /Visit website/ })).toHaveAttribute(
      'href',
      '/coach/lena-ortiz/website',
    );
    expect(api.callsTo('GET', '/api/coach-pages/lena-ortiz')).toHaveLength(1);
  });

  it('shows nothing the coach hid: no online state, stats, trust signals or service badges', async () => {
    renderAt('/coach/lena-ortiz', {
      'GET /api/coach-pages/lena-ortiz': {
        body: coachPage({
          online: undefined,
          stats: undefined,
          trust: undefined,
          display: { ...coachPage().display, show_service_badges: false },
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Lena Ortiz' });
    expect(await screen.findByText('Sleep reset')).toBeInTheDocument();
    expect(screen.queryByText('Online')).not.toBeInTheDocument();
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Stats' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Verified coach/)).not.toBeInTheDocument();
    expect(screen.queryByText('Popular')).not.toBeInTheDocument();
    expect(screen.queryByText('Micro session')).not.toBeInTheDocument();
  });

  it('puts services first when the coach shows them prominently', async () => {
    renderAt('/coach/lena-ortiz', {
      'GET /api/coach-pages/lena-ortiz': {
        body: coachPage({ display: { ...coachPage().display, show_services_prominently: true } }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Lena Ortiz' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Services')).toBeLessThan(headings.indexOf('About'));
  });

  it('/profile/{id} is the same view, never redirected; no services yet reads as empty, not fake', async () => {
    const { router } = renderAt(`/profile/${PROFILE_ID}`, {
      [`GET /api/coach-pages/${PROFILE_ID}`]: { body: coachPage() },
      [`GET /api/coaches/${COACH_ID}/services`]: apiError(404, 'NOT_FOUND'),
      [`GET /api/coaches/${COACH_ID}/programs`]: apiError(404, 'NOT_FOUND'),
    });
    await screen.findByRole('heading', { level: 1, name: 'Lena Ortiz' });
    expect(await screen.findByText(/Lena Ortiz has not listed any services yet/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Programs' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/profile/${PROFILE_ID}`);
  });

  it('an unknown coach is a friendly not-found inside the page', async () => {
    renderAt('/coach/nobody', { 'GET /api/coach-pages/nobody': apiError(404, 'NOT_FOUND') });
    expect(await screen.findByRole('heading', { name: "We couldn't find this coach" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Find a coach/ })).toHaveAttribute('href', '/discover');
  });

  it('a failure other than not-found offers Try again', async () => {
    const { api } = renderAt('/coach/lena-ortiz', {
      'GET /api/coach-pages/lena-ortiz': apiError(
        503,
        'SERVICE_UNAVAILABLE',
        'The service is temporarily unavailable.',
      ),
    });
    expect(await screen.findByRole('heading', { name: "This page didn't load" })).toBeVisible();
    expect(screen.getByText('The service is temporarily unavailable.')).toHaveAttribute('role', 'alert');
    expect(api.callsTo('GET', '/api/coach-pages/lena-ortiz').length).toBeGreaterThan(0);
  });
});

describe('/coach/:username/website', () => {
  it('paints the enabled sections in order in the coach’s font and colours, with custom text as plain text', async () => {
    renderAt('/coach/lena-ortiz/website', { 'GET /api/coach-pages/lena-ortiz': { body: coachPage() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sleep better this month' })).toBeVisible();
    const site = screen.getByTestId('coach-website');
    expect(site.style.fontFamily).toContain('Georgia');
    expect(site.style.backgroundColor).toMatch(/#fdfaf5|rgb\(253, 250, 245\)/);
    await screen.findByText('Sleep reset');
    const sections = within(site)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    // About is disabled; the order is the coach's.
    expect(sections).toEqual(['My approach', 'Services', 'Stats']);
    expect(screen.getByText(/<b>No<\/b> markup\./)).toBeInTheDocument();
    expect(site.querySelector('b')).toBeNull();
    expect(screen.getByText(/Powered by/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Lena Ortiz on Wellspring/ })).toHaveAttribute(
      'href',
      '/coach/lena-ortiz',
    );
  });

  it('leaves out the stats section when the coach hides stats', async () => {
    renderAt('/coach/lena-ortiz/website', {
      'GET /api/coach-pages/lena-ortiz': { body: coachPage({ stats: undefined }) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Sleep better this month' });
    await screen.findByText('Sleep reset');
    expect(screen.queryByRole('heading', { name: 'Stats' })).not.toBeInTheDocument();
  });
});
