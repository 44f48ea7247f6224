import { parentPort, workerData } from 'node:worker_threads';
import type { GameName } from '../../packages/games/math/theory.ts';
import { simulate } from '../../packages/games/sim/scenarios.ts';

/** Plays the chunks of nonces the main thread hands out and answers each with its totals. */
export interface Chunk {
  readonly game: GameName;
  readonly from: number;
  readonly to: number;
}

const { serverSeed, clientSeed } = workerData as { serverSeed: string; clientSeed: string };

parentPort?.on('message', (chunk: Chunk) => {
  const started = performance.now();
  const totals = simulate(chunk.game, serverSeed, clientSeed, chunk.from, chunk.to);
  parentPort?.postMessage({ ...chunk, ...totals, ms: performance.now() - started });
});
