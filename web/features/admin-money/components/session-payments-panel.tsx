import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowRight, Receipt, RotateCcw, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { SESSION_PAYMENTS_QUERY_MAX, type SessionPayment } from '#contracts/admin-money';
import { Button } from '#web/components/button';
import { IconBadge } from '#web/components/icon-badge';
import { FormError } from '#web/components/form-error';
import { SearchField } from '#web/components/search-field';
import { useDebounced } from '#web/lib/use-debounced';
import { formatCents } from '#web/lib/money';
import { MoneyFigure } from './money-figure';
import { sessionPaymentsQueryOptions } from '../api/session-payments';
import { RefundDialog } from './refund-dialog';
import { localTimeZone } from '#web/lib/dates';
import { formatDateTime } from '#web/lib/date-times';
import { FORMAT_ADJECTIVES } from '#domain/coaching/format-labels';
import { cardClasses } from '#web/components/card';
import { SkeletonBar, SkeletonRows } from '#web/components/loading-skeleton';

function describeSession(payment: SessionPayment) {
  const parts = [
    payment.format ? `${FORMAT_ADJECTIVES[payment.format]} session` : 'Payment',
    payment.duration_minutes ? `${payment.duration_minutes} min` : null,
  ];
  return parts.filter(Boolean).join(' · ');
}

function RefundStatus({ payment }: { payment: SessionPayment }) {
  if (payment.refunded_amount === 0) return null;
  const full = payment.refundable_amount === 0;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        full ? 'bg-surface-sunken text-text-muted' : 'bg-warning-soft text-text'
      }`}
    >
      {full ? 'Refunded in full' : `Refunded ${formatCents(payment.refunded_amount)}`}
    </span>
  );
}

function PaymentCard({
  payment,
  canRefund,
  onRefund,
}: {
  payment: SessionPayment;
  canRefund: boolean;
  onRefund: () => void;
}) {
  const headingId = useId();
  return (
    <li className="p-4 sm:p-5">
      <article
        id={`payment-${payment.id}`}
        aria-labelledby={headingId}
        tabIndex={-1}
        className="flex flex-col gap-3 outline-none"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h3 id={headingId} className="flex flex-wrap items-center gap-x-1.5 font-semibold wrap-anywhere">
              <span>{payment.client.name}</span>
              <ArrowRight aria-label="paid" className="size-4 shrink-0 text-text-muted" />
              <span>{payment.coach.name}</span>
            </h3>
            <p className="mt-0.5 text-sm text-text-muted">
              {describeSession(payment)} ·{' '}
              <time dateTime={payment.settled_at}>{formatDateTime(payment.settled_at, localTimeZone())}</time>
            </p>
          </div>
          <div className="flex items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
            <p className="text-lg font-semibold tabular-nums">{formatCents(payment.amount)}</p>
            <RefundStatus payment={payment} />
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <MoneyFigure term="Coach">{formatCents(payment.coach_amount)}</MoneyFigure>
          <MoneyFigure term="Platform">{formatCents(payment.platform_amount)}</MoneyFigure>
          <MoneyFigure term="Refunded">{formatCents(payment.refunded_amount)}</MoneyFigure>
          <MoneyFigure term="Left to refund" weight="medium">
            {formatCents(payment.refundable_amount)}
          </MoneyFigure>
        </dl>
        {payment.refunds.length > 0 ? (
          <div className="rounded-[var(--radius-control)] bg-surface-sunken px-3 py-2">
            <h4 className="text-xs font-semibold tracking-wide text-text-muted uppercase">Refunds</h4>
            <ul className="mt-1 flex flex-col divide-y divide-border">
              {payment.refunds.map((refund) => (
                <li key={refund.id} className="flex flex-col gap-0.5 py-2 text-sm">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-semibold tabular-nums">{formatCents(refund.amount)}</span>
                    <span className="text-xs text-text-muted">
                      by {refund.refunded_by.name} ·{' '}
                      <time dateTime={refund.created_at}>
                        {formatDateTime(refund.created_at, localTimeZone())}
                      </time>
                    </span>
                  </p>
                  <p className="whitespace-pre-line wrap-anywhere text-text-muted">{refund.reason}</p>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {canRefund && payment.refundable_amount > 0 ? (
          <div>
            <Button variant="secondary" onClick={onRefund} className="w-full sm:w-auto">
              <Undo2 aria-hidden="true" className="size-4" />
              Refund…
              <span className="sr-only">
                {' '}
                {payment.client.name}&apos;s payment to {payment.coach.name}
              </span>
            </Button>
          </div>
        ) : null}
      </article>
    </li>
  );
}

function ListSkeleton() {
  return (
    <SkeletonRows
      label="Loading session payments…"
      rowClassName="flex flex-col gap-3 p-4 sm:p-5"
      row={
        <>
          <span className="flex justify-between gap-4">
            <SkeletonBar className="h-4 w-1/2" />
            <SkeletonBar className="h-4 w-16" />
          </span>
          <SkeletonBar className="h-3 w-1/3" />
          <SkeletonBar className="h-3 w-2/3" />
        </>
      }
    />
  );
}

/**
 * Session payments for financial admins (placed on /admin/revenue): search by client or coach, every
 * captured payment with its coach/platform split and past refunds, and "Refund…" (manage_payouts)
 * opening the refund dialog. The list updates in place after a refund.
 */
export function SessionPaymentsPanel({ canRefund = true }: { canRefund?: boolean }) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const list = useInfiniteQuery(sessionPaymentsQueryOptions(q));
  const [refunding, setRefunding] = useState<SessionPayment | null>(null);
  const payments = list.data?.pages.flatMap((page) => page.payments) ?? [];
  // The dialog shows the payment as the list has it now (refunded amounts change after a refund).
  const current = refunding ? (payments.find((payment) => payment.id === refunding.id) ?? refunding) : null;

  let body;
  if (list.isPending) body = <ListSkeleton />;
  else if (list.isError && !list.data)
    body = (
      <div className="flex flex-col items-start gap-3 p-4 sm:p-5">
        <FormError error={list.error} />
        <Button variant="secondary" onClick={() => void list.refetch()}>
          <RotateCcw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    );
  else if (payments.length === 0)
    body = (
      <div className="flex flex-col items-center px-6 py-10 text-center">
        <IconBadge icon={Receipt} />
        <p className="mt-3 font-semibold">
          {q ? 'No payments match your search' : 'No session payments yet'}
        </p>
        <p className="mt-1 max-w-sm text-sm text-text-muted">
          {q
            ? `Nothing for “${q}”. Search by the client's or the coach's name or email.`
            : 'Payments appear here once sessions are completed and charged.'}
        </p>
      </div>
    );
  else
    body = (
      <>
        <ul className="flex flex-col divide-y divide-border">
          {payments.map((payment) => (
            <PaymentCard
              key={payment.id}
              payment={payment}
              canRefund={canRefund}
              onRefund={() => setRefunding(payment)}
            />
          ))}
        </ul>
        {list.hasNextPage ? (
          <div className="border-t border-border p-4 text-center">
            <Button
              variant="secondary"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading…' : 'Show more payments'}
            </Button>
          </div>
        ) : null}
        {list.isError ? (
          <div className="px-4 pb-4">
            <FormError error={list.error} />
          </div>
        ) : null}
      </>
    );

  return (
    <section aria-labelledby="session-payments-heading" className={`${cardClasses} overflow-hidden`}>
      <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-end sm:justify-between sm:p-5">
        <div>
          <h2 id="session-payments-heading" className="text-lg font-semibold">
            Session payments
          </h2>
          <p className="text-sm text-text-muted">
            What clients paid for sessions, and refunds to their wallets.
          </p>
        </div>
        <SearchField
          className="w-full sm:w-72"
          label="Search payments by client or coach"
          value={search}
          onChange={setSearch}
          placeholder="Name or email"
          maxLength={SESSION_PAYMENTS_QUERY_MAX}
        />
      </div>
      <div aria-busy={list.isFetching && !list.isFetchingNextPage ? true : undefined}>{body}</div>
      {current ? (
        <RefundDialog
          key={current.id}
          payment={current}
          open
          onOpenChange={(open) => {
            if (open) return;
            const id = current.id;
            setRefunding(null);
            // Focus goes back to the Refund button; once the payment is refunded in full that button
            // is gone, so the payment itself takes focus instead of the page.
            setTimeout(() => {
              const card = document.getElementById(`payment-${id}`);
              if (card && !card.contains(document.activeElement)) card.focus();
            }, 0);
          }}
        />
      ) : null}
    </section>
  );
}
