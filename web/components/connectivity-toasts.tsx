import { useEffect, useRef } from 'react';
import { useOnlineStatus } from '../lib/use-online-status';
import { useToast } from './toast';

/** SPEC §8 connectivity toasts. */
export const CONNECTION_TOASTS = {
  lost: { title: 'Connection Lost', description: 'Please check your internet connection' },
  restored: { title: 'Connection Restored', description: "You're back online!" },
} as const;

/**
 * SPEC §4 Connectivity, app-wide (mounted once in the root layout, on every screen): 'Connection Lost'
 * when the browser goes offline, 'Connection Restored' when it is back (once per loss). The session
 * room adds the same pair for its realtime socket while the browser itself stays online.
 */
export function ConnectivityToasts() {
  const { toast } = useToast();
  const online = useOnlineStatus();
  const lost = useRef(false);
  useEffect(() => {
    if (!online && !lost.current) {
      lost.current = true;
      toast({ ...CONNECTION_TOASTS.lost, variant: 'destructive' });
    } else if (online && lost.current) {
      lost.current = false;
      toast(CONNECTION_TOASTS.restored);
    }
  }, [online, toast]);
  return null;
}
