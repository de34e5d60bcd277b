import { describe, expect, it } from 'vitest';
import {
  compareHistory,
  directionOf,
  figuresOf,
  parseHistory,
  renderComparison,
  type HistoryEntry,
} from './compare';

const entry = (overrides: Partial<HistoryEntry> & Record<string, unknown>): HistoryEntry => ({
  at: '2026-11-27T04:00:00.000Z',
  scenario: 'http',
  sha: 'aaaaaaa',
  dirty: false,
  goal: 'G1 http health',
  params: { rounds: 3 },
  bound: { ratio: '>= 0.6' },
  pass: false,
  ...overrides,
});

describe('bench:compare', () => {
  it('reads goal entries and skips torn or foreign lines', () => {
    const text = [
      JSON.stringify(entry({ ratio: 0.3 })),
      '{"not":"an entry"}',
      '{"at":"2026-11-27T05:00:00.000Z","scenario":"http","sha":"b","goal":"G1 ht',
      '',
    ].join('\n');
    expect(parseHistory(text)).toHaveLength(1);
  });

  it('flattens the figures by dotted path and leaves out the run identity, params and bounds', () => {
    const figures = figuresOf(
      entry({ app: { reqPerSec: 100, p99Ms: 4, nothing: null }, ratio: 0.5, explain: [{ executionMs: 1 }] }),
    );
    expect([...figures]).toEqual([
      ['app.reqPerSec', 100],
      ['app.p99Ms', 4],
      ['ratio', 0.5],
    ]);
  });

  it('knows which way is better: throughput up, time and CPU down, ratio per scenario', () => {
    expect(directionOf('http', 'app.reqPerSec')).toBe('higher');
    expect(directionOf('http', 'app.cpuUsPerReq')).toBe('lower');
    expect(directionOf('http', 'app.dbCpuUsPerReq')).toBe('lower');
    expect(directionOf('ring', 'app.ringP99Ms')).toBe('lower');
    expect(directionOf('http', 'cpuRatio')).toBe('lower');
    expect(directionOf('http', 'ratio')).toBe('higher');
    expect(directionOf('ring', 'ratio')).toBe('lower');
    expect(directionOf('sockets', 'app.rssKbPerSocket')).toBe('lower');
    expect(directionOf('sockets', 'app.connectsPerSec')).toBe('higher');
    expect(directionOf('ring', 'app.samples')).toBeUndefined();
  });

  it('compares the newest entry of each goal with the one before it and flags the bad moves', () => {
    const entries = [
      entry({ sha: 'old', app: { reqPerSec: 1000, cpuUsPerReq: 100 }, ratio: 0.4 }),
      entry({ scenario: 'ring', goal: 'G4 ring', sha: 'old', ratio: 5 }),
      entry({ sha: 'new', app: { reqPerSec: 950, cpuUsPerReq: 130 }, ratio: 0.3 }),
    ];
    const [http, ...rest] = compareHistory(entries);
    expect(rest).toHaveLength(0); // ring has one entry: nothing to compare it with
    expect(http?.before.sha).toBe('old');
    expect(http?.after.sha).toBe('new');
    const byName = Object.fromEntries((http?.figures ?? []).map((figure) => [figure.name, figure]));
    expect(byName['app.reqPerSec']).toMatchObject({ change: -0.05, worse: false });
    expect(byName['app.cpuUsPerReq']).toMatchObject({ change: 0.3, worse: true });
    expect(byName.ratio?.worse).toBe(true);
    expect(renderComparison(compareHistory(entries))).toContain('2 figure(s) moved the bad way');
  });

  it('compares against a named commit when asked, and only the scenarios named', () => {
    const entries = [
      entry({ sha: 'base123', ratio: 0.2 }),
      entry({ sha: 'mid', ratio: 0.5 }),
      entry({ sha: 'tip', ratio: 0.3 }),
      entry({ scenario: 'wallet', goal: 'G5', sha: 'base123', ratio: 0.2 }),
      entry({ scenario: 'wallet', goal: 'G5', sha: 'tip', ratio: 0.2 }),
    ];
    const [only] = compareHistory(entries, { scenarios: ['http'], againstSha: 'base' });
    expect(compareHistory(entries, { scenarios: ['http'] })).toHaveLength(1);
    expect(only?.before.sha).toBe('base123');
    expect(only?.figures[0]).toMatchObject({ name: 'ratio', before: 0.2, after: 0.3, worse: false });
  });

  it('says so when there is nothing to compare', () => {
    expect(renderComparison([])).toMatch(/no goal has two entries/);
  });
});
