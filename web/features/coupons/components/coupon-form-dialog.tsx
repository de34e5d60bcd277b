import { useState } from 'react';
import type { z } from 'zod';
import { COUPON_LIMITS, type Coupon, type CouponDiscountType } from '#contracts/coupons';
import { Dialog } from '#web/components/dialog';
import { applyServerErrors, fieldError, Form, useZodForm } from '#web/components/form';
import { FormActions, formLevelError } from '#web/components/form-actions';
import { RadioCard } from '#web/components/radio-card';
import { Switch } from '#web/components/switch';
import { TextField } from '#web/components/text-field';
import { useToast } from '#web/components/toast';
import { useSaveCoupon, type CouponScope } from '../api/coupons';
import { COUPON_FIELD_OF_PATH, couponFormSchema, draftOf, type CouponDraft } from '../lib/coupon-form';

const TYPE_CHOICES: { value: CouponDiscountType; label: string; hint: string }[] = [
  { value: 'percent', label: 'Percentage', hint: 'e.g. 20 % off' },
  { value: 'fixed', label: 'Fixed amount', hint: 'e.g. $5.00 off' },
];

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
  const [schema] = useState(() => couponFormSchema(coupon, () => new Date()));
  const form = useZodForm(schema, { defaultValues: draftOf(coupon) });
  const save = useSaveCoupon(scope);
  const { toast } = useToast();
  const locked = coupon?.terms_locked ?? false;
  const [discountType, active] = form.watch(['discountType', 'active']);
  /** A field that, when changed, stops showing its old message (and the message it shows). */
  const field = (name: Exclude<keyof CouponDraft, 'active'>) =>
    form.register(name, { onChange: () => form.clearErrors(FIELD_OF[name]) });
  const error = (name: keyof CouponDraft) => fieldError(form, name);

  async function submit(body: z.output<typeof schema>) {
    if (coupon && Object.keys(body).length === 0) return onOpenChange(false);
    try {
      const saved = await save.mutateAsync({ id: coupon?.id ?? null, body });
      toast({ title: coupon ? 'Coupon saved' : 'Coupon created', description: saved.code });
      onOpenChange(false);
    } catch (failure) {
      applyServerErrors(form, failure, COUPON_FIELD_OF_PATH);
    }
  }

  const code = field('code');
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
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Code"
          maxLength={COUPON_LIMITS.codeMax}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          disabled={locked}
          required
          error={error('code')}
          hint={
            locked
              ? 'This coupon has been used, so its code, type and value stay as they are.'
              : '3–32 letters, digits, hyphens or underscores. Clients type it in any case.'
          }
          className="font-mono uppercase tracking-wide"
          {...code}
          onChange={(event) => {
            event.target.value = event.target.value.toUpperCase();
            return code.onChange(event);
          }}
        />
        <fieldset disabled={locked} className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-text">Discount</legend>
          <div className="grid grid-cols-2 gap-2">
            {TYPE_CHOICES.map((choice) => (
              <RadioCard key={choice.value} value={choice.value} {...field('discountType')}>
                <span className="text-sm font-medium">
                  {choice.label}
                  <span className="block text-xs font-normal text-text-muted">{choice.hint}</span>
                </span>
              </RadioCard>
            ))}
          </div>
        </fieldset>
        <TextField
          label={discountType === 'percent' ? 'Percent off' : 'Amount off (USD)'}
          inputMode={discountType === 'percent' ? 'numeric' : 'decimal'}
          placeholder={discountType === 'percent' ? '20' : '5.00'}
          disabled={locked}
          required
          error={error('value')}
          hint={
            discountType === 'percent'
              ? '1 to 100 %.'
              : 'Taken off the session price, which never goes below $0.00.'
          }
          className="tabular-nums"
          {...field('value')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {LIMIT_FIELDS.map(({ name, ...props }) => (
            <TextField key={name} error={error(name)} {...props} {...field(name)} />
          ))}
        </div>
        <Switch
          label="Active"
          hint="Clients can use it while it is active and within its dates."
          checked={active}
          onChange={(value) => form.setValue('active', value)}
        />
        <FormActions
          submitLabel={coupon ? 'Save changes' : 'Create coupon'}
          pending={save.isPending}
          error={formLevelError(save.error)}
          onCancel={() => onOpenChange(false)}
        />
      </Form>
    </Dialog>
  );
}

/** When and how often a coupon can be used: all optional, two by two under the discount. */
const LIMIT_FIELDS = [
  { name: 'startDate', label: 'Starts (optional)', type: 'date', hint: 'Empty: from today.' },
  { name: 'endDate', label: 'Ends (optional)', type: 'date', hint: 'Works through this day. Empty: no end.' },
  { name: 'maxRedemptions', label: 'Total uses (optional)', inputMode: 'numeric', hint: 'Empty: no limit.' },
  {
    name: 'maxRedemptionsPerClient',
    label: 'Uses per client (optional)',
    inputMode: 'numeric',
    hint: 'Empty: no limit.',
  },
] as const satisfies readonly {
  name: Exclude<keyof CouponDraft, 'active'>;
  label: string;
  type?: 'date';
  inputMode?: 'numeric';
  hint: string;
}[];

/** The form field whose message a change clears (a new discount type clears the value's). */
const FIELD_OF = {
  code: 'code',
  value: 'value',
  discountType: 'value',
  startDate: 'startDate',
  endDate: 'endDate',
  maxRedemptions: 'maxRedemptions',
  maxRedemptionsPerClient: 'maxRedemptionsPerClient',
} as const satisfies Record<Exclude<keyof CouponDraft, 'active'>, keyof CouponDraft>;
