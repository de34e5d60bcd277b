import type { PasswordAssessment } from '#domain/auth/password-policy';
import { usePasswordAssessment } from '../hooks/use-password-assessment';

const LEVELS = [
  { label: 'Very weak', bar: 'bg-danger' },
  { label: 'Weak', bar: 'bg-danger' },
  { label: 'Fair', bar: 'bg-warning' },
  { label: 'Good', bar: 'bg-success' },
  { label: 'Strong', bar: 'bg-success' },
] as const;

function Meter({ assessment }: { assessment: PasswordAssessment }) {
  const score = Math.max(0, Math.min(4, assessment.score));
  const level = LEVELS[score] ?? LEVELS[0];
  const filled = Math.max(1, score);
  return (
    <div className="flex items-center gap-3">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={level.label}
        className="grid flex-1 grid-cols-4 gap-1"
      >
        {[1, 2, 3, 4].map((segment) => (
          <span
            key={segment}
            className={`h-1.5 rounded-full ${segment <= filled ? level.bar : 'bg-border'}`}
          />
        ))}
      </div>
      <span className="w-20 text-right text-sm font-medium text-text-muted">{level.label}</span>
    </div>
  );
}

/**
 * The strength meter and, in a live region, what makes the password weak and how to improve it —
 * the same policy the server applies. `serverMessages` (a WEAK_PASSWORD answer's details for the
 * password as typed) are shown the same way.
 */
export function PasswordStrength({
  id,
  password,
  userInputs = [],
  serverMessages = [],
}: {
  /** Give the password input `aria-describedby={id}`. */
  id?: string;
  password: string;
  userInputs?: string[];
  serverMessages?: string[];
}) {
  const { assessment } = usePasswordAssessment(password, userInputs);
  const messages =
    serverMessages.length > 0
      ? serverMessages
      : assessment && !assessment.acceptable
        ? [...assessment.reasons, ...assessment.suggestions]
        : [];
  return (
    <div className="flex flex-col gap-2" data-testid="password-strength">
      {password !== '' && assessment ? <Meter assessment={assessment} /> : null}
      <div id={id} aria-live="polite" className="text-sm">
        {password !== '' && assessment?.acceptable && serverMessages.length === 0 ? (
          <p className="text-success">This password is strong enough.</p>
        ) : null}
        {messages.length > 0 ? (
          <ul className="flex list-disc flex-col gap-1 pl-5 text-text-muted marker:text-text-muted/60">
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
