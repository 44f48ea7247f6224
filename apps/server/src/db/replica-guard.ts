// Whether the read replica may serve reads now (decision 0119): its lag, measured every interval, is at most
// `maxLagMs`, and the last measure is recent. Anything else (a failed or slow measure, a replica that went away,
// no measure yet) sends reads to the primary until a measure succeeds again.

export interface LagGuardOptions {
  /** The replica's lag in ms; rejects when it cannot be measured (the replica or the primary is unreachable). */
  readLag: () => Promise<number>;
  /** Above this the reads go to the primary. Default 1000. */
  maxLagMs?: number;
  /** How often the lag is measured. Default 1000. */
  intervalMs?: number;
  /** A measure older than this no longer counts. Default 2.5 intervals (a late tick is not yet an outage). */
  staleAfterMs?: number;
  log?: { info(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
  now?: () => number;
}

export interface LagGuardState {
  /** Reads may go to the replica now. */
  usable: boolean;
  /** The last measured lag in ms (Infinity before the first measure or after a failure). */
  lagMs: number;
  /** When the last measure succeeded (ms since the epoch), or null. */
  measuredAt: number | null;
  /** Why the replica is not used, when it is not. */
  reason: string | null;
}

export interface LagGuard {
  usable(): boolean;
  state(): LagGuardState;
  /** Measures now (the timer does it every interval); never rejects. */
  check(): Promise<LagGuardState>;
  /** The replica failed a read or lost a connection: primary until the next successful measure. */
  failed(error: unknown): void;
  start(): void;
  /** Ends the timer; resolves once a measure in flight is over. */
  stop(): Promise<void>;
}

export function createLagGuard(options: LagGuardOptions): LagGuard {
  const { readLag, maxLagMs = 1000, intervalMs = 1000, log, now = Date.now } = options;
  const staleAfterMs = options.staleAfterMs ?? intervalMs * 2.5;
  let lagMs = Number.POSITIVE_INFINITY;
  let measuredAt: number | null = null;
  let failure: string | null = 'not measured yet';
  let inFlight: Promise<LagGuardState> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let wasUsable = false;

  const reasonNow = (): string | null => {
    if (failure) return failure;
    if (measuredAt === null || now() - measuredAt > staleAfterMs) return 'lag not measured recently';
    if (lagMs > maxLagMs) return `replay lag ${Number.isFinite(lagMs) ? `${Math.round(lagMs)} ms` : 'unknown'}`;
    return null;
  };
  const state = (): LagGuardState => {
    const reason = reasonNow();
    return { usable: reason === null, lagMs, measuredAt, reason };
  };
  // Logged on changes only: an unreachable replica would otherwise log every second.
  const report = () => {
    const s = state();
    if (s.usable !== wasUsable) {
      if (s.usable) log?.info({ lagMs: s.lagMs }, 'read replica in use');
      else log?.warn({ reason: s.reason }, 'read replica not used: reads go to the primary');
      wasUsable = s.usable;
    }
    return s;
  };

  const measure = async (): Promise<LagGuardState> => {
    try {
      lagMs = await readLag();
      measuredAt = now();
      failure = null;
    } catch (error) {
      lagMs = Number.POSITIVE_INFINITY;
      failure = `unreachable: ${error instanceof Error ? error.message : String(error)}`;
    }
    return report();
  };

  const guard: LagGuard = {
    usable: () => reasonNow() === null,
    state,
    check() {
      // One measure at a time: a replica that hangs must not pile up checks.
      inFlight ??= measure().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    failed(error) {
      failure = `failed: ${error instanceof Error ? error.message : String(error)}`;
      report();
    },
    start() {
      if (timer) return;
      void guard.check();
      timer = setInterval(() => void guard.check(), intervalMs);
      // The guard alone never keeps the process alive.
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
    },
  };
  return guard;
}
