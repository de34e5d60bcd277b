/**
 * SPEC §9 "own toast queue": one toast visible at a time, 4000 ms unless told otherwise, and a
 * dismissed toast stays 1000 ms (closing) before it is removed and the next one in line shows.
 * SPEC §8 "Suppressed toasts": some chat and connection toasts are never shown. Pure and timer-
 * injected, so the timings are tested without waiting; web/components/toast.tsx renders it.
 */
export type ToastVariant = 'default' | 'destructive';
export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it dismisses itself; default 4000. */
  duration?: number;
};
export type Toast = ToastInput & { id: string; variant: ToastVariant; duration: number; open: boolean };
export type ToastState = { visible: Toast | null; waiting: readonly Toast[] };

export const TOAST_DURATION_MS = 4000;
export const TOAST_REMOVE_DELAY_MS = 1000;

const SUPPRESSED_DESCRIPTION_PARTS = [
  'Connection lost',
  'Connection Error',
  'Your voice message has been sent',
  'has been shared',
  'Sent',
  'file(s)',
];
const SUPPRESSED_TITLE_PARTS = ['Voice note sent', 'File sent', 'Files sent', 'Message sent'];

/** SPEC §8: matched as written (case-sensitive), in the description or in the title. */
export function isSuppressedToast({
  title,
  description,
}: Pick<ToastInput, 'title' | 'description'>): boolean {
  return (
    SUPPRESSED_TITLE_PARTS.some((part) => title.includes(part)) ||
    (description !== undefined && SUPPRESSED_DESCRIPTION_PARTS.some((part) => description.includes(part)))
  );
}

type Timers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
};

const browserTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export function createToastQueue(timers: Timers = browserTimers) {
  let state: ToastState = { visible: null, waiting: [] };
  let counter = 0;
  const listeners = new Set<() => void>();
  let autoDismiss: { handle: unknown; startedAt: number; remaining: number } | null = null;
  let removal: unknown = null;
  let paused = false;

  function set(next: ToastState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function startAutoDismiss(toast: Toast, ms: number) {
    if (!Number.isFinite(ms)) return;
    autoDismiss = {
      handle: timers.setTimeout(() => dismiss(toast.id), ms),
      startedAt: timers.now(),
      remaining: ms,
    };
  }

  function stopAutoDismiss() {
    if (autoDismiss) timers.clearTimeout(autoDismiss.handle);
    autoDismiss = null;
  }

  function showNext() {
    const [next, ...rest] = state.waiting;
    if (!next) {
      set({ visible: null, waiting: [] });
      return;
    }
    const visible = { ...next, open: true };
    set({ visible, waiting: rest });
    if (!paused) startAutoDismiss(visible, visible.duration);
  }

  function dismiss(id?: string) {
    if (id === undefined) {
      // Everything: what waits goes at once, the visible one closes as usual.
      set({ ...state, waiting: [] });
      if (state.visible) dismiss(state.visible.id);
      return;
    }
    if (state.visible?.id !== id) {
      set({ ...state, waiting: state.waiting.filter((toast) => toast.id !== id) });
      return;
    }
    if (!state.visible.open) return;
    stopAutoDismiss();
    set({ ...state, visible: { ...state.visible, open: false } });
    removal = timers.setTimeout(() => {
      removal = null;
      showNext();
    }, TOAST_REMOVE_DELAY_MS);
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** Queues a toast; answers its id, or null when SPEC §8 suppresses it. */
    show(input: ToastInput): string | null {
      if (isSuppressedToast(input)) return null;
      counter += 1;
      const toast: Toast = {
        ...input,
        id: `toast-${counter}`,
        variant: input.variant ?? 'default',
        duration: input.duration ?? TOAST_DURATION_MS,
        open: false,
      };
      set({ ...state, waiting: [...state.waiting, toast] });
      if (!state.visible && removal === null) showNext();
      return toast.id;
    },

    dismiss,

    /** While the pointer or focus is on the toast its time stands still (WCAG 2.2.1). */
    pause() {
      if (paused) return;
      paused = true;
      if (autoDismiss) {
        const elapsed = timers.now() - autoDismiss.startedAt;
        const remaining = Math.max(0, autoDismiss.remaining - elapsed);
        timers.clearTimeout(autoDismiss.handle);
        autoDismiss = { handle: null, startedAt: timers.now(), remaining };
      }
    },

    resume() {
      if (!paused) return;
      paused = false;
      const visible = state.visible;
      if (!visible?.open) return;
      const remaining = autoDismiss?.remaining ?? visible.duration;
      autoDismiss = null;
      startAutoDismiss(visible, remaining);
    },

    /** Stops every timer (the provider unmounts). */
    destroy() {
      stopAutoDismiss();
      if (removal !== null) timers.clearTimeout(removal);
      removal = null;
      listeners.clear();
    },
  };
}

export type ToastQueue = ReturnType<typeof createToastQueue>;
