import { ArrowRight, Inbox, MailWarning } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { GiftsResponse, ReceivedGift } from '#contracts/gifts';
import { Button } from '#web/components/button';
import { useToast } from '#web/components/toast';
import { errorText } from '#web/components/form-error';
import { formatCents } from '#web/lib/money';
import { newIdempotencyKey, useClaimGift } from '../api/gifts';
import { formatDay, GiftIcon, GiftMessage, giftTitle } from './gift-parts';

export type EmailConfirmationRenderer = (email: string, onDone: () => void) => ReactNode;

function ReceivedGiftCard({
  gift,
  highlighted,
  claiming,
  onClaim,
}: {
  gift: ReceivedGift;
  highlighted: boolean;
  claiming: boolean;
  onClaim: () => void;
}) {
  const ref = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (!highlighted) return;
    ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    ref.current?.focus({ preventScroll: true });
  }, [highlighted]);

  const pending = gift.status === 'pending';
  return (
    <li
      ref={ref}
      tabIndex={highlighted ? -1 : undefined}
      data-gift-id={gift.id}
      aria-current={highlighted ? 'true' : undefined}
      className={`rounded-[var(--radius-card)] border p-4 transition-shadow sm:p-5 ${
        highlighted ? 'border-primary ring-2 ring-primary/40' : 'border-border'
      } ${pending ? 'bg-surface' : 'bg-surface-sunken/40'}`}
    >
      <div className="flex items-start gap-3">
        <GiftIcon gift={gift} />
        <div className="min-w-0 flex-1">
          <p className="text-sm text-text-muted">
            From <span className="font-semibold text-text">{gift.sender_name}</span>
            {' · '}
            <time dateTime={gift.deliver_at}>{formatDay(gift.deliver_at)}</time>
          </p>
          <p className="mt-0.5 font-semibold break-words">{giftTitle(gift)}</p>
          {gift.session ? (
            <p className="text-sm text-text-muted">
              Worth <span className="font-semibold text-text tabular-nums">{formatCents(gift.amount)}</span>,
              added to your wallet to book it.
            </p>
          ) : null}
          <GiftMessage message={gift.message} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
        {pending ? (
          <Button onClick={onClaim} busy={claiming} className="w-full sm:w-auto">
            Claim {formatCents(gift.amount)}
          </Button>
        ) : (
          <>
            <p className="mr-auto text-sm text-success">
              Claimed{gift.claimed_at ? ` on ${formatDay(gift.claimed_at)}` : ''}
            </p>
            {gift.session?.coach_username ? (
              <Link
                to={`/coach/${encodeURIComponent(gift.session.coach_username)}`}
                className="inline-flex items-center gap-1 text-sm font-semibold text-primary underline-offset-2 hover:underline"
              >
                Book with {gift.session.coach_name}
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}

/**
 * "Gifts for you": gifts sent to the person's confirmed address (pending ones with Claim, claimed ones
 * as history). `claimId` (from /gift?claim=<id>, the email's link) is scrolled to and highlighted.
 */
export function ReceivedGifts({
  data,
  userId,
  claimId,
  renderEmailConfirmation,
  onEmailConfirmed,
}: {
  data: GiftsResponse;
  userId: string;
  claimId: string | null;
  renderEmailConfirmation?: EmailConfirmationRenderer;
  onEmailConfirmed: () => void;
}) {
  const [confirming, setConfirming] = useState(claimId !== null);
  const linked = claimId ? data.received.find((gift) => gift.id === claimId) : undefined;
  // Claims live here, not in the cards: a gift cancelled meanwhile leaves the list, and its answer
  // must still be told. One key per gift on this screen, so a retry can never claim twice.
  const claim = useClaimGift(userId);
  const keys = useRef(new Map<string, string>());
  const { toast } = useToast();
  const claimGift = (id: string) => {
    const key = keys.current.get(id) ?? newIdempotencyKey();
    keys.current.set(id, key);
    claim.mutate(
      { id, key },
      {
        onSuccess: ({ gift: claimed }) =>
          toast({ title: `Gift claimed — ${formatCents(claimed.amount)} added to your wallet` }),
        onError: (error) =>
          toast({ title: 'The gift was not claimed', description: errorText(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <section
      aria-labelledby="received-gifts-heading"
      className="rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
    >
      <h2 id="received-gifts-heading" className="text-lg font-semibold">
        Gifts for you
      </h2>

      {!data.email_confirmed ? (
        <div
          role="status"
          className="mt-4 flex flex-col gap-3 rounded-[var(--radius-control)] bg-warning-soft p-4"
        >
          <p className="flex items-start gap-2 text-sm">
            <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            <span>
              <span className="font-semibold">Your email address is not confirmed yet.</span>{' '}
              {data.email
                ? `Gifts sent to ${data.email} show up here once you confirm it.`
                : 'Add an email address in Settings to receive gifts.'}
            </span>
          </p>
          {data.email && renderEmailConfirmation ? (
            confirming ? (
              renderEmailConfirmation(data.email, () => {
                setConfirming(false);
                onEmailConfirmed();
              })
            ) : (
              <div>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  Confirm my email
                </Button>
              </div>
            )
          ) : (
            <Link
              to="/settings"
              className="text-sm font-semibold text-primary underline-offset-2 hover:underline"
            >
              Go to Settings
            </Link>
          )}
        </div>
      ) : claimId && !linked ? (
        <p role="status" className="mt-4 rounded-[var(--radius-control)] bg-surface-sunken p-4 text-sm">
          <span className="font-semibold">This gift isn&apos;t available to {data.email}.</span> It may have
          been sent to another address, cancelled by the sender, or scheduled for a later day. Signed in with
          another account? Sign out and sign in with the address the email came to.
        </p>
      ) : null}

      {data.received.length === 0 ? (
        data.email_confirmed ? (
          <p className="mt-2 flex items-start gap-2 text-sm break-words text-text-muted">
            <Inbox aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            No gifts for you right now. Gifts sent to {data.email} will appear here.
          </p>
        ) : null
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {data.received.map((gift) => (
            <ReceivedGiftCard
              key={gift.id}
              gift={gift}
              highlighted={gift.id === claimId}
              claiming={claim.isPending && claim.variables.id === gift.id}
              onClaim={() => claimGift(gift.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
