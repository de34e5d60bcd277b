import { WifiOff } from 'lucide-react';

/** SPEC §2 overlay: shown at the top while the browser has no network connection. */
export function OfflineBanner({ isOnline }: { isOnline: boolean }) {
  return (
    <div role="status" aria-live="assertive">
      {isOnline ? null : (
        <div className="flex items-center justify-center gap-2 bg-warning-soft px-4 py-2 text-sm font-medium text-warning">
          <WifiOff aria-hidden="true" className="size-4" />
          <span>No internet connection</span>
          <span className="hidden text-text-muted sm:inline">
            — we will reconnect as soon as you are back online.
          </span>
        </div>
      )}
    </div>
  );
}
