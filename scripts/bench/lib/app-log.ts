import fs from 'node:fs';

/**
 * What the app under test logged at error level or worse (pino JSON lines, level >= 50) in its log file,
 * so a scenario can say why requests failed: the count and the first few distinct messages.
 */
export function appLogErrors(logFile: unknown, max = 5): { count: number; first: string[] } {
  if (typeof logFile !== 'string') return { count: 0, first: [] };
  let text: string;
  try {
    text = fs.readFileSync(logFile, 'utf8');
  } catch {
    return { count: 0, first: [] };
  }
  let count = 0;
  const first = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.includes('"level":5') && !line.includes('"level":6')) continue;
    let entry: { level?: number; msg?: string; err?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (typeof entry.level !== 'number' || entry.level < 50) continue;
    count += 1;
    if (first.size < max) {
      const err = entry.err as { message?: string } | string | undefined;
      const detail = typeof err === 'string' ? err : err?.message;
      first.add(`${entry.msg ?? ''}${detail ? `: ${detail}` : ''}`.slice(0, 200));
    }
  }
  return { count, first: [...first] };
}
