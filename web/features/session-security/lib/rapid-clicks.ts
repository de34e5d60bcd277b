/** SPEC §7: SUSPICIOUS_RAPID_ACTIVITY after 3 bursts of 20 clicks within 5 s. */
export const RAPID_CLICKS = { clicksPerBurst: 20, windowMs: 5_000, bursts: 3 } as const;

export type RapidActivity = { clickCount: number; timeWindowMs: number };

/**
 * Counts clicks in a sliding 5-second window; 20 in one window make a burst (and start a new
 * window). The third burst reports the clicks of all three, then counting starts over.
 */
export function createRapidClickDetector(onSuspicious: (activity: RapidActivity) => void) {
  let recent: number[] = [];
  let bursts = 0;
  let clicksInBursts = 0;
  return (at: number) => {
    recent = recent.filter((time) => at - time < RAPID_CLICKS.windowMs);
    recent.push(at);
    if (recent.length < RAPID_CLICKS.clicksPerBurst) return;
    bursts += 1;
    clicksInBursts += recent.length;
    recent = [];
    if (bursts < RAPID_CLICKS.bursts) return;
    onSuspicious({ clickCount: clicksInBursts, timeWindowMs: RAPID_CLICKS.windowMs });
    bursts = 0;
    clicksInBursts = 0;
  };
}
