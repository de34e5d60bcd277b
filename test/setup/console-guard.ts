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
type Expected = { level: Level; pattern: RegExp; seen: number };

let expected: Expected[] = [];
let unexpected: string[] = [];
const originals = { error: console.error, warn: console.warn };

export function expectConsoleError(pattern: RegExp) {
  expected.push({ level: 'error', pattern, seen: 0 });
}

export function expectConsoleWarn(pattern: RegExp) {
  expected.push({ level: 'warn', pattern, seen: 0 });
}

function guard(level: Level) {
  return (...args: unknown[]) => {
    const message = format(...args);
    const match = expected.find((entry) => entry.level === level && entry.pattern.test(message));
    if (match) match.seen += 1;
    else {
      unexpected.push(`console.${level}: ${message}`);
      originals[level](...args);
    }
  };
}

export function installConsoleGuard() {
  beforeEach(() => {
    expected = [];
    unexpected = [];
    console.error = guard('error');
    console.warn = guard('warn');
  });

  afterEach(() => {
    console.error = originals.error;
    console.warn = originals.warn;
    const missing = expected.filter((entry) => entry.seen === 0);
    const problems = [
      ...unexpected.map((line) => `unexpected ${line}`),
      ...missing.map((entry) => `expected console.${entry.level} matching ${entry.pattern} was never logged`),
    ];
    expected = [];
    unexpected = [];
    if (problems.length > 0)
      throw new Error(`Console guard (test/setup/console-guard.ts):\n${problems.join('\n')}`);
  });
}
