/**
 * RTP bench: plays each house game's fixed scenario (packages/games/sim/scenarios.ts) for N rounds on a
 * fixed seed pair, nonce = round number, across worker threads, and prints rounds per second and the
 * measured RTP next to the exact value of the math sheets.
 *
 *   npm run bench:rtp                                  # 10^8 rounds per game, 2 workers
 *   npm run bench:rtp -- --rounds 1e6 --games slot,dice --workers 2 --chunk 250000 --out /tmp/rtp.json
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { type GameName, THEORY } from '../../packages/games/math/theory.ts';
import { GAMES, type SimTotals, verdict } from '../../packages/games/sim/scenarios.ts';
import type { Chunk } from './worker.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '1e8' },
    games: { type: 'string', default: GAMES.join(',') },
    workers: { type: 'string', default: String(Math.min(2, availableParallelism())) },
    chunk: { type: 'string', default: '500000' },
    out: { type: 'string' },
  },
});
const rounds = Math.round(Number(values.rounds));
const chunkSize = Math.round(Number(values.chunk));
const workerCount = Math.max(1, Number(values.workers));
const games = (values.games ?? '').split(',').filter(Boolean) as GameName[];
for (const g of games) if (!GAMES.includes(g)) throw new Error(`unknown game ${g}; one of ${GAMES.join(', ')}`);
if (!(rounds > 0) || !(chunkSize > 0)) throw new Error('--rounds and --chunk must be positive');

const SEEDS = {
  serverSeed: 'b3f1c2d4e5a697887766554433221100ffeeddccbbaa99887766554433221100',
  clientSeed: 'croupier-bench-rtp',
};

interface Done extends Chunk, SimTotals {
  readonly ms: number;
}

async function runGame(game: GameName, workers: Worker[]): Promise<SimTotals & { seconds: number; cpuMs: number }> {
  const started = performance.now();
  let next = 0;
  let stake = 0n;
  let payout = 0n;
  let played = 0;
  let cpuMs = 0;
  let lastLog = started;
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          const feed = () => {
            if (next >= rounds) {
              w.off('message', onMessage);
              w.off('error', reject);
              resolve();
              return;
            }
            const from = next;
            next = Math.min(rounds, next + chunkSize);
            w.postMessage({ game, from, to: next } satisfies Chunk);
          };
          const onMessage = (d: Done) => {
            stake += d.stake;
            payout += d.payout;
            played += d.rounds;
            cpuMs += d.ms;
            const now = performance.now();
            if (now - lastLog > 10_000) {
              lastLog = now;
              const rate = played / ((now - started) / 1000);
              process.stderr.write(
                `  ${game}: ${played.toLocaleString('en')} / ${rounds.toLocaleString('en')} (${Math.round(rate)} rounds/s)\n`,
              );
            }
            feed();
          };
          w.on('message', onMessage);
          w.on('error', reject);
          feed();
        }),
    ),
  );
  return { rounds: played, stake, payout, seconds: (performance.now() - started) / 1000, cpuMs };
}

const workers = Array.from(
  { length: workerCount },
  // worker-entry.mjs registers the TypeScript loader in the worker, then loads worker.ts.
  () => new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: SEEDS }),
);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
process.stderr.write(
  `bench:rtp ${rounds.toLocaleString('en')} rounds × ${games.join(', ')} on ${workerCount} workers; load ${load()}\n`,
);
const results = [];
for (const game of games) {
  const r = await runGame(game, workers);
  const v = verdict(game, r);
  const row = {
    game,
    rounds: r.rounds,
    seconds: Number(r.seconds.toFixed(1)),
    roundsPerSecond: Math.round(r.rounds / r.seconds),
    perWorkerRoundsPerSecond: Math.round(r.rounds / (r.cpuMs / 1000)),
    measuredRtp: v.rtp,
    theoreticalRtp: THEORY[game].rtp,
    interval99: [Number(v.lo.toFixed(6)), Number(v.hi.toFixed(6))],
    inside: v.inside,
    loadAfter: load(),
  };
  results.push(row);
  process.stderr.write(`  ${game} done in ${row.seconds} s\n`);
}
await Promise.all(workers.map((w) => w.terminate()));

const pct = (x: number) => `${(x * 100).toFixed(4)} %`;
console.log('| game | rounds | s | rounds/s | per worker | measured RTP | theoretical | 99 % interval | inside |');
console.log('|---|---:|---:|---:|---:|---:|---:|---|---|');
for (const r of results) {
  console.log(
    `| ${r.game} | ${r.rounds.toLocaleString('en')} | ${r.seconds} | ${r.roundsPerSecond.toLocaleString('en')} | ${r.perWorkerRoundsPerSecond.toLocaleString('en')} | ${pct(r.measuredRtp)} | ${pct(r.theoreticalRtp)} | ${pct(r.interval99[0] as number)} – ${pct(r.interval99[1] as number)} | ${r.inside ? 'yes' : 'NO'} |`,
  );
}
const json = JSON.stringify({ rounds, workers: workerCount, seeds: SEEDS, results }, null, 2);
console.log(json);
if (values.out) writeFileSync(values.out, json);
