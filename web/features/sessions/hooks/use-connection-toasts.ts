import { useEffect, useRef } from 'react';
import { useToast } from '../../../components/toast';
import { useRealtimeSnapshot } from '../../../lib/realtime/use-realtime-topic';
import { useOnlineStatus } from '../../../lib/use-online-status';

/** SPEC §8 connectivity toasts. */
export const CONNECTION_TOASTS = {
  lost: { title: 'Connection Lost', description: 'Please check your internet connection' },
  restored: { title: 'Connection Restored', description: "You're back online!" },
} as const;

/**
 * In a live session: 'Connection Lost' when the browser goes offline or the tab's realtime socket
 * drops after it was connected, 'Connection Restored' when both are back (once per loss).
 */
export function useConnectionToasts(active: boolean) {
  const { toast } = useToast();
  const online = useOnlineStatus();
  const { connection } = useRealtimeSnapshot();
  const state = useRef<{ wasConnected: boolean; lost: boolean }>({ wasConnected: false, lost: false });
  const healthy = online && connection === 'connected';
  useEffect(() => {
    if (!active) return;
    const current = state.current;
    if (healthy) {
      current.wasConnected = true;
      if (current.lost) {
        current.lost = false;
        toast(CONNECTION_TOASTS.restored);
      }
      return;
    }
    const dropped = !online || (current.wasConnected && connection === 'reconnecting');
    if (dropped && !current.lost) {
      current.lost = true;
      toast({ ...CONNECTION_TOASTS.lost, variant: 'destructive' });
    }
  }, [active, healthy, online, connection, toast]);
}
