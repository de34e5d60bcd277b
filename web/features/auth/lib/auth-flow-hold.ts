import { useSyncExternalStore } from 'react';

/*
 * After a password reset code signs the person in, /auth still needs them: they have not chosen
 * the new password yet. The router's "signed in on /auth, send them on" redirect waits while
 * `useAuthFlowHold()` is true. Kept outside React state because the route guard swaps the page for
 * a loader while it learns who signed in, which unmounts the page; the step must survive that.
 * (An unanswered second factor needs no hold: the guard sees it from the session itself.)
 */
export type PendingRecovery = {
  email: string;
  stage: 'password' | 'done';
  /** The session the reset code started; unknown until it arrives. Another session means the flow is over. */
  sessionId?: string;
};

let pending: PendingRecovery | null = null;
const listeners = new Set<() => void>();

export function setPendingRecovery(value: PendingRecovery | null) {
  pending = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const pendingSnapshot = () => pending;
const heldSnapshot = () => pending !== null;

export const usePendingRecovery = () => useSyncExternalStore(subscribe, pendingSnapshot, pendingSnapshot);

/** True while /auth must stay on screen for a signed-in person. */
export const useAuthFlowHold = () => useSyncExternalStore(subscribe, heldSnapshot, heldSnapshot);
