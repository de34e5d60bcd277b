import { describe, expect, it, vi } from 'vitest';
import { createRapidClickDetector } from './rapid-clicks';

const clicks = (count: number, from: number, gapMs: number) =>
  Array.from({ length: count }, (_, index) => from + index * gapMs);

describe('createRapidClickDetector (SPEC §7: 3 bursts of 20 clicks within 5 s)', () => {
  it('reports on the third burst, with the clicks counted and the 5 s window', () => {
    const report = vi.fn();
    const click = createRapidClickDetector(report);
    for (const at of clicks(20, 0, 100)) click(at);
    for (const at of clicks(20, 10_000, 100)) click(at);
    expect(report).not.toHaveBeenCalled();
    for (const at of clicks(19, 20_000, 100)) click(at);
    expect(report).not.toHaveBeenCalled();
    click(22_000);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith({ clickCount: 60, timeWindowMs: 5_000 });
  });

  it('does not count clicks spread wider than 5 s as a burst', () => {
    const report = vi.fn();
    const click = createRapidClickDetector(report);
    // 200 clicks, 300 ms apart: never 20 inside one 5-second window (at most 17).
    for (const at of clicks(200, 0, 300)) click(at);
    expect(report).not.toHaveBeenCalled();
  });

  it('starts over after a report', () => {
    const report = vi.fn();
    const click = createRapidClickDetector(report);
    for (const at of clicks(60, 0, 10)) click(at);
    expect(report).toHaveBeenCalledTimes(1);
    for (const at of clicks(40, 5_000, 10)) click(at);
    expect(report).toHaveBeenCalledTimes(1);
    for (const at of clicks(20, 10_000, 10)) click(at);
    expect(report).toHaveBeenCalledTimes(2);
  });
});
