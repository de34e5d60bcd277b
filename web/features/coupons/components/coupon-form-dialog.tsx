import { useRef, useState, type FormEvent } from 'react';
import { COUPON_LIMITS, type Coupon, type CouponDiscountType } from '../../../../contracts/coupons';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormError } from '../../../components/form-error';
import { Switch } from '../../../components/switch';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast';
import { useSaveCoupon, type CouponScope } from '../api/coupons';
import {
  draftOf,
  serverFieldErrors,
  validateDraft,
  type CouponDraft,
  type CouponFieldErrors,
} from '../lib/coupon-form';

const TYPE_CHOICES: { value: CouponDiscountType; label: string; hint: string }[] = [
  { value: 'percent', label: 'Percentage', hint: 'e.g. 20 % off' },
  { value: 'fixed', label: 'Fixed amount', hint: 'e.g. $5.00 off' },
];

/** After a failed submit the first field marked invalid gets the focus (once React has rendered it). */
const focusFirstInvalid = (form: HTMLFormElement | null) =>
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

/** Create or edit a coupon: code, percentage or fixed amount, optional dates and limits. */
export function CouponFormDialog({
  scope,
  coupon,
  open,
  onOpenChange,
}: {
  scope: CouponScope;
  /** null: a new coupon. */
  coupon: Coupon | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(coupon));
  const [errors, setErrors] = useState<CouponFieldErrors>({});
  const save = useSaveCoupon(scope);
  const form = useRef<HTMLFormElement>(null);
  const { toast } = useToast();
  const locked = coupon?.terms_locked ?? false;
  const set = <K extends keyof CouponDraft>(key: K, value: CouponDraft[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    // A corrected field stops showing its old message.
    const field = FIELD_OF[key];
    if (field) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { body, errors: found } = validateDraft(draft, coupon, new Date());
    setErrors(found);
    if (!body) return focusFirstInvalid(form.current);
    if (coupon && Object.keys(body).length === 0) return onOpenChange(false);
    try {
      const saved = await save.mutateAsync({ id: coupon?.id ?? null, body });
      toast({ title: coupon ? 'Coupon saved' : 'Coupon created', description: saved.code });
      onOpenChange(false);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      focusFirstInvalid(form.current);
    }
  }

  const fieldErrorsFromServer = save.error ? serverFieldErrors(save.error) : {};
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={coupon ? `Edit ${coupon.code}` : 'New coupon'}
      description={
        scope === 'platform'
          ? 'A code clients can enter with any coach to get a discount.'
          : 'A code clients can enter when they request a session with you.'
      }
    >
      <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Code"
          value={draft.code}
          maxLength={COUPON_LIMITS.codeMax}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          disabled={locked}
          required
          error={errors.code}
          hint={
            locked
              ? 'This coupon has been used, so its code, type and value stay as they are.'
              : '3–32 letters, digits, hyphens or underscores. Clients type it in any case.'
          }
          className="font-mono uppercase tracking-wide"
          onChange={(event) => set('code', event.target.value.toUpperCase())}
        />
        <fieldset disabled={locked} className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-text">Discount</legend>
          <div className="grid grid-cols-2 gap-2">
            {TYPE_CHOICES.map((choice) => (
              <label
                key={choice.value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border border-border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
              >
                <input
                  type="radio"
                  name="coupon-discount-type"
                  value={choice.value}
                  checked={draft.discountType === choice.value}
                  onChange={() => set('discountType', choice.value)}
                  className="size-4 accent-[var(--primary)]"
                />
                <span className="text-sm font-medium">
                  {choice.label}
                  <span className="block text-xs font-normal text-text-muted">{choice.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={draft.discountType === 'percent' ? 'Percent off' : 'Amount off (USD)'}
          inputMode={draft.discountType === 'percent' ? 'numeric' : 'decimal'}
          placeholder={draft.discountType === 'percent' ? '20' : '5.00'}
          value={draft.value}
          disabled={locked}
          required
          error={errors.value}
          hint={
            draft.discountType === 'percent'
              ? '1 to 100 %.'
              : 'Taken off the session price, which never goes below $0.00.'
          }
          className="tabular-nums"
          onChange={(event) => set('value', event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Starts (optional)"
            type="date"
            value={draft.startDate}
            error={errors.valid_from}
            hint="Empty: from today."
            onChange={(event) => set('startDate', event.target.value)}
          />
          <TextField
            label="Ends (optional)"
            type="date"
            value={draft.endDate}
            error={errors.valid_until}
            hint="Works through this day. Empty: no end."
            onChange={(event) => set('endDate', event.target.value)}
          />
          <TextField
            label="Total uses (optional)"
            inputMode="numeric"
            value={draft.maxRedemptions}
            error={errors.max_redemptions}
            hint="Empty: no limit."
            onChange={(event) => set('maxRedemptions', event.target.value)}
          />
          <TextField
            label="Uses per client (optional)"
            inputMode="numeric"
            value={draft.maxRedemptionsPerClient}
            error={errors.max_redemptions_per_client}
            hint="Empty: no limit."
            onChange={(event) => set('maxRedemptionsPerClient', event.target.value)}
          />
        </div>
        <Switch
          label="Active"
          hint="Clients can use it while it is active and within its dates."
          checked={draft.active}
          onChange={(value) => set('active', value)}
        />
        <FormError
          error={save.error && Object.keys(fieldErrorsFromServer).length === 0 ? save.error : null}
        />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : coupon ? 'Save changes' : 'Create coupon'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const FIELD_OF: Partial<Record<keyof CouponDraft, keyof CouponFieldErrors>> = {
  code: 'code',
  value: 'value',
  discountType: 'value',
  startDate: 'valid_from',
  endDate: 'valid_until',
  maxRedemptions: 'max_redemptions',
  maxRedemptionsPerClient: 'max_redemptions_per_client',
};
