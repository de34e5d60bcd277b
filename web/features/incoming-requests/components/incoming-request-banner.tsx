import { BellRing, Check, Mic, MessageCircle, Video, Volume2, VolumeX, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { REQUEST_ALERT_MS, SESSION_MESSAGES, type SessionRequest } from '#contracts/sessions';
import { cents } from '#domain/money/cents';
import { splitSettlement } from '#domain/money/pricing';
import { Avatar } from '#web/components/avatar';
import { Button } from '#web/components/button';
import { FormError } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { formatCents } from '#web/lib/money';
import { useIncomingRequestAlert } from '../hooks/use-incoming-request-alert';
import type { RequestAlert } from '../lib/alert-state';
import { playRingTone } from '../lib/ring-tone';
import { CoachMessageBox } from './coach-message-box';
import { FORMAT_NOUNS } from '#domain/coaching/format-labels';

const MUTE_KEY = 'wellspring.request-ring-muted';
const FORMATS = {
  text: { label: FORMAT_NOUNS.text, Icon: MessageCircle },
  audio: { label: FORMAT_NOUNS.audio, Icon: Mic },
  video: { label: FORMAT_NOUNS.video, Icon: Video },
} as const;

function readMuted() {
  try {
    return window.localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The coach's incoming-request banner (SPEC §4, DESIGN.md): fixed above everything (z-index 9998),
 * the client, format, length, price and what the coach receives, purpose and description, Accept and
 * Decline; a ring every 2 s with a mute switch; after a decline or a client's cancel, a message box.
 * Accept keeps the banner ("Accepting…") until the session room is open.
 */
export function IncomingRequestBanner({
  ring = playRingTone,
  onRing,
}: {
  ring?: () => void;
  /** Called once for each request that starts ringing (e.g. to load the session room's code). */
  onRing?: () => void;
}) {
  const [muted, setMuted] = useState(readMuted);
  const { alert, accept, decline, close } = useIncomingRequestAlert({ ring, muted });
  const { toast } = useToast();
  const ringingId = alert?.phase === 'incoming' ? alert.request.id : null;
  useEffect(() => {
    if (ringingId) onRing?.();
  }, [ringingId, onRing]);

  const toggleMute = () => {
    setMuted((was) => {
      try {
        window.localStorage.setItem(MUTE_KEY, was ? '0' : '1');
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      return !was;
    });
  };

  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[9998] flex justify-center p-2 sm:p-4">
      {/* Announced as it appears; the banner itself is not a live region (its countdown ticks). */}
      <p role="alert" className="sr-only">
        {alert?.phase === 'incoming' ? `${SESSION_MESSAGES.incoming} from ${alert.request.client_name}` : ''}
      </p>
      {alert ? (
        <Banner
          key={alert.request.id}
          alert={alert}
          muted={muted}
          onToggleMute={toggleMute}
          onAccept={() => void accept(alert.request.id)}
          onDecline={() => void decline(alert.request.id)}
          onClose={() => close(alert.request.id)}
          onSent={() => {
            close(alert.request.id);
            toast({ title: 'Your message is on its way' });
          }}
        />
      ) : null}
    </div>
  );
}

function Banner({
  alert,
  muted,
  onToggleMute,
  onAccept,
  onDecline,
  onClose,
  onSent,
}: {
  alert: RequestAlert;
  muted: boolean;
  onToggleMute: () => void;
  onAccept: () => void;
  onDecline: () => void;
  onClose: () => void;
  onSent: () => void;
}) {
  const { request, phase } = alert;
  const ringing = phase === 'incoming' || phase === 'accepting' || phase === 'declining';
  const headingId = `incoming-request-${request.id}`;
  const header =
    phase === 'cancelled'
      ? { title: SESSION_MESSAGES.clientCancelled, classes: 'bg-[var(--notify-declined)] text-[#1d2421]' }
      : phase === 'declined'
        ? { title: SESSION_MESSAGES.coachDeclined, classes: 'bg-surface-sunken text-text' }
        : { title: SESSION_MESSAGES.incoming, classes: 'bg-primary text-primary-foreground' };

  return (
    <section
      aria-labelledby={headingId}
      data-phase={phase}
      data-testid="incoming-request-banner"
      className={`pointer-events-auto flex max-h-[calc(100dvh-1rem)] w-full max-w-xl flex-col overflow-y-auto rounded-[var(--radius-sheet)] border bg-surface-raised text-text shadow-[0_12px_40px_rgb(0_0_0/0.28)] sm:max-h-[calc(100dvh-2rem)] ${
        phase === 'cancelled' ? 'border-[var(--notify-declined)]' : 'border-border'
      }`}
    >
      <div className={`flex items-center gap-3 px-4 py-2.5 ${header.classes}`}>
        {ringing ? (
          <BellRing aria-hidden="true" className="size-5 shrink-0 motion-safe:animate-bounce" />
        ) : null}
        <h2 id={headingId} className="min-w-0 flex-1 text-base font-semibold">
          {header.title}
        </h2>
        {ringing ? (
          <>
            <Countdown shownAt={alert.shownAt} />
            <button
              type="button"
              onClick={onToggleMute}
              aria-pressed={muted}
              aria-label={muted ? 'Turn the ring back on' : 'Mute the ring'}
              className="-my-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-[var(--radius-control)] hover:bg-black/10"
            >
              {muted ? (
                <VolumeX aria-hidden="true" className="size-5" />
              ) : (
                <Volume2 aria-hidden="true" className="size-5" />
              )}
            </button>
          </>
        ) : null}
      </div>

      <div className="flex flex-col gap-3 p-4">
        <RequestSummary request={request} />
        {ringing ? (
          <>
            {alert.error ? <FormError error={alert.error} /> : null}
            <div className="grid grid-cols-2 gap-2">
              <Button variant="secondary" onClick={onDecline} disabled={phase !== 'incoming'}>
                <X aria-hidden="true" className="size-4" />
                {phase === 'declining' ? 'Declining…' : 'Decline'}
              </Button>
              <Button onClick={onAccept} disabled={phase !== 'incoming'}>
                <Check aria-hidden="true" className="size-4" />
                {phase === 'accepting' ? 'Accepting…' : 'Accept'}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-text-muted">
              {phase === 'declined'
                ? `You declined this request. A short note helps ${firstNameOf(request.client_name)} find their next step.`
                : `${request.client_name} cancelled this request before you answered. You can still send them a message.`}
            </p>
            <CoachMessageBox
              requestId={request.id}
              clientName={request.client_name}
              onSent={onSent}
              onClose={onClose}
            />
          </>
        )}
      </div>
    </section>
  );
}

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'the client';

function RequestSummary({ request }: { request: SessionRequest }) {
  const format = FORMATS[request.format];
  const share = splitSettlement(cents(request.price)).coach;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-start gap-3">
        <Avatar
          name={request.client_name}
          email={request.client_email}
          src={request.client_avatar_url}
          size={48}
          eager
          className="size-12 text-base"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{request.client_name}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-text-muted">
            <span className="inline-flex items-center gap-1">
              <format.Icon aria-hidden="true" className="size-4" />
              {format.label}
            </span>
            <span aria-hidden="true">·</span>
            <span>{request.duration_minutes} min</span>
            <span aria-hidden="true">·</span>
            <span className="font-semibold text-text tabular-nums">{formatCents(request.price)}</span>
          </p>
          <p className="mt-0.5 text-xs text-text-muted tabular-nums">You receive {formatCents(share)}</p>
        </div>
      </div>
      <div>
        <p className="text-xs font-medium tracking-wide text-text-muted uppercase">Purpose</p>
        <p className="mt-0.5 font-medium break-words">{request.purpose}</p>
        {request.description ? (
          <p className="mt-1 line-clamp-4 text-sm break-words whitespace-pre-line text-text-muted">
            {request.description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Time until the 180 s auto-dismiss, updated every second. */
function Countdown({ shownAt }: { shownAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const handle = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(handle);
  }, []);
  const seconds = Math.max(0, Math.ceil((shownAt + REQUEST_ALERT_MS - now) / 1000));
  const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <span className="text-sm font-medium tabular-nums">
      <span className="sr-only">Expires in </span>
      {text}
    </span>
  );
}
