import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

/**
 * A test fails when something calls console.error or console.warn that it did not expect (React's
 * act() and key warnings, a failed request, a contract mismatch the product logs). A test that means to
 * cause one says so: `expectConsoleError(/pattern/)` before it happens. Every declared pattern must
 * then be logged at least once, so a stale declaration fails too. A test may also replace the console
 * itself (`vi.spyOn(console, 'error').mockImplementation(...)`): that wins over the guard.
 */
type Level = 'error' | 'warn';
type Target = Pick<Console, Level>;
type Expected = { level: Level; pattern: RegExp; seen: number };

export function createConsoleGuard(target: Target = console) {
  let expected: Expected[] = [];
  let unexpected: string[] = [];
  const originals = { error: target.error, warn: target.warn };
  const guard =
    (level: Level) =>
    (...args: unknown[]) => {
      const message = format(...args);
      const match = expected.find((entry) => entry.level === level && entry.pattern.test(message));
      if (match) match.seen += 1;
      else {
        unexpected.push(`console.${level}: ${message}`);
        originals[level].apply(target, args);
      }
    };
  return {
    expect(level: Level, pattern: RegExp) {
      expected.push({ level, pattern, seen: 0 });
    },
    start() {
      expected = [];
      unexpected = [];
      target.error = guard('error');
      target.warn = guard('warn');
    },
    /** Gives the console back; what went wrong: undeclared messages, declared ones never logged. */
    finish(): string[] {
      target.error = originals.error;
      target.warn = originals.warn;
      const problems = [
        ...unexpected.map((line) => `unexpected ${line}`),
        ...expected
          .filter((entry) => entry.seen === 0)
          .map((entry) => `expected console.${entry.level} matching ${entry.pattern} was never logged`),
      ];
      expected = [];
      unexpected = [];
      return problems;
    },
  };
}

const guard = createConsoleGuard();

/** This test logs a console.error matching `pattern` (at least once), on purpose. */
export const expectConsoleError = (pattern: RegExp) => guard.expect('error', pattern);

/** This test logs a console.warn matching `pattern` (at least once), on purpose. */
export const expectConsoleWarn = (pattern: RegExp) => guard.expect('warn', pattern);

/** For setup files: every test of the file runs under the guard. */
export function installConsoleGuard() {
  beforeEach(() => guard.start());
  afterEach(() => {
    const problems = guard.finish();
    if (problems.length > 0)
      throw new Error(`Console guard (test/setup/console-guard.ts):\n${problems.join('\n')}`);
  });
}
