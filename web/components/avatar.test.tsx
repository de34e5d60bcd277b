import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar';

describe('initialsOf', () => {
  it.each([
    ['Maya Thompson', null, 'MT'],
    ['Dr. Lena Ortiz', null, 'DO'],
    ['  sam  ', null, 'SA'],
    [null, 'robin@example.test', 'RO'],
    ['', '', '?'],
  ])('%j / %j -> %s', (name, email, expected) => {
    expect(initialsOf(name, email)).toBe(expected);
  });
});

describe('Avatar', () => {
  it('is decorative, shows the initials and keeps the same colours for the same person', () => {
    const { container, rerender } = render(<Avatar name="Maya Thompson" />);
    const first = container.firstElementChild as HTMLElement;
    expect(first).toHaveAttribute('aria-hidden', 'true');
    expect(first).toHaveTextContent('MT');
    const gradient = first.style.backgroundImage;
    expect(gradient).toContain('linear-gradient');
    rerender(<Avatar name="Maya Thompson" />);
    expect((container.firstElementChild as HTMLElement).style.backgroundImage).toBe(gradient);
    rerender(<Avatar name="Lena Ortiz" />);
    expect((container.firstElementChild as HTMLElement).style.backgroundImage).not.toBe(gradient);
  });
});

describe('Avatar with a photo', () => {
  it('shows the photo, and the initials when the photo fails to load', () => {
    const { container, rerender } = render(
      <Avatar name="Maya Thompson" src="/api/uploads/files/a/avatar/b.webp" />,
    );
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', '/api/uploads/files/a/avatar/b.webp');
    expect(image).toHaveAttribute('alt', '');
    fireEvent.error(image!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.firstElementChild).toHaveTextContent('MT');
    // A new photo is tried again.
    rerender(<Avatar name="Maya Thompson" src="/api/uploads/files/a/avatar/c.webp" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/uploads/files/a/avatar/c.webp');
  });
});
