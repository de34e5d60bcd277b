import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastQueue } from '../lib/toast-queue';
import { ToastProvider, useToast } from './toast';

function Trigger({
  title,
  description,
  variant,
}: {
  title: string;
  description?: string;
  variant?: 'destructive';
}) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast({ title, description, variant })}>
      Show {title}
    </button>
  );
}

describe('ToastProvider and useToast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces an ordinary toast in a polite status region', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger title="Role set successfully!" description="You are now using the product as a coach." />
      </ToastProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: /Show Role set/ }));
    expect(status).toHaveTextContent('Role set successfully!');
    expect(status).toHaveTextContent('You are now using the product as a coach.');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('announces the destructive variant assertively', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger title="Failed to set role" variant="destructive" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    expect(alert).toHaveTextContent('Failed to set role');
    expect(alert.querySelector('[data-variant="destructive"]')).not.toBeNull();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows one toast at a time and the dismiss button closes it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger title="First" />
        <Trigger title="Second" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Show First' }));
    await user.click(screen.getByRole('button', { name: 'Show Second' }));
    expect(screen.getByRole('status')).toHaveTextContent('First');
    expect(screen.getByRole('status')).not.toHaveTextContent('Second');

    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.getByRole('status').firstElementChild).toHaveAttribute('data-state', 'closed');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Second');
  });

  it('does not show suppressed toasts', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Trigger title="Voice note sent" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('uses a queue given to it', () => {
    const queue = createToastQueue();
    render(<ToastProvider queue={queue}>{null}</ToastProvider>);
    act(() => {
      queue.show({ title: 'From outside' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('From outside');
  });

  it('throws outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useToast())).toThrow('useToast must be used within the ToastProvider');
  });
});
