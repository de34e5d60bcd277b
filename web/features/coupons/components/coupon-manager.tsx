import { CalendarDays, Pencil, TicketPercent, Users } from 'lucide-react';
import { useId, useState } from 'react';
import type { Coupon } from '#contracts/coupons';
import { Button } from '#web/components/button';
import { errorText } from '#web/components/form-error';
import { AddButton, EmptyState, ListHeader, QueryList } from '#web/components/list-states';
import { SwitchControl } from '#web/components/switch';
import { useToast } from '#web/components/toast';
import { useCoupons, useSetCouponActive, type CouponScope } from '../api/coupons';
import { couponStatus, discountLabel, usesLabel, validityLabel, type CouponStatus } from '../lib/coupon-form';
import { CouponFormDialog } from './coupon-form-dialog';

const TEXT: Record<CouponScope, { title: string; description: string }> = {
  coach: {
    title: 'Coupons',
    description: 'Discount codes clients can enter when they request a session with you.',
  },
  platform: {
    title: 'Platform coupons',
    description: 'Discount codes clients can enter with any coach.',
  },
};

const STATUS: Record<CouponStatus, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-success/10 text-success' },
  paused: { label: 'Paused', className: 'bg-surface-sunken text-text-muted' },
  scheduled: { label: 'Scheduled', className: 'bg-primary-soft text-primary' },
  expired: { label: 'Expired', className: 'bg-surface-sunken text-text-muted' },
  used_up: { label: 'Used up', className: 'bg-accent-soft text-accent-strong' },
};

/**
 * A coach's coupons (scope "coach", on /services) or the platform's (scope "platform", for financial
 * admins): the list with discount, validity, uses and an on/off switch, and a form to create or edit.
 */
export function CouponManager({ scope }: { scope: CouponScope }) {
  const coupons = useCoupons(scope);
  const [editing, setEditing] = useState<{ coupon: Coupon | null; key: number } | null>(null);
  const open = (coupon: Coupon | null) => setEditing({ coupon, key: Date.now() });
  const headingId = useId();
  const text = TEXT[scope];
  const now = new Date();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <ListHeader
        id={headingId}
        title={text.title}
        description={text.description}
        action={
          <AddButton onClick={() => open(null)} disabled={!coupons.data}>
            New coupon
          </AddButton>
        }
      />

      <QueryList
        query={coupons}
        items={(data) => data.coupons}
        loadingLabel="Loading coupons"
        skeletonClassName="h-20"
        empty={
          <EmptyState
            icon={TicketPercent}
            title="No coupons yet — create one to offer a discount"
            action={<AddButton onClick={() => open(null)}>Create a coupon</AddButton>}
          >
            A percentage or a fixed amount off, for a while or for a number of uses.
          </EmptyState>
        }
      >
        {(coupon) => <CouponCard scope={scope} coupon={coupon} now={now} onEdit={() => open(coupon)} />}
      </QueryList>

      {editing ? (
        <CouponFormDialog
          key={editing.key}
          scope={scope}
          coupon={editing.coupon}
          open
          onOpenChange={(next) => {
            if (!next) setEditing(null);
          }}
        />
      ) : null}
    </section>
  );
}

function CouponCard({
  scope,
  coupon,
  now,
  onEdit,
}: {
  scope: CouponScope;
  coupon: Coupon;
  now: Date;
  onEdit: () => void;
}) {
  const setActive = useSetCouponActive(scope);
  const { toast } = useToast();
  const status = STATUS[couponStatus(coupon, now)];
  const toggle = (active: boolean) =>
    setActive.mutate(
      { coupon, active },
      {
        onError: (error) =>
          toast({ title: 'Update Failed', description: errorText(error), variant: 'destructive' }),
      },
    );
  return (
    <article
      aria-label={`Coupon ${coupon.code}`}
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-border bg-surface p-4 shadow-soft sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="rounded-[var(--radius-control)] border border-dashed border-primary/40 bg-primary-soft px-2 py-0.5 font-mono text-sm font-semibold tracking-wide text-primary wrap-anywhere">
            {coupon.code}
          </h3>
          <span className="font-semibold tabular-nums">{discountLabel(coupon)} off</span>
          <span
            className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.className}`}
          >
            {status.label}
          </span>
        </div>
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-text-muted">
          <div className="flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            <dt className="sr-only">Valid</dt>
            <dd>{validityLabel(coupon, now)}</dd>
          </div>
          <div className="flex items-center gap-1">
            <Users aria-hidden="true" className="size-3.5" />
            <dt>Uses</dt>
            <dd className="tabular-nums text-text">{usesLabel(coupon)}</dd>
          </div>
          {coupon.max_redemptions_per_client !== null ? (
            <div className="flex items-center gap-1">
              <dt className="sr-only">Per client</dt>
              <dd>
                {coupon.max_redemptions_per_client === 1
                  ? 'Once per client'
                  : `${coupon.max_redemptions_per_client} per client`}
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-border pt-3 sm:justify-end sm:border-0 sm:pt-0">
        <ActiveSwitch
          code={coupon.code}
          checked={coupon.active}
          busy={setActive.isPending}
          onChange={toggle}
        />
        <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${coupon.code}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
      </div>
    </article>
  );
}

/**
 * The shared SwitchControl in a row with its On/Off word, named after the coupon. While
 * a change is being saved it ignores presses instead of being disabled, so keyboard focus stays on it.
 */
function ActiveSwitch({
  code,
  checked,
  busy,
  onChange,
}: {
  code: string;
  checked: boolean;
  busy: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-text">
      <SwitchControl
        aria-label={`Coupon ${code} active`}
        checked={checked}
        aria-busy={busy || undefined}
        onChange={(event) => {
          if (!busy) onChange(event.target.checked);
        }}
      />
      <span aria-hidden="true" className="w-12">
        {checked ? 'On' : 'Off'}
      </span>
    </label>
  );
}
