import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '#web/components/button';
import { CodeField } from '#web/components/code-field';
import { fieldError, Form } from '#web/components/form';
import { FormError } from '#web/components/form-error';
import type { codeFormSchema } from '#web/lib/code-form';

/** What the auth panel gives its other ways in (a code, recovery): the address typed so far, and the way back. */
export type AuthViewProps = {
  address: string;
  onAddressChange: (address: string) => void;
  onBack: () => void;
};

/** A step's h1 with the line under it. */
export function StepHeading({ id, title, children }: { id: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h1 id={id} className="text-2xl font-semibold">
        {title}
      </h1>
      {children ? <p className="text-text-muted">{children}</p> : null}
    </div>
  );
}

/** One step of signing in or recovering: a section named by its heading, then its form. */
export function AuthStep({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-5">
      <StepHeading id={id} title={title}>
        {intro}
      </StepHeading>
      {children}
    </section>
  );
}

/** The intro of a code step: where the code went (if an account uses that address) and how long it works. */
export function CodeSentIntro({ address }: { address: string }) {
  return (
    <>
      If an account uses <span className="font-medium wrap-anywhere text-text">{address}</span>, we sent it a
      6-digit code. It works for 10 minutes.
    </>
  );
}

/**
 * The "where should the code go" form: the address field (`children`), the form's error, "Send me a
 * code" (busy while `busy`) and the way back (`backLabel`).
 */
export function SendCodeForm<TInput extends FieldValues, TOutput>({
  form,
  onSubmit,
  busy,
  backLabel,
  onBack,
  children,
}: {
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  busy: boolean;
  backLabel: string;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
      {children}
      <FormError error={fieldError(form, 'root')} />
      <Button type="submit" busy={busy} className="w-full">
        Send me a code
      </Button>
      <Button variant="ghost" onClick={onBack} className="w-full">
        {backLabel}
      </Button>
    </Form>
  );
}

type CodeForm = UseFormReturn<z.input<typeof codeFormSchema>, unknown, z.output<typeof codeFormSchema>>;

/**
 * The "we sent you a code" form: the 6-digit code, the form's error, an optional `notice`, the submit
 * button (`submitLabel`, busy while `busy`) and the other ways on (`children`) under it.
 */
export function CodeStepForm({
  form,
  onSubmit,
  busy,
  submitLabel,
  notice,
  children,
}: {
  form: CodeForm;
  onSubmit: (values: z.output<typeof codeFormSchema>) => void | Promise<void>;
  busy: boolean;
  submitLabel: string;
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-5">
      <CodeField label="6-digit code" {...form.register('code')} error={fieldError(form, 'code')} autoFocus />
      <FormError error={fieldError(form, 'root')} />
      {notice ? (
        <p role="status" className="text-sm text-text-muted">
          {notice}
        </p>
      ) : null}
      <Button type="submit" busy={busy} className="w-full">
        {submitLabel}
      </Button>
      {children}
    </Form>
  );
}
