import { Send } from 'lucide-react';
import { useState } from 'react';
import type { SentGift } from '#contracts/gifts';
import { Button } from '#web/components/button';
import { ConfirmDialog } from '#web/components/dialog';
import { FormError } from '#web/components/form-error';
import { useToast } from '#web/components/toast';
import { formatCents } from '#web/lib/money';
import { newIdempotencyKey, useCancelGift } from '../api/gifts';
import { formatDay, GiftIcon, GiftMessage, giftTitle, StatusChip } from './gift-parts';
import { EmptyNote, SectionCard } from '#web/components/section-card';

function CancelGift({ gift, userId }: { gift: SentGift; userId: string }) {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const cancel = useCancelGift(userId);
  const { toast } = useToast();

  const confirm = () =>
    cancel.mutate(
      { id: gift.id, key },
      {
        onSuccess: ({ gift: cancelled }) => {
          setOpen(false);
          toast({
            title: 'Gift cancelled',
            description: `${formatCents(cancelled.amount)} is back in your wallet.`,
          });
        },
      },
    );

  // Stays mounted once the gift is cancelled (only the button goes), so the answer's toast still shows.
  return (
    <>
      {gift.status === 'pending' ? (
        <div className="shrink-0 self-end sm:self-start">
          <Button
            variant="secondary"
            onClick={() => {
              cancel.reset();
              setKey(newIdempotencyKey());
              setOpen(true);
            }}
          >
            Cancel<span className="sr-only"> the gift to {gift.recipient_email}</span>
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!cancel.isPending) setOpen(next);
        }}
        title="Cancel this gift?"
        description={`${formatCents(gift.amount)} goes back to your wallet, and ${gift.recipient_email} won't be able to claim it.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Keep the gift
            </Button>
            <Button onClick={confirm} busy={cancel.isPending}>
              Cancel gift
            </Button>
          </>
        }
      >
        <FormError error={cancel.error} />
      </ConfirmDialog>
    </>
  );
}

function SentGiftRow({ gift, userId }: { gift: SentGift; userId: string }) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <GiftIcon gift={gift} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold break-words">{giftTitle(gift)}</p>
          <p className="text-sm break-words text-text-muted">
            To <span className="font-medium text-text">{gift.recipient_email}</span>
            {' · '}
            <span className="tabular-nums">{formatCents(gift.amount)}</span>
            {' · '}
            sent <time dateTime={gift.created_at}>{formatDay(gift.created_at)}</time>
          </p>
          <div className="mt-2">
            <StatusChip gift={gift} />
          </div>
          <GiftMessage message={gift.message} />
        </div>
      </div>
      <CancelGift gift={gift} userId={userId} />
    </li>
  );
}

/** "Sent gifts": every gift the person sent, newest first, with its status and Cancel while unclaimed. */
export function SentGifts({ gifts, userId }: { gifts: SentGift[]; userId: string }) {
  return (
    <SectionCard id="sent-gifts-heading" title="Sent gifts">
      {gifts.length === 0 ? (
        <EmptyNote icon={Send}>
          You haven&apos;t sent any gifts yet. The ones you send appear here until they are claimed.
        </EmptyNote>
      ) : (
        <ul className="mt-4 divide-y divide-border">
          {gifts.map((gift) => (
            <SentGiftRow key={gift.id} gift={gift} userId={userId} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
