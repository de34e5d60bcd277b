import { useQueryClient } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useId, useState } from 'react';
import type { SessionExtension } from '#contracts/session-extensions';
import type { ChatSession } from '#contracts/sessions';
import { cents } from '#domain/money/cents';
import { splitSettlement } from '#domain/money/pricing';
import { Button } from '#web/components/button';
import { errorText } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { ApiError } from '#web/lib/api-client';
import { localTimeZone } from '#web/lib/dates';
import { formatTime } from '#web/lib/date-times';
import { formatCents } from '#web/lib/money';
import {
  acceptMoreTime,
  leaveMoreTime,
  sessionExtensionsQueryOptions,
  storeExtension,
} from '../api/session-extensions';
import { countdown } from '../lib/extension-outcome';

/** The coach's prompt for a pending ask: a calm, unmistakable Accept or Decline, with what it brings. */
export function CoachPrompt({
  extension,
  session,
  now,
}: {
  extension: SessionExtension;
  session: ChatSession;
  now: number;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const headingId = useId();
  const share = splitSettlement(cents(extension.price)).coach;
  const newEnd = Date.parse(session.ends_at) + extension.minutes * 60_000;

  const act = async (action: 'accept' | 'decline') => {
    setBusy(action);
    try {
      if (action === 'accept') storeExtension(queryClient, (await acceptMoreTime(extension.id)).extension);
      else storeExtension(queryClient, await leaveMoreTime(extension.id, 'decline'));
    } catch (error) {
      // 409: it was cancelled or expired meanwhile; the event brings the outcome.
      if (!(error instanceof ApiError && error.status === 409))
        toast({
          title: action === 'accept' ? 'The extra time was not added' : 'The request was not declined',
          description: errorText(error),
          variant: 'destructive',
        });
      else
        void queryClient.invalidateQueries({ queryKey: sessionExtensionsQueryOptions(session.id).queryKey });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-[var(--radius-control)] border-2 border-primary bg-primary-soft px-4 py-3"
      data-testid="extension-prompt"
    >
      <h3 id={headingId} className="flex items-start gap-2 font-semibold text-text">
        <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <span>
          {extension.client_name} asks for {extension.minutes} more minutes ({formatCents(extension.price)})
        </span>
      </h3>
      <p className="mt-1 text-sm text-text-muted">
        You receive {formatCents(share)} (95 %) when the session ends, which would then be at{' '}
        {formatTime(newEnd, localTimeZone())}.{' '}
        <span className="tabular-nums">Answer within {countdown(extension.expires_at, now)}.</span>
      </p>
      <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy !== null} onClick={() => void act('decline')}>
          Decline
        </Button>
        <Button disabled={busy !== null} onClick={() => void act('accept')}>
          Accept
        </Button>
      </div>
    </section>
  );
}
