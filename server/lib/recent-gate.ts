/**
 * Lets a key through at most once per `gapMs`, in this process (a person's "is typing" events: a
 * dropped one costs nothing, so no shared store). Old keys are forgotten once there are many.
 */
export function createRecentGate(gapMs: number, maxKeys = 10_000) {
  const last = new Map<string, number>();
  return {
    pass(key: string, nowMs: number): boolean {
      const at = last.get(key);
      if (at !== undefined && nowMs - at < gapMs) return false;
      last.set(key, nowMs);
      if (last.size > maxKeys)
        for (const [other, when] of last) if (nowMs - when >= gapMs) last.delete(other);
      return true;
    },
  };
}
