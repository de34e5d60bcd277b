import { useQuery } from '@tanstack/react-query';
import { AtSign, Landmark, Plus, Star, Trash2, WalletCards } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import {
  payoutMethodCreateBodySchema,
  payoutMethodKindSchema,
  type PayoutMethod,
  type PayoutMethodCreateBody,
  type PayoutMethodKindName,
} from '#contracts/payouts';
import { Button } from '#web/components/button';
import { DeleteConfirmDialog } from '#web/components/delete-confirm-dialog';
import { fieldError, Form, serverFieldErrors, useZodForm } from '#web/components/form';
import { errorText, FormError } from '#web/components/form-error';
import { formLevelError } from '#web/components/form-actions';
import { LoadError } from '#web/components/load-error';
import { Spinner } from '#web/components/spinner';
import { TextField } from '#web/components/text-field';
import { useToast } from '#web/components/toast';
import {
  payoutMethodsQueryOptions,
  useAddPayoutMethod,
  useRemovePayoutMethod,
  useSetDefaultPayoutMethod,
} from '../api/payouts';
import { cardClasses } from '#web/components/card';
import { LoadingStatus } from '#web/components/loading-status';

const EMPTY = {
  bank_account: { holder_name: '', bank_name: '', routing_number: '', account_number: '' },
  paypal: { email: '' },
} as const satisfies Record<PayoutMethodKindName, Record<string, string>>;

/**
 * Both kinds' fields (switching keeps what was typed in the other), checked by the contract with its
 * own messages; the body is what was typed, as before (the server trims and strips it the same way).
 */
const payoutFormSchema = z
  .object({
    kind: payoutMethodKindSchema,
    holder_name: z.string(),
    bank_name: z.string(),
    routing_number: z.string(),
    account_number: z.string(),
    email: z.string(),
  })
  .transform((values, issues): PayoutMethodCreateBody => {
    const { kind, holder_name, bank_name, routing_number, account_number, email } = values;
    const body: PayoutMethodCreateBody =
      kind === 'bank_account'
        ? { kind, holder_name, bank_name, routing_number, account_number }
        : { kind, email };
    const checked = payoutMethodCreateBodySchema.safeParse(body);
    if (checked.success) return body;
    for (const issue of checked.error.issues)
      issues.addIssue({ code: 'custom', path: [String(issue.path[0] ?? '')], message: issue.message });
    return z.NEVER;
  });

type PayoutFormField = keyof z.input<typeof payoutFormSchema>;

function AddMethod({ userId, first }: { userId: string; first: boolean }) {
  const { toast } = useToast();
  const add = useAddPayoutMethod(userId);
  // A refused submit does not move the focus (as before the form library).
  const form = useZodForm(payoutFormSchema, {
    defaultValues: { kind: 'bank_account', ...EMPTY.bank_account, ...EMPTY.paypal },
    shouldFocusError: false,
  });
  const kind = form.watch('kind');
  const input = (name: PayoutFormField) => form.register(name, { onChange: () => form.clearErrors(name) });
  const error = (name: PayoutFormField) => fieldError(form, name) ?? null;
  // The server's refusal is shown whole only when none of it landed on a field.
  const formError = formLevelError(add.error);

  function submit(body: PayoutMethodCreateBody) {
    add.mutate(body, {
      onSuccess: (method) => {
        form.reset({ ...form.getValues(), ...EMPTY[body.kind] });
        toast({
          title: 'Payout method added',
          description: method.is_default ? `${method.label} is your default.` : method.label,
        });
      },
      onError: (failure) => {
        form.clearErrors();
        for (const [field, message] of Object.entries(serverFieldErrors(failure)))
          form.setError(field as PayoutFormField, { type: 'server', message });
      },
    });
  }

  const choice = (value: PayoutMethodKindName, label: string, Icon: typeof Landmark) => (
    <label
      className={`flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-[6px] px-3 text-sm font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring ${
        kind === value ? 'bg-surface text-text shadow-soft' : 'text-text-muted hover:text-text'
      }`}
    >
      <input
        type="radio"
        name="payout-kind"
        value={value}
        checked={kind === value}
        onChange={() => {
          form.setValue('kind', value);
          form.clearErrors();
          add.reset();
        }}
        className="sr-only"
      />
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </label>
  );

  return (
    <section aria-labelledby="add-method-heading" className={`${cardClasses} p-4 sm:p-6`}>
      <h2 id="add-method-heading" className="text-lg font-semibold">
        {first ? 'Add your first payout method' : 'Add a payout method'}
      </h2>
      <p className="mt-1 text-sm text-text-muted">
        Only you and Wellspring&apos;s finance admins see the full details; everywhere else shows the last
        digits.
      </p>
      <Form
        form={form}
        onSubmit={submit}
        // Every submit, valid or not, first takes away the last refusal.
        onSubmitCapture={() => {
          if (!add.isPending) add.reset();
        }}
        className="mt-4 flex flex-col gap-4"
      >
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Type</legend>
          <div className="flex gap-1 rounded-[var(--radius-control)] bg-surface-sunken p-1 sm:w-80">
            {choice('bank_account', 'Bank account', Landmark)}
            {choice('paypal', 'PayPal', AtSign)}
          </div>
        </fieldset>
        {kind === 'bank_account' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Account holder name"
              autoComplete="name"
              {...input('holder_name')}
              error={error('holder_name')}
            />
            <TextField
              label="Bank name"
              autoComplete="off"
              {...input('bank_name')}
              error={error('bank_name')}
            />
            <TextField
              label="Routing number"
              inputMode="numeric"
              autoComplete="off"
              hint="9 digits"
              {...input('routing_number')}
              error={error('routing_number')}
            />
            <TextField
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              hint="4 to 17 digits"
              {...input('account_number')}
              error={error('account_number')}
            />
          </div>
        ) : (
          <TextField
            label="PayPal email"
            type="email"
            autoComplete="email"
            {...input('email')}
            error={error('email')}
          />
        )}
        <FormError error={formError} />
        <div>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? (
              <Spinner className="size-4 border-2" />
            ) : (
              <Plus aria-hidden="true" className="size-4" />
            )}
            Add {kind === 'bank_account' ? 'bank account' : 'PayPal'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function MethodRow({
  method,
  userId,
  onRemove,
}: {
  method: PayoutMethod;
  userId: string;
  onRemove: (method: PayoutMethod) => void;
}) {
  const { toast } = useToast();
  const setDefault = useSetDefaultPayoutMethod(userId);
  const Icon = method.kind === 'bank_account' ? Landmark : AtSign;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere">{method.label}</p>
          <p className="text-sm text-text-muted">
            {method.kind === 'bank_account' ? 'Bank account' : 'PayPal'}
            {method.is_default ? (
              <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success">
                <Star aria-hidden="true" className="size-3" />
                Default
              </span>
            ) : null}
          </p>
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        {!method.is_default ? (
          <Button
            variant="secondary"
            className="flex-1 sm:flex-none"
            disabled={setDefault.isPending}
            onClick={() =>
              setDefault.mutate(method.id, {
                onSuccess: () =>
                  toast({ title: 'Default changed', description: `${method.label} is your default.` }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'Could not change the default',
                    description: errorText(error),
                  }),
              })
            }
          >
            Make default
          </Button>
        ) : null}
        <Button
          variant="ghost"
          className="flex-1 text-danger sm:flex-none"
          onClick={() => onRemove(method)}
          aria-label={`Remove ${method.label}`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
      </div>
    </li>
  );
}

function RemoveDialog({
  method,
  userId,
  onClose,
}: {
  method: PayoutMethod | null;
  userId: string;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const remove = useRemovePayoutMethod(userId);
  return (
    <DeleteConfirmDialog
      open={method !== null}
      title="Remove this payout method?"
      description={
        method
          ? `${method.label} will no longer be offered for withdrawals. Withdrawals already requested to it are still paid there.`
          : undefined
      }
      confirmLabel="Remove"
      pendingLabel={
        <>
          <Spinner className="size-4 border-2" />
          Remove
        </>
      }
      mutation={remove}
      onConfirm={() => {
        if (!method) return;
        remove.mutate(method.id, {
          onSuccess: () => {
            toast({ title: 'Payout method removed', description: method.label });
            onClose();
          },
        });
      }}
      onClose={onClose}
    />
  );
}

/** SPEC §2 /cards: the coach's payout methods (masked), add a bank account or PayPal, default, remove. */
export function PayoutMethodsScreen({ userId }: { userId: string }) {
  const methods = useQuery(payoutMethodsQueryOptions(userId));
  const [removing, setRemoving] = useState<PayoutMethod | null>(null);

  if (methods.isPending) return <LoadingStatus>Loading your payout methods…</LoadingStatus>;
  if (methods.isError)
    return (
      <LoadError
        title="Your payout methods did not load"
        error={methods.error}
        onRetry={() => void methods.refetch()}
      />
    );

  const list = methods.data.payout_methods;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="methods-heading" className={`${cardClasses} p-4 sm:p-6`}>
        <h2 id="methods-heading" className="text-lg font-semibold">
          Your payout methods
        </h2>
        {list.length === 0 ? (
          <div className="mt-4 flex flex-col items-center gap-2 py-6 text-center text-text-muted">
            <WalletCards aria-hidden="true" className="size-8" />
            <p className="font-medium text-text">No payout methods yet</p>
            <p className="max-w-sm text-sm">
              Add a bank account or PayPal below. Your first method becomes the default for withdrawals.
            </p>
          </div>
        ) : (
          <ul aria-labelledby="methods-heading" className="mt-1 divide-y divide-border">
            {list.map((method) => (
              <MethodRow key={method.id} method={method} userId={userId} onRemove={setRemoving} />
            ))}
          </ul>
        )}
      </section>
      <AddMethod userId={userId} first={list.length === 0} />
      <RemoveDialog method={removing} userId={userId} onClose={() => setRemoving(null)} />
    </div>
  );
}
