import { useEffect, useState } from 'react';
import type { PasswordAssessment } from '#domain/auth/password-strength';

type Assess = (password: string, userInputs?: string[]) => PasswordAssessment;

let loading: Promise<Assess> | undefined;

/**
 * The password policy the server enforces, loaded on demand: zxcvbn and its dictionaries are large,
 * so they live in their own chunk, fetched when a password field that needs them appears.
 */
export function loadPasswordAssessor(): Promise<Assess> {
  loading ??= import('#domain/auth/password-strength').then((module) => module.assessPassword);
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
