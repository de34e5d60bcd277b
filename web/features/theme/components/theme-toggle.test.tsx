import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeToggle } from './theme-toggle';

const html = () => document.documentElement;

describe('ThemeToggle', () => {
  it('offers light, dark and system in a group named Theme, with System chosen when nothing is stored', () => {
    render(<ThemeToggle />);
    const group = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Light theme' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('radio', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('radio', { name: 'System theme' })).toHaveAttribute('aria-checked', 'true');
  });

  it('choosing Dark theme saves "dark" and puts the dark class on <html>', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    expect(html()).not.toHaveClass('dark');

    await user.click(screen.getByRole('radio', { name: 'Dark theme' }));

    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(html()).toHaveClass('dark');
    expect(html().style.colorScheme).toBe('dark');
    expect(html().dataset.theme).toBe('dark');
    expect(screen.getByRole('radio', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'true');
  });

  it('choosing Light theme after Dark removes the dark class and saves "light"', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    await user.click(screen.getByRole('radio', { name: 'Dark theme' }));
    await user.click(screen.getByRole('radio', { name: 'Light theme' }));

    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(html()).not.toHaveClass('dark');
    expect(html().style.colorScheme).toBe('light');
    expect(screen.getByRole('radio', { name: 'Light theme' })).toHaveAttribute('aria-checked', 'true');
  });

  it('clicking the chosen item again keeps the choice (a single toggle group cannot be emptied)', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    await user.click(screen.getByRole('radio', { name: 'Dark theme' }));
    await user.click(screen.getByRole('radio', { name: 'Dark theme' }));

    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(html()).toHaveClass('dark');
    expect(screen.getByRole('radio', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'true');
  });

  it('shows a stored preference as chosen', () => {
    window.localStorage.setItem('theme', 'light');
    render(<ThemeToggle />);
    expect(screen.getByRole('radio', { name: 'Light theme' })).toHaveAttribute('aria-checked', 'true');
  });
});
