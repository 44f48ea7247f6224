import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { quantile, round } from '../ssr/load.ts';

/** A signed seamless-wallet provider (docs/provider-api.md). */
export interface Provider {
  id: string;
  secret: string;
}

export interface RoundTripOptions {
  origin: string;
  provider: Provider;
  /** Launch tokens; worker i plays tokens[i % tokens.length] (one token: one hot account). */
  tokens: string[];
  concurrency: number;
  warmupSeconds: number;
  seconds: number;
  /** Upper bound on timed round trips, whichever of time or count comes first. */
  maxRoundTrips: number;
  /** Stake and payout of every round, major units. */
  bet: string;
  win: string;
  /** Prefix of transaction ids, unique per run so nothing is a replay. */
  runId: string;
  /** The server's CPU time so far, ms: read around the timed phase. */
  serverCpuMs?: () => number;
  /** Called just before and just after the timed phase (e.g. to snapshot the server's counters). */
  beforeTimed?: () => Promise<void>;
  afterTimed?: () => Promise<void>;
}

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface RoundTripResult {
  roundTrips: number;
  /** Calls (bet or win) sent during the timed phase, answered or not. */
  requests: number;
  errors: number;
  errorSamples: string[];
  seconds: number;
  roundTripsPerSecond: number;
  /** ms per call and per bet + win pair. */
  betMs: Latency;
  winMs: Latency;
  roundTripMs: Latency;
  /** Server CPU time during the timed phase ÷ round trips (bet + win), ms. */
  serverCpuMsPerRoundTrip: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const latencyOf = (sorted: Float64Array): Latency => ({
  p50: round(quantile(sorted, 0.5)),
  p95: round(quantile(sorted, 0.95)),
  p99: round(quantile(sorted, 0.99)),
  max: round(sorted.at(-1) ?? Number.NaN),
});

/**
 * Closed loop: `concurrency` workers, each with its own keep-alive connection, each doing bet then win
 * (closing the round) as fast as the answers come. A warm-up runs first and is not counted. Any answer
 * other than HTTP 200 with status OK counts as an error.
 */
export async function runRoundTrips(options: RoundTripOptions): Promise<RoundTripResult> {
  const origin = new URL(options.origin);
  if (!LOOPBACK.has(origin.hostname)) throw new Error(`Refusing to load a non-loopback address: ${origin.hostname}`);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const bets = new Float64Array(options.maxRoundTrips);
  const wins = new Float64Array(options.maxRoundTrips);
  const trips = new Float64Array(options.maxRoundTrips);
  let issued = 0;
  let done = 0;
  let errors = 0;
  let counter = 0;
  let timing = false;
  let requests = 0;
  const errorSamples = new Set<string>();
  const fail = (reason: string) => {
    errors++;
    if (errorSamples.size < 5) errorSamples.add(reason);
  };

  /** One signed call; resolves with its latency in ms, or null after recording an error. */
  const call = (path: string, payload: object) =>
    new Promise<number | null>((resolve) => {
      const body = JSON.stringify(payload);
      if (timing) requests++;
      const signature = `sha256=${createHmac('sha256', options.provider.secret).update(body).digest('hex')}`;
      const start = performance.now();
      const req = request(
        new URL(`/api/seamless/v1/${path}`, origin),
        {
          method: 'POST',
          agent,
          timeout: 10_000,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-provider-id': options.provider.id,
            'x-signature': signature,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => {
            const ms = performance.now() - start;
            let ok = false;
            try {
              ok = res.statusCode === 200 && (JSON.parse(text) as { status?: string }).status === 'OK';
            } catch {}
            if (!ok) fail(`${path}: HTTP ${res.statusCode} ${text.slice(0, 120)}`);
            resolve(ok ? ms : null);
          });
          res.on('error', (error) => {
            fail(`${path}: ${error.message}`);
            resolve(null);
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error) => {
        fail(`${path}: ${error.message}`);
        resolve(null);
      });
      req.end(body);
    });

  const roundTrip = async (token: string) => {
    const n = ++counter;
    const roundId = `${options.runId}-r${n}`;
    const started = performance.now();
    const bet = await call('bet', {
      token,
      transactionId: `${roundId}-bet`,
      roundId,
      amount: options.bet,
      currency: 'EUR',
    });
    if (bet === null) return null;
    const win = await call('win', {
      token,
      transactionId: `${roundId}-win`,
      roundId,
      betTransactionId: `${roundId}-bet`,
      amount: options.win,
      currency: 'EUR',
      closeRound: true,
    });
    if (win === null) return null;
    return { bet, win, trip: performance.now() - started };
  };

  const worker = (index: number, deadline: number, timed: boolean) => async () => {
    const token = options.tokens[index % options.tokens.length]!;
    while (performance.now() < deadline && (!timed || issued < options.maxRoundTrips)) {
      if (timed) issued++;
      const result = await roundTrip(token);
      if (timed && result) {
        bets[done] = result.bet;
        wins[done] = result.win;
        trips[done] = result.trip;
        done++;
      }
    }
  };
  const phase = (seconds: number, timed: boolean) => {
    const deadline = performance.now() + seconds * 1000;
    return Promise.all(Array.from({ length: options.concurrency }, (_, i) => worker(i, deadline, timed)()));
  };

  await phase(options.warmupSeconds, false);
  errors = 0;
  errorSamples.clear();
  await options.beforeTimed?.();
  const cpuBefore = options.serverCpuMs?.() ?? Number.NaN;
  const started = performance.now();
  timing = true;
  await phase(options.seconds, true);
  timing = false;
  const elapsed = (performance.now() - started) / 1000;
  const cpu = (options.serverCpuMs?.() ?? Number.NaN) - cpuBefore;
  await options.afterTimed?.();
  agent.destroy();

  return {
    roundTrips: done,
    requests,
    errors,
    errorSamples: [...errorSamples],
    seconds: round(elapsed),
    roundTripsPerSecond: round(done / elapsed, 1),
    betMs: latencyOf(bets.subarray(0, done).sort()),
    winMs: latencyOf(wins.subarray(0, done).sort()),
    roundTripMs: latencyOf(trips.subarray(0, done).sort()),
    serverCpuMsPerRoundTrip: round(cpu / Math.max(1, done)),
  };
}
