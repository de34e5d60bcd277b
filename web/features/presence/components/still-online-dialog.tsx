import { useEffect, useRef, useState } from 'react';
import { PRESENCE_COUNTDOWN_S, PRESENCE_MESSAGES } from '#contracts/presence';
import { Button } from '#web/components/button';
import { ConfirmDialog } from '#web/components/dialog';
import { secondsLeft } from '../lib/presence-check';

/**
 * SPEC §4 "Are you still online?" with a 30 s countdown. A question that must be answered (no close
 * button, the overlay does not dismiss it); Escape counts as "Yes, I'm online" — someone is there.
 * `onTimeout` runs once when the countdown reaches zero.
 */
export function StillOnlineDialog({
  open,
  busy,
  onConfirm,
  onGoOffline,
  onTimeout,
}: {
  open: boolean;
  /** An answer is being sent: the buttons wait, the countdown does not end it meanwhile. */
  busy: boolean;
  onConfirm: () => void;
  onGoOffline: () => void;
  onTimeout: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onConfirm();
      }}
      title={PRESENCE_MESSAGES.stillOnlineTitle}
      description="Clients can start an instant session with you while you are online. If you are away, we will set you offline so nobody waits for you."
      footer={
        <>
          <Button variant="secondary" onClick={onGoOffline} disabled={busy}>
            {PRESENCE_MESSAGES.goOffline}
          </Button>
          <Button onClick={onConfirm} disabled={busy} autoFocus>
            {PRESENCE_MESSAGES.stillOnlineConfirm}
          </Button>
        </>
      }
    >
      {open ? <Countdown busy={busy} onTimeout={onTimeout} /> : null}
    </ConfirmDialog>
  );
}

/** Mounted with the dialog, so every opening starts a fresh 30 s. */
function Countdown({ busy, onTimeout }: { busy: boolean; onTimeout: () => void }) {
  const [deadline] = useState(() => Date.now() + PRESENCE_COUNTDOWN_S * 1000);
  const [left, setLeft] = useState(PRESENCE_COUNTDOWN_S);
  const latest = useRef({ busy, onTimeout, ended: false });
  useEffect(() => {
    latest.current.busy = busy;
    latest.current.onTimeout = onTimeout;
  });
  useEffect(() => {
    const timer = setInterval(() => {
      const next = secondsLeft(deadline, Date.now());
      setLeft(next);
      // Once, at zero; not while an answer is on its way (it decides instead).
      if (next > 0 || latest.current.busy || latest.current.ended) return;
      latest.current.ended = true;
      latest.current.onTimeout();
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return (
    <p className="flex items-baseline gap-2 rounded-[var(--radius-control)] bg-surface-sunken px-4 py-3">
      <span className="text-sm text-text-muted">Going offline in</span>
      <span role="timer" aria-label={`${left} seconds`} className="text-2xl font-semibold tabular-nums">
        {left} s
      </span>
    </p>
  );
}
