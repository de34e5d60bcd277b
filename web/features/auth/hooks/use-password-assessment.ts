import { useEffect, useState } from 'react';
import type { AssessPassword, PasswordAssessment } from '#domain/auth/password-policy';

let loading: Promise<AssessPassword> | undefined;

/**
 * The password policy the server enforces, loaded on demand: zxcvbn and its dictionaries are large
 * (~1.6 MB), so they are fetched only when a new-password field's strength meter appears, as the
 * policy's code and the server's very word lists in parts of < 250 kB, downloaded in parallel
 * (docs/decisions/012-password-dictionaries-in-parts.md).
 */
export function loadPasswordAssessor(): Promise<AssessPassword> {
  loading ??= Promise.all([
    import('#domain/auth/password-policy'),
    import('virtual:password-checker-options').then((module) => module.loadPasswordCheckerOptions()),
  ]).then(([policy, options]) => policy.createPasswordAssessor(options));
  // A failed download may succeed next time.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

const DEBOUNCE_MS = 150;

/**
 * The live assessment of `password`. `assessment` may lag the input by a few keystrokes while the
 * checker runs; `isCurrent` says whether it describes the password as typed now.
 */
export function usePasswordAssessment(password: string, userInputs: string[]) {
  const [result, setResult] = useState<{ password: string; assessment: PasswordAssessment } | null>(null);
  const inputsKey = userInputs.join('\n');

  useEffect(() => {
    void loadPasswordAssessor().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (password === '') return;
    let cancelled = false;
    const timer = setTimeout(() => {
      loadPasswordAssessor()
        .then((assess) => {
          if (!cancelled) setResult({ password, assessment: assess(password, inputsKey.split('\n')) });
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);

  if (password === '' || result === null) return { assessment: null, isCurrent: false };
  return { assessment: result.assessment, isCurrent: result.password === password };
}
