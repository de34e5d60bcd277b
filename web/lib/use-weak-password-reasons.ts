import { useState } from 'react';
import { ApiError } from './api-client';

/**
 * The reasons of a WEAK_PASSWORD answer, kept with the password they were given for. `keep(error,
 * password)` keeps them when the error is that answer (and says whether it was); `reasonsFor(password)`
 * gives them while that password is still the one typed (a password hint's `serverMessages`).
 */
export function useWeakPasswordReasons() {
  const [weak, setWeak] = useState<{ password: string; messages: string[] } | null>(null);
  return {
    keep(error: unknown, password: string): error is ApiError {
      if (!(error instanceof ApiError && error.code === 'WEAK_PASSWORD')) return false;
      setWeak({ password, messages: error.details.map((detail) => detail.message) });
      return true;
    },
    reasonsFor: (password: string) => (weak?.password === password ? weak.messages : []),
  };
}
