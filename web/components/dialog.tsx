import { X } from 'lucide-react';
import { AlertDialog, Dialog as DialogPrimitive } from 'radix-ui';
import { useRef, type ReactNode } from 'react';

const overlayClasses =
  'fixed inset-0 z-[200] bg-black/40 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0';
const contentClasses =
  'fixed left-1/2 top-1/2 z-[201] flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-[var(--radius-sheet)] border border-border bg-surface-raised p-6 text-text shadow-soft transition-[opacity,scale] duration-200 focus:outline-none starting:scale-95 starting:opacity-0';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** One or two sentences under the title; read out with it. */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons, primary last (right on wide screens, bottom on phones). */
  footer?: ReactNode;
};

/**
 * Radix gives focus back to its own Trigger; these dialogs are opened from anywhere (a button, a
 * blocked navigation), so focus goes back to whatever had it when the dialog opened.
 */
function useReturnFocus() {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      if (previous.current?.isConnected) previous.current.focus();
      previous.current = null;
    },
  };
}

/** The ✕ that closes a dialog or sheet (inside any radix-ui Dialog); `className` gives its size and place. */
export function DialogCloseButton({ className }: { className: string }) {
  return (
    <DialogPrimitive.Close
      aria-label="Close"
      className={`${className} inline-flex shrink-0 items-center justify-center rounded-[var(--radius-control)] text-text-muted hover:bg-surface-sunken hover:text-text`}
    >
      <X aria-hidden="true" className="size-5" />
    </DialogPrimitive.Close>
  );
}

export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

/** The shared modal (radix-ui Dialog): focus trapped and restored, Escape and the close button close it. */
export function Dialog({ open, onOpenChange, title, description, children, footer }: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          {...returnFocus}
          className={contentClasses}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            <DialogCloseButton className="-m-2 size-10" />
          </div>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-text-muted">
              {description}
            </DialogPrimitive.Description>
          ) : null}
          {children}
          {footer ? <DialogFooter>{footer}</DialogFooter> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * A question that must be answered (role alertdialog): no close button, the overlay does not
 * dismiss it; Escape picks the safe answer through onOpenChange(false).
 */
export function ConfirmDialog({ open, onOpenChange, title, description, children, footer }: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          {...returnFocus}
          className={contentClasses}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="text-sm text-text-muted">
              {description}
            </AlertDialog.Description>
          ) : null}
          {children}
          {footer ? <DialogFooter>{footer}</DialogFooter> : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
