import { FlaskConical } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DEMO_TEST_CARDS_INFO, type DemoConfirmBody } from '#contracts/wallet';
import { TextField } from '#web/components/text-field';
import {
  formatCardNumber,
  formatExpiry,
  parseCardForm,
  type CardFormErrors,
  type CardFormValues,
} from '../lib/card-input';
import { CardPaymentFooter } from './card-payment-footer';

/**
 * The demo provider's card form ("Demo payments — no real money"): the documented test numbers are
 * listed (and can be filled in with one click); nothing leaves Wellspring.
 */
export function DemoCardForm({
  amount,
  pending,
  error,
  declined,
  onSubmit,
  onCancel,
  now = () => new Date(),
}: {
  amount: number;
  pending: boolean;
  /** A request that failed (network, validation): shown above the button. */
  error: unknown;
  /** The card was declined: the reason, shown with what to do next. */
  declined: string | null;
  onSubmit: (body: DemoConfirmBody) => void;
  onCancel: () => void;
  now?: () => Date;
}) {
  const [values, setValues] = useState<CardFormValues>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardFormErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCardForm(values, now());
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    onSubmit(parsed.body);
  };

  const fillTestCard = (number: string) => {
    const year = (now().getFullYear() + 3) % 100;
    setValues({ cardNumber: number, expiry: `12 / ${String(year).padStart(2, '0')}`, cvc: '123' });
    setErrors({});
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="demo-card-heading" className="flex flex-col gap-4">
      <div className="rounded-[var(--radius-control)] border border-warning/40 bg-warning-soft p-4 text-sm">
        <p id="demo-card-heading" className="flex items-center gap-2 font-semibold text-text">
          <FlaskConical aria-hidden="true" className="size-4" />
          Demo payments — no real money
        </p>
        <p className="mt-1 text-text-muted">
          Use one of these test cards with any future expiry date and any 3-digit CVC:
        </p>
        <ul className="mt-2 flex flex-col gap-1.5">
          {DEMO_TEST_CARDS_INFO.map((card) => (
            <li key={card.number} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <button
                type="button"
                onClick={() => fillTestCard(card.number)}
                className="rounded font-mono text-text underline decoration-dotted underline-offset-4 hover:text-primary"
                aria-label={`Fill in test card ${card.number}`}
              >
                {card.number}
              </button>
              <span className="text-text-muted">{card.result}</span>
            </li>
          ))}
        </ul>
      </div>

      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        value={values.cardNumber}
        onChange={(event) => setValues({ ...values, cardNumber: formatCardNumber(event.target.value) })}
        error={errors.cardNumber}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="12 / 30"
          value={values.expiry}
          onChange={(event) => setValues({ ...values, expiry: formatExpiry(event.target.value) })}
          error={errors.expiry}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={values.cvc}
          onChange={(event) => setValues({ ...values, cvc: event.target.value.replace(/\D/g, '') })}
          error={errors.cvc}
        />
      </div>

      <CardPaymentFooter
        declined={declined}
        error={error}
        amount={amount}
        paying={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
