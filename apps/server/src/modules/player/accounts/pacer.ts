/**
 * Makes a fast refusal take as long as the slow success it must not be told from (docs/decisions/0034): the
 * success path reports its durations, the refusal waits until the moving average has passed since it began.
 */
export function createPacer(initialMs: number) {
  let estimate = initialMs;
  return {
    /** A success took `ms`: the estimate follows, a fifth of the way each time. */
    record(ms: number): void {
      if (Number.isFinite(ms) && ms > 0) estimate += (Math.min(ms, 10 * estimate) - estimate) / 5;
    },
    /** Resolves once the estimated success time has passed since `startedAt` (performance.now()). */
    async padFrom(startedAt: number): Promise<void> {
      const left = estimate - (performance.now() - startedAt);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    },
    get estimateMs() {
      return estimate;
    },
  };
}

export type Pacer = ReturnType<typeof createPacer>;
