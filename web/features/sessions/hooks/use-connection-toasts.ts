import { useEffect, useRef } from 'react';
import { CONNECTION_TOASTS } from '#web/components/connectivity-toasts';
import { useToast } from '#web/components/toast';
import { useRealtimeSnapshot } from '#web/lib/realtime/use-realtime-topic';
import { useOnlineStatus } from '#web/lib/use-online-status';

export { CONNECTION_TOASTS };

/**
 * In a live session: 'Connection Lost' when the tab's realtime socket drops after it was connected
 * while the browser is online, 'Connection Restored' when it is back (once per loss). The browser
 * going offline and back is told app-wide (components/connectivity-toasts.tsx); meanwhile, and until
 * the socket has reconnected after it, this hook stays quiet so nothing is said twice.
 */
export function useConnectionToasts(active: boolean) {
  const { toast } = useToast();
  const online = useOnlineStatus();
  const { connection } = useRealtimeSnapshot();
  const state = useRef({ wasConnected: false, lost: false, browserDrop: false });
  useEffect(() => {
    if (!active) return;
    const current = state.current;
    if (!online) {
      // The app-wide toasts speak for this loss, and for its end.
      current.browserDrop = true;
      current.lost = false;
      return;
    }
    if (connection === 'connected') {
      current.wasConnected = true;
      current.browserDrop = false;
      if (current.lost) {
        current.lost = false;
        toast(CONNECTION_TOASTS.restored);
      }
      return;
    }
    if (current.browserDrop) return;
    if (current.wasConnected && connection === 'reconnecting' && !current.lost) {
      current.lost = true;
      toast({ ...CONNECTION_TOASTS.lost, variant: 'destructive' });
    }
  }, [active, online, connection, toast]);
}
