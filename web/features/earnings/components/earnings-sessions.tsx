import { ChevronLeft, ChevronRight, Receipt } from 'lucide-react';
import type { Earnings, EarningsSession } from '#contracts/earnings';
import { Button } from '#web/components/button';
import { Table } from '#web/components/table';
import { formatCents } from '#web/lib/money';
import { EARNINGS_SESSIONS_PAGE_SIZE } from '../api/earnings';
import { formatDate, localTimeZone } from '#web/lib/dates';
import { FORMAT_ADJECTIVES } from '#domain/coaching/format-labels';
import { cardClasses } from '#web/components/card';
import { EmptyNote, SectionCard } from '#web/components/section-card';

function StatusBadge({ session }: { session: EarningsSession }) {
  return session.status === 'available' ? (
    <span className="inline-flex rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success">
      Available
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning">
      Pending until {formatDate(session.available_at, localTimeZone())}
    </span>
  );
}

const sessionWhat = (session: EarningsSession) =>
  `${session.format ? FORMAT_ADJECTIVES[session.format] : 'Session'}${session.duration ? ` · ${session.duration} min` : ''}`;

export function EarningsSessions({
  earnings,
  page,
  onPage,
}: {
  earnings: Earnings;
  page: number;
  onPage: (page: number) => void;
}) {
  const { items, total } = earnings.sessions;
  const pages = Math.max(1, Math.ceil(total / EARNINGS_SESSIONS_PAGE_SIZE));
  return (
    <SectionCard id="sessions-heading" title="Sessions" className={`${cardClasses} p-4 sm:p-6`}>
      {total === 0 ? (
        <EmptyNote icon={Receipt}>
          No paid sessions yet. Each session a client pays for appears here with your earnings.
        </EmptyNote>
      ) : (
        <>
          {/* Phones: one card per session. */}
          <ul className="mt-3 flex flex-col divide-y divide-border sm:hidden">
            {items.map((session) => (
              <li key={session.id} className="py-3">
                <p className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 font-medium wrap-anywhere">
                    {session.client_name ?? 'A client'}
                  </span>
                  <span className="shrink-0 font-semibold tabular-nums">{formatCents(session.earnings)}</span>
                </p>
                <p className="text-sm text-text-muted">
                  {sessionWhat(session)} ·{' '}
                  <time dateTime={session.date}>{formatDate(session.date, localTimeZone())}</time>
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-text-muted">
                  <span>
                    Price <span className="tabular-nums">{formatCents(session.price)}</span>
                  </span>
                  {session.refunded > 0 ? (
                    <span>
                      Refunded <span className="tabular-nums">{formatCents(session.refunded)}</span>
                    </span>
                  ) : null}
                  <StatusBadge session={session} />
                </p>
              </li>
            ))}
          </ul>
          <div className="mt-3 hidden sm:block">
            <Table
              caption="Your paid sessions, newest first"
              rows={items}
              rowKey={(session) => session.id}
              columns={[
                {
                  header: 'Date',
                  className: 'whitespace-nowrap',
                  cell: (session) => (
                    <time dateTime={session.date}>{formatDate(session.date, localTimeZone())}</time>
                  ),
                },
                {
                  header: 'Client',
                  isRowHeader: true,
                  className: 'wrap-anywhere',
                  cell: (session) => session.client_name ?? 'A client',
                },
                { header: 'Session', className: 'whitespace-nowrap text-text-muted', cell: sessionWhat },
                {
                  header: 'Price',
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (session) => formatCents(session.price),
                },
                {
                  header: 'Refunded',
                  align: 'right',
                  className: 'tabular-nums',
                  cell: (session) => (session.refunded === 0 ? '—' : formatCents(session.refunded)),
                },
                {
                  header: 'Your earnings',
                  align: 'right',
                  className: 'font-semibold tabular-nums',
                  cell: (session) => formatCents(session.earnings),
                },
                { header: 'Status', cell: (session) => <StatusBadge session={session} /> },
              ]}
            />
          </div>
          {pages > 1 ? (
            <nav aria-label="Sessions pages" className="mt-4 flex items-center justify-between gap-3">
              <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                <ChevronLeft aria-hidden="true" className="size-4" />
                Newer
              </Button>
              <p className="text-sm text-text-muted" aria-live="polite">
                Page {page} of {pages}
              </p>
              <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
                Older
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
