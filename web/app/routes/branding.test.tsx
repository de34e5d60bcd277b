import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SECTIONS, type CoachPage, type OwnBranding } from '#contracts/coach-pages';
import { apiError, type StubHandler, type StubResponse } from '#web/test/api';
import { buildMe, USER_ID } from '#web/test/fixtures/auth';
import { ownProfileFixture } from '#web/test/fixtures/own-profile';
import { renderApp } from '#web/test/render-app';

const saved: OwnBranding = {
  font: 'inter',
  primary_color: '#0f766e',
  accent_color: '#f59e0b',
  background_color: '#ffffff',
  headline: null,
  sections: DEFAULT_SECTIONS,
  updated_at: null,
  username: 'lena-ortiz',
  coach_id: USER_ID,
  enable_live_preview_labels: true,
};

const page: CoachPage = {
  id: '22222222-2222-4222-8222-222222222222',
  coach_id: USER_ID,
  username: 'lena-ortiz',
  full_name: 'Lena Ortiz',
  professional_title: 'Sleep coach',
  coach_tagline: 'Rest is a skill',
  short_bio: null,
  about_me: 'I help people sleep.',
  work_experience: null,
  avatar_url: null,
  cover_image_url: null,
  categories: [],
  listed: false,
  rates: { text: 3000, audio: 3500, video: 4000 },
  display: {
    show_services_prominently: false,
    show_service_badges: true,
    enable_follow_button: true,
    enable_notify_button: true,
    enable_live_preview_labels: true,
  },
  branding: { ...saved },
};

function renderBranding(extra: Record<string, StubHandler | StubResponse> = {}) {
  return renderApp({
    at: '/branding',
    me: buildMe({ roles: ['coach'], active_role: 'coach' }),
    extra: {
      'GET /api/branding/me': { body: saved },
      [`GET /api/coach-pages/${USER_ID}`]: { body: page },
      ...extra,
    },
  });
}

const sectionNames = () =>
  within(screen.getByRole('region', { name: 'Sections' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span.truncate')?.textContent);

describe('/branding', () => {
  it('checks contrast live and refuses an unreadable primary colour before sending anything', async () => {
    const user = userEvent.setup();
    const { api } = renderBranding();
    const primary = await screen.findByRole('textbox', { name: 'Primary colour' });
    await user.clear(primary);
    await user.paste('#f5d76e');
    expect(screen.getByText('Too low')).toBeInTheDocument();
    expect(screen.getByText('1.4:1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/primary colour is hard to read/)).toBeInTheDocument();
    expect(primary).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/api/branding/me')).toHaveLength(0);
  });

  it('reorders sections with the keyboard, keeping focus on the moved section and saying where it went', async () => {
    const user = userEvent.setup();
    renderBranding();
    const up = await screen.findByRole('button', { name: 'Move Stats up' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(sectionNames()).toEqual(['About', 'Services', 'Stats', 'Programs', 'Contact']);
    expect(screen.getByRole('button', { name: 'Move Stats up' })).toHaveFocus();
    expect(screen.getByText('Stats moved to position 3 of 5.')).toBeInTheDocument();
    // At the top the Up button is gone: focus moves to Down.
    await user.keyboard('{Enter}{Enter}');
    expect(sectionNames()[0]).toBe('Stats');
    expect(screen.getByRole('button', { name: 'Move Stats down' })).toHaveFocus();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('saves the font through the profile and the rest through branding; the preview follows the draft', async () => {
    const user = userEvent.setup();
    const { api } = renderBranding({
      'PATCH /api/profiles/me': ({ body }) => ({
        status: 200,
        body: { ...profileBody(), ...(body as object) },
      }),
      'PUT /api/branding/me': ({ body }) => ({ body: { ...saved, ...(body as object), updated_at: 'now' } }),
    });
    await screen.findByRole('textbox', { name: 'Headline' });
    await user.selectOptions(screen.getByLabelText('Website font'), 'serif');
    await user.click(screen.getByRole('textbox', { name: 'Headline' }));
    await user.paste('Sleep better this month');
    // Live preview (labels on, as the coach asked), not yet saved.
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(within(preview).getByText('Sleep better this month')).toBeInTheDocument();
    expect(within(preview).getByText('Headline', { selector: 'span' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Custom section' }));
    await user.click(screen.getAllByLabelText('Title').at(-1)!);
    await user.paste('My approach');
    await user.click(screen.getAllByLabelText('Text').at(-1)!);
    await user.paste('Small steps.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('All changes saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/profiles/me').map((call) => call.body)).toEqual([
      { custom_fonts: { primary: 'serif' } },
    ]);
    expect(api.callsTo('PUT', '/api/branding/me').map((call) => call.body)).toEqual([
      {
        primary_color: '#0f766e',
        accent_color: '#f59e0b',
        background_color: '#ffffff',
        headline: 'Sleep better this month',
        sections: [
          ...DEFAULT_SECTIONS,
          { type: 'custom', enabled: true, title: 'My approach', body: 'Small steps.' },
        ],
      },
    ]);
  });

  it('a refused save rolls back and keeps the edits, with the server’s words', async () => {
    const user = userEvent.setup();
    const { api } = renderBranding({
      'PUT /api/branding/me': apiError(
        500,
        'INTERNAL_ERROR',
        'An unexpected error occurred. Please try again.',
      ),
    });
    const headline = await screen.findByRole('textbox', { name: 'Headline' });
    await user.click(headline);
    await user.paste('New words');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Unsaved changes')).toBeInTheDocument());
    expect(headline).toHaveValue('New words');
    expect(api.callsTo('PUT', '/api/branding/me')).toHaveLength(1);
    expect(api.callsTo('PATCH', '/api/profiles/me')).toHaveLength(0);
  });

  it('tells someone without the coach role how to get a website', async () => {
    renderBranding({
      'GET /api/me': { body: buildMe() },
      'GET /api/branding/me': apiError(403, 'FORBIDDEN', 'Only coaches have a website to brand.'),
      [`GET /api/coach-pages/${USER_ID}`]: apiError(404, 'NOT_FOUND'),
    });
    expect(await screen.findByRole('heading', { name: 'Branding is for coaches' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Apply to coach/ })).toHaveAttribute(
      'href',
      '/coach-application',
    );
  });
});

function profileBody() {
  return ownProfileFixture({
    id: page.id,
    user_id: USER_ID,
    full_name: 'Lena Ortiz',
    username: 'lena-ortiz',
    email: 'maya@example.test',
    custom_availability_message: null,
    enable_live_preview_labels: true,
  });
}
