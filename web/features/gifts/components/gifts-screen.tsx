import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadError } from '#web/components/load-error';
import { giftsQueryOptions } from '../api/gifts';
import { ReceivedGifts, type EmailConfirmationRenderer } from './received-gifts';
import { SendGiftForm } from './send-gift-form';
import { SentGifts } from './sent-gifts';

function ListSkeleton({ label }: { label: string }) {
  return (
    <div
      aria-busy="true"
      aria-label={label}
      className="rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-soft sm:p-6"
    >
      <div className="h-6 w-40 animate-pulse rounded bg-surface-sunken" />
      <div className="mt-4 h-20 animate-pulse rounded-[var(--radius-control)] bg-surface-sunken" />
    </div>
  );
}

/**
 * /gift: gifts for the person (claim), the send form, and the gifts they sent (cancel).
 * `claimId`: the gift named by the email's link (/gift?claim=<id>). `renderEmailConfirmation`: the
 * route's way to confirm an unconfirmed address in place (a feature of its own).
 */
export function GiftsScreen({
  userId,
  claimId,
  ownEmail,
  renderEmailConfirmation,
}: {
  userId: string;
  claimId: string | null;
  ownEmail: string | null;
  renderEmailConfirmation?: EmailConfirmationRenderer;
}) {
  const gifts = useQuery(giftsQueryOptions(userId));
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: giftsQueryOptions(userId).queryKey });

  const received = gifts.isPending ? (
    <ListSkeleton label="Loading gifts for you" />
  ) : gifts.isError ? (
    <LoadError title="Your gifts did not load" error={gifts.error} onRetry={() => void gifts.refetch()} />
  ) : (
    <ReceivedGifts
      data={gifts.data}
      userId={userId}
      claimId={claimId}
      onEmailConfirmed={refresh}
      {...(renderEmailConfirmation ? { renderEmailConfirmation } : {})}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      {received}
      <SendGiftForm userId={userId} ownEmail={gifts.data?.email ?? ownEmail} />
      {gifts.isPending ? (
        <ListSkeleton label="Loading sent gifts" />
      ) : gifts.isSuccess ? (
        <SentGifts gifts={gifts.data.sent} userId={userId} />
      ) : null}
    </div>
  );
}
