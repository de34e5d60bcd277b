import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { REQUEST_ALERT_MS } from '#contracts/sessions';
import type { SessionFormat } from '#domain/coaching/categories';
import { NotEnoughInWallet } from '#web/components/not-enough-in-wallet';
import { Spinner } from '#web/components/spinner';
import { ApiError } from '#web/lib/api-client';
import { formatCents } from '#web/lib/money';
import type { RequestMode } from '../lib/request-form';
import { FORMAT_SHORT_LABELS } from '#domain/coaching/format-labels';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Quote } from '#contracts/coupons';

/** SPEC §9: an instant request rings for 180 s, then expires. */
const ANSWER_WINDOW = `${REQUEST_ALERT_MS / 60_000} minutes`;

function QuoteLine({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 ${strong ? 'font-semibold text-text' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** "Not enough in your wallet", with what is missing when known and the way to top up. */
export function NotEnough({ missing, message }: { missing: number | undefined; message: string }) {
  return (
    <NotEnoughInWallet linkLabel="Top up your wallet">
      <p className="text-text">
        {missing !== undefined
          ? `You need ${formatCents(missing)} more to send this request. Your request is kept here while you top up.`
          : `${message} Your request is kept here while you top up.`}
      </p>
    </NotEnoughInWallet>
  );
}

/** The price as quoted (with the coupon), what is held and the wallet balance; or why it did not load. */
export function QuotePanel({
  quote,
  minutes,
  format,
  coupon,
  mode,
  coachName,
  balance,
  missing,
  short,
}: {
  quote: UseQueryResult<Quote>;
  minutes: number;
  format: SessionFormat;
  coupon: string | null;
  mode: RequestMode;
  coachName: string;
  balance: number | undefined;
  missing: number | undefined;
  short: boolean;
}) {
  return (
    <section
      aria-label="Price"
      aria-live="polite"
      aria-busy={quote.isFetching}
      className="rounded-[var(--radius-control)] bg-primary-soft px-4 py-3 text-sm text-text"
    >
      {quote.data ? (
        <div className="flex flex-col gap-1.5" data-testid="session-quote">
          <dl className="flex flex-col gap-1.5">
            <QuoteLine
              label={`${minutes} min ${FORMAT_SHORT_LABELS[format].toLowerCase()} session`}
              value={formatCents(quote.data.original_price)}
            />
            {quote.data.discount_amount ? (
              <QuoteLine
                label={coupon ? `Coupon ${coupon}` : 'Discount'}
                value={`−${formatCents(quote.data.discount_amount)}`}
              />
            ) : null}
            <QuoteLine label="Held from your wallet now" value={formatCents(quote.data.final)} strong />
          </dl>
          <p className="mt-1 text-text-muted">
            {mode === 'now'
              ? `Charged only if the session happens. If ${coachName} declines or doesn't answer within ${ANSWER_WINDOW}, it goes straight back to your wallet.`
              : `Charged only if the session happens. If ${coachName} declines, it goes straight back to your wallet.`}
          </p>
          {balance !== undefined ? (
            <p className="flex flex-wrap items-center gap-x-2 text-text-muted">
              <Wallet aria-hidden="true" className="size-4" />
              {`Your wallet: ${formatCents(balance)}`}
              {missing !== undefined && !short ? (
                <Link to="/wallet" className="font-semibold text-primary underline-offset-2 hover:underline">
                  {`Top up ${formatCents(missing)} to send this`}
                </Link>
              ) : null}
            </p>
          ) : null}
        </div>
      ) : quote.isError ? (
        <p role="alert">
          {quote.error instanceof ApiError
            ? quote.error.message
            : 'We could not get the price right now. Please try again.'}{' '}
          <button
            type="button"
            onClick={() => void quote.refetch()}
            className="font-semibold text-primary underline underline-offset-2"
          >
            Try again
          </button>
        </p>
      ) : (
        <p className="flex items-center gap-2 text-text-muted">
          <Spinner className="size-4 border-2" />
          Working out the price…
        </p>
      )}
    </section>
  );
}
