import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link } from 'react-router';
import { createMemoryRouter, RouterProvider } from '#web/test/memory-router';
import { describe, expect, it, vi } from 'vitest';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

function EditPage({ save }: { save: (value: string) => Promise<boolean> }) {
  const [saved, setSaved] = useState('');
  const [value, setValue] = useState('');
  const isDirty = value !== saved;
  const onSave = async () => {
    const ok = await save(value);
    if (ok) setSaved(value);
    return ok;
  };
  return (
    <>
      <h1>Edit profile</h1>
      <label>
        Bio
        <input value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <Link to="/elsewhere">Go elsewhere</Link>
      <Link to="#section">Jump to a section</Link>
      <UnsavedChangesGuard when={isDirty} onSave={onSave} />
    </>
  );
}

function renderEditor(save = vi.fn(async () => true)) {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <EditPage save={save} /> },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  return { router, save, user: userEvent.setup() };
}

async function typeAndLeave(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Bio'), 'Hello');
  await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
  return screen.findByRole('alertdialog', { name: 'You have unsaved changes' });
}

describe('UnsavedChangesGuard', () => {
  it('lets a clean page go without asking', async () => {
    const { router, user } = renderEditor();
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('holds the navigation and offers Save, Discard changes and Keep editing', async () => {
    const { router, user } = renderEditor();
    const dialog = await typeAndLeave(user);
    expect(dialog).toBeInTheDocument();
    for (const name of ['Save', 'Discard changes', 'Keep editing'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit');
  });

  it('Keep editing stays with the changes', async () => {
    const { router, user } = renderEditor();
    await typeAndLeave(user);
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByLabelText('Bio')).toHaveValue('Hello');
  });

  it('Escape is Keep editing', async () => {
    const { router, user } = renderEditor();
    await typeAndLeave(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit');
  });

  it('Discard changes leaves without saving', async () => {
    const { router, save, user } = renderEditor();
    await typeAndLeave(user);
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(save).not.toHaveBeenCalled();
  });

  it('Save saves, then leaves', async () => {
    const { router, save, user } = renderEditor();
    await typeAndLeave(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith('Hello');
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('a failed save stays on the page with the changes', async () => {
    const { router, user } = renderEditor(vi.fn(async () => false));
    await typeAndLeave(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The save is asynchronous: the dialog closes once it has answered (false: stay).
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.getByLabelText('Bio')).toHaveValue('Hello');
  });

  it('asks the browser before the page is left or reloaded while there are changes', async () => {
    const { user } = renderEditor();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await user.type(screen.getByLabelText('Bio'), 'Hi');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('holds the back button too: Keep editing stays, Discard changes goes back', async () => {
    const router = createMemoryRouter(
      [
        { path: '/edit', element: <EditPage save={vi.fn(async () => true)} /> },
        { path: '/elsewhere', element: <h1>Elsewhere</h1> },
      ],
      { initialEntries: ['/elsewhere', '/edit'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Bio'), 'Hello');

    await router.navigate(-1);
    await screen.findByRole('alertdialog', { name: 'You have unsaved changes' });
    expect(router.history.location.pathname).toBe('/edit');
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.history.location.pathname).toBe('/edit');
    expect(screen.getByLabelText('Bio')).toHaveValue('Hello');

    await router.navigate(-1);
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(router.history.location.pathname).toBe('/elsewhere');
  });

  it('a hash change on the same page is not leaving', async () => {
    const { router, user } = renderEditor();
    await user.type(screen.getByLabelText('Bio'), 'Hi');
    await user.click(screen.getByRole('link', { name: 'Jump to a section' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.hash).toBe('#section');
  });
});
