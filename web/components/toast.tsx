import { CircleAlert, CircleCheck, X } from 'lucide-react';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createToastQueue, type Toast, type ToastInput, type ToastQueue } from '../lib/toast-queue';

const ToastContext = createContext<ToastQueue | null>(null);

/** Shows toasts anywhere below it (one at a time, SPEC §9) and renders them in live regions. */
export function ToastProvider({ children, queue }: { children: ReactNode; queue?: ToastQueue }) {
  const [own] = useState(() => queue ?? createToastQueue());
  useEffect(() => (queue ? undefined : () => own.destroy()), [own, queue]);
  return (
    <ToastContext.Provider value={own}>
      {children}
      <ToastViewport queue={own} />
    </ToastContext.Provider>
  );
}

export function useToast() {
  const queue = useContext(ToastContext);
  // Stable functions, so effects can depend on them without re-running.
  const api = useMemo(
    () =>
      queue
        ? {
            toast: (input: ToastInput) => queue.show(input),
            dismiss: (id?: string) => queue.dismiss(id),
          }
        : null,
    [queue],
  );
  if (!api) throw new Error('useToast must be used within the ToastProvider');
  return api;
}

function ToastCard({ toast, queue }: { toast: Toast; queue: ToastQueue }) {
  const destructive = toast.variant === 'destructive';
  const Icon = destructive ? CircleAlert : CircleCheck;
  return (
    <div
      data-state={toast.open ? 'open' : 'closed'}
      data-variant={toast.variant}
      onPointerEnter={() => queue.pause()}
      onPointerLeave={() => queue.resume()}
      onFocus={() => queue.pause()}
      onBlur={() => queue.resume()}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-[var(--radius-card)] border bg-surface-raised p-4 shadow-soft transition-[opacity,translate] duration-300 starting:translate-y-2 starting:opacity-0 data-[state=closed]:translate-y-1 data-[state=closed]:opacity-0 ${
        destructive ? 'border-danger/60' : 'border-border'
      }`}
    >
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-5 shrink-0 ${destructive ? 'text-danger' : 'text-primary'}`}
      />
      <div className="min-w-0 flex-1">
        <p className={`text-sm font-semibold ${destructive ? 'text-danger' : 'text-text'}`}>{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm text-text-muted">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => queue.dismiss(toast.id)}
        aria-label="Dismiss notification"
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-text-muted hover:bg-surface-sunken hover:text-text"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * Two live regions, always present so screen readers announce what appears in them: `status`
 * (polite) for ordinary toasts and `alert` (assertive) for the destructive variant.
 */
function ToastViewport({ queue }: { queue: ToastQueue }) {
  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
  const visible = state.visible;
  const destructive = visible?.variant === 'destructive';
  return (
    <div
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed inset-x-4 bottom-20 z-[100] flex flex-col items-center sm:inset-x-auto sm:right-6 sm:w-96 lg:bottom-6"
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full">
        {visible && !destructive ? <ToastCard key={visible.id} toast={visible} queue={queue} /> : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="w-full">
        {visible && destructive ? <ToastCard key={visible.id} toast={visible} queue={queue} /> : null}
      </div>
    </div>
  );
}
