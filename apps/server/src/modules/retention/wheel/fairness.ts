import { commitment, FairStream, newServerSeed, type SeedTriple } from '@croupier/games';

// The wheel's provably fair draw (decision 0060), the studio's derivation (packages/games/src/fairness):
// the first uint32 values of HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:0`), drawn without bias over
// the sum of the sectors' weights, land in the sector whose cumulative range holds them (table order).

/** A fresh server seed and its commitment, stored with a spin when it is granted. */
export function newCommittedSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = newServerSeed();
  return { serverSeed, serverSeedHash: commitment(serverSeed) };
}

/** The index of the winning sector for these seeds; `weights` in table order, at least one positive. */
export function pickSector(weights: readonly number[], seeds: SeedTriple): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) throw new Error('A wheel needs a sector with a positive weight');
  const draw = new FairStream(seeds).nextInt(total);
  let edge = 0;
  for (let i = 0; i < weights.length; i++) {
    edge += weights[i]!;
    if (draw < edge) return i;
  }
  return weights.length - 1;
}

/** Checks a revealed spin: the seed matches its commitment and gives the sector that was shown. */
export function verifySpin(weights: readonly number[], seeds: SeedTriple, serverSeedHash: string): number | null {
  if (commitment(seeds.serverSeed) !== serverSeedHash) return null;
  return pickSector(weights, seeds);
}
