import type { ComponentProps } from 'react';
import { TextField } from './text-field';

/** A 6-digit code from a message or an authenticator app. */
export function CodeField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      pattern="[0-9]*"
      className="tracking-[0.3em] tabular-nums"
      {...props}
    />
  );
}
