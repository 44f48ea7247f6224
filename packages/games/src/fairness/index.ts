export { commitment, derive, deriver } from './derive.ts';
export {
  assertClientSeed,
  assertServerSeed,
  newClientSeed,
  newSeedPair,
  newServerSeed,
  nextBet,
  rotate,
  type SeedPair,
  type SeedTriple,
} from './seeds.ts';
export { LazyShuffle, type LazyShuffleState, sample, shuffle } from './shuffle.ts';
export { type Cursor, FairStream, type Rng, uniformInt } from './stream.ts';
