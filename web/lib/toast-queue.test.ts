import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastQueue, isSuppressedToast, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from './toast-queue';

describe('isSuppressedToast (SPEC §8)', () => {
  it.each([
    { title: 'Oops', description: 'Connection lost while sending' },
    { title: 'Oops', description: 'A Connection Error happened' },
    { title: 'Done', description: 'Your voice message has been sent' },
    { title: 'Done', description: 'The file has been shared' },
    { title: 'Done', description: 'Sent' },
    { title: 'Done', description: '3 file(s) uploaded' },
    { title: 'Voice note sent' },
    { title: 'File sent!' },
    { title: 'Files sent' },
    { title: 'Message sent' },
  ])('suppresses %j', (toast) => {
    expect(isSuppressedToast(toast)).toBe(true);
  });

  // Every phrase of SPEC §8 exactly as written, alone and inside a longer text.
  it.each([
    'Connection lost',
    'Connection Error',
    'Your voice message has been sent',
    'has been shared',
    'Sent',
    'file(s)',
  ])('suppresses the description %j, alone and within a sentence', (phrase) => {
    expect(isSuppressedToast({ title: 'Chat', description: phrase })).toBe(true);
    expect(isSuppressedToast({ title: 'Chat', description: `Note: ${phrase} just now.` })).toBe(true);
  });

  it.each(['Voice note sent', 'File sent', 'Files sent', 'Message sent'])(
    'suppresses the title %j, alone and within a longer title',
    (phrase) => {
      expect(isSuppressedToast({ title: phrase })).toBe(true);
      expect(isSuppressedToast({ title: `${phrase}!`, description: 'To Lena Ortiz' })).toBe(true);
    },
  );

  it.each([
    // Matched as written: another case is another text.
    { title: 'voice note sent' },
    { title: 'Chat', description: 'connection error' },
    { title: 'Chat', description: 'sent' },
    { title: 'Connection Lost', description: 'Please check your internet connection' },
    { title: 'Connection Restored', description: "You're back online!" },
    { title: 'Role synchronized' },
    { title: 'Request Declined', description: 'sent later' },
    // The description rules only look at the description, the title rules only at the title.
    { title: 'Sent', description: 'ok' },
    { title: 'ok', description: 'Message sent' },
  ])('shows %j', (toast) => {
    expect(isSuppressedToast(toast)).toBe(false);
  });
});

describe('createToastQueue (SPEC §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a toast at once and dismisses it after 4000 ms, removing it 1000 ms later', () => {
    const queue = createToastQueue();
    const id = queue.show({ title: 'Role synchronized' });
    expect(queue.getState().visible).toMatchObject({
      id,
      title: 'Role synchronized',
      open: true,
      variant: 'default',
    });

    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(queue.getState().visible?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(queue.getState().visible).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(queue.getState().visible).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(queue.getState().visible).toBeNull();
  });

  it('keeps one visible at a time; the next shows once the previous is removed', () => {
    const queue = createToastQueue();
    queue.show({ title: 'First' });
    queue.show({ title: 'Second', variant: 'destructive' });
    queue.show({ title: 'Third', duration: 1000 });
    expect(queue.getState().visible?.title).toBe('First');
    expect(queue.getState().waiting.map((toast) => toast.title)).toEqual(['Second', 'Third']);

    vi.advanceTimersByTime(TOAST_DURATION_MS + TOAST_REMOVE_DELAY_MS);
    expect(queue.getState().visible).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
    vi.advanceTimersByTime(TOAST_DURATION_MS + TOAST_REMOVE_DELAY_MS);
    expect(queue.getState().visible?.title).toBe('Third');
    vi.advanceTimersByTime(1000);
    expect(queue.getState().visible?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(queue.getState()).toEqual({ visible: null, waiting: [] });
  });

  it('a toast dismissed by hand closes at once and is removed 1000 ms later', () => {
    const queue = createToastQueue();
    const first = queue.show({ title: 'First' })!;
    queue.show({ title: 'Second' });
    vi.advanceTimersByTime(500);
    queue.dismiss(first);
    expect(queue.getState().visible).toMatchObject({ title: 'First', open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(queue.getState().visible).toMatchObject({ title: 'Second', open: true });
  });

  it('a waiting toast can be dismissed before it shows; dismiss() clears everything', () => {
    const queue = createToastQueue();
    queue.show({ title: 'First' });
    const second = queue.show({ title: 'Second' })!;
    queue.show({ title: 'Third' });
    queue.dismiss(second);
    expect(queue.getState().waiting.map((toast) => toast.title)).toEqual(['Third']);
    queue.dismiss();
    expect(queue.getState().waiting).toEqual([]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(queue.getState().visible).toBeNull();
  });

  it('suppressed toasts are never queued', () => {
    const queue = createToastQueue();
    expect(queue.show({ title: 'Message sent' })).toBeNull();
    expect(queue.getState()).toEqual({ visible: null, waiting: [] });
  });

  it('time stands still while paused and the rest runs after resume', () => {
    const queue = createToastQueue();
    queue.show({ title: 'Hold me' });
    vi.advanceTimersByTime(3000);
    queue.pause();
    vi.advanceTimersByTime(60_000);
    expect(queue.getState().visible?.open).toBe(true);
    queue.resume();
    vi.advanceTimersByTime(999);
    expect(queue.getState().visible?.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(queue.getState().visible?.open).toBe(false);
  });

  it('tells subscribers about every change', () => {
    const queue = createToastQueue();
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    queue.show({ title: 'One' });
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    queue.show({ title: 'Two' });
    expect(listener).not.toHaveBeenCalled();
  });
});
