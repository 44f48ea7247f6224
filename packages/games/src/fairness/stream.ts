import { GameInputError } from '../errors.ts';
import { deriver } from './derive.ts';
import type { SeedTriple } from './seeds.ts';

/** Where a stream stands: the HMAC block (`round`) and the byte inside it (a multiple of 4). */
export interface Cursor {
  readonly round: number;
  readonly offset: number;
}

/** The random source every game takes. Games never see seeds, so tests can pass a scripted source. */
export interface Rng {
  /** Next 4 bytes as a big-endian unsigned 32-bit integer. */
  nextUint32(): number;
  /** Uniform integer in [0, n), unbiased (rejection sampling), 1 ≤ n ≤ 2^32. */
  nextInt(n: number): number;
  /** Uniform float in [0, 1): the next 4 bytes / 2^32. Never used for money. */
  nextFloat(): number;
}

const TWO_32 = 0x1_0000_0000;
const BLOCK = 32;

function assertRange(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) {
    throw new GameInputError('invalid_choice', 'n', 'The range must be an integer from 1 to 2^32.');
  }
}

/** Unbiased integer in [0, n) from a uint32 source: drop draws in the last incomplete multiple of n. */
export function uniformInt(next: () => number, n: number): number {
  assertRange(n);
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const u = next();
    if (u < limit) return u % n;
  }
}

/**
 * The provably fair number stream of one bet: block r is HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${r}`);
 * its 32 bytes give eight uint32 values in order, then block r+1 is derived (the cursor moves on).
 */
export class FairStream implements Rng {
  private readonly block: (round: number) => Uint8Array;
  private bytes: Uint8Array;
  private round: number;
  private offset: number;

  constructor(seeds: SeedTriple, start: Cursor = { round: 0, offset: 0 }) {
    if (start.offset % 4 !== 0 || start.offset < 0 || start.offset > BLOCK || start.round < 0) {
      throw new GameInputError('invalid_seed', 'cursor', 'The stream cursor is not a valid position.');
    }
    this.block = deriver(seeds.serverSeed, seeds.clientSeed, seeds.nonce);
    this.round = start.round;
    this.offset = start.offset;
    this.bytes = this.block(this.round);
  }

  /** Position of the next unread byte: store it to resume a multi-step game later. */
  cursor(): Cursor {
    return { round: this.round, offset: this.offset };
  }

  nextUint32(): number {
    if (this.offset === BLOCK) {
      this.round += 1;
      this.offset = 0;
      this.bytes = this.block(this.round);
    }
    const b = this.bytes;
    const o = this.offset;
    this.offset = o + 4;
    return (
      (b[o] as number) * 0x100_0000 +
      (((b[o + 1] as number) << 16) | ((b[o + 2] as number) << 8) | (b[o + 3] as number))
    );
  }

  nextInt(n: number): number {
    // Same rule as uniformInt, inlined: no closure per draw on the hot path.
    assertRange(n);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const u = this.nextUint32();
      if (u < limit) return u % n;
    }
  }

  nextFloat(): number {
    return this.nextUint32() / TWO_32;
  }
}
