import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FullScreenLoader } from './full-screen-loader';

describe('FullScreenLoader', () => {
  it('shows "Loading..." in a polite live region', () => {
    render(<FullScreenLoader />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading...');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText('Loading...')).toBeVisible();
  });
});
