import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OfflineBanner } from './offline-banner';

describe('OfflineBanner', () => {
  it('shows nothing while online', () => {
    render(<OfflineBanner isOnline />);
    expect(screen.queryByText('No internet connection')).not.toBeInTheDocument();
    // The live region stays mounted so the message is announced when it appears.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows "No internet connection" in the live region while offline', () => {
    render(<OfflineBanner isOnline={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('No internet connection');
    expect(screen.getByText('No internet connection')).toBeVisible();
  });

  it('hides the message again when the connection returns', () => {
    const { rerender } = render(<OfflineBanner isOnline={false} />);
    expect(screen.getByText('No internet connection')).toBeInTheDocument();
    rerender(<OfflineBanner isOnline />);
    expect(screen.queryByText('No internet connection')).not.toBeInTheDocument();
  });
});
