// Leaderboard update latency: a probe player bets 1 EUR on its own (its round trip is not part of the load),
// then reads the tournament with its token until its entry shows the new points. The time from the bet's
// answer (its commit) to that read is one sample.
import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Provider } from '../wallet/load.ts';
import type { Seated } from './players.ts';

export interface ProbeOptions {
  origin: string;
  provider: Provider;
  player: Seated;
  tournament: string;
  /** Pause between samples, ms. */
  intervalMs: number;
  /** Give up on one sample after this long, ms (counted as a timeout). */
  timeoutMs: number;
  runId: string;
}

async function seamless(o: ProbeOptions, path: string, payload: object): Promise<boolean> {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac('sha256', o.provider.secret).update(body).digest('hex')}`;
  const res = await fetch(`${o.origin}/api/seamless/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-provider-id': o.provider.id, 'x-signature': signature },
    body,
  });
  return res.ok && ((await res.json()) as { status?: string }).status === 'OK';
}

async function pointsNow(o: ProbeOptions): Promise<number> {
  const res = await fetch(`${o.origin}/api/retention/tournaments/${o.tournament}`, {
    headers: { authorization: `Bearer ${o.player.accessToken}` },
  });
  const json = (await res.json()) as { data?: { playerEntry?: { points: number } | null } };
  return json.data?.playerEntry?.points ?? 0;
}

/** Samples until `stop()` resolves; answers the latencies (ms) and the number of timed-out samples. */
export function startProbe(o: ProbeOptions) {
  const samples: number[] = [];
  let timeouts = 0;
  let running = true;
  let expected = 0;
  const loop = (async () => {
    for (let n = 0; running; n++) {
      const roundId = `${o.runId}-probe-${n}`;
      const ok = await seamless(o, 'bet', {
        token: o.player.launchToken,
        transactionId: `${roundId}-bet`,
        roundId,
        amount: '1.00',
        currency: 'EUR',
      });
      const committed = performance.now();
      if (!ok) continue;
      expected += 1;
      let seen = false;
      while (!seen && performance.now() - committed < o.timeoutMs) {
        seen = (await pointsNow(o)) >= expected;
        if (!seen) await new Promise((r) => setTimeout(r, 2));
      }
      if (seen) samples.push(performance.now() - committed);
      else timeouts++;
      await seamless(o, 'win', {
        token: o.player.launchToken,
        transactionId: `${roundId}-win`,
        roundId,
        betTransactionId: `${roundId}-bet`,
        amount: '0',
        currency: 'EUR',
        closeRound: true,
      });
      await new Promise((r) => setTimeout(r, o.intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { samples: samples.sort((a, b) => a - b), timeouts };
    },
  };
}
