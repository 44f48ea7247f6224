import { createHash, createHmac } from 'node:crypto';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { GameInputError } from '../src/errors.ts';
import {
  commitment,
  derive,
  deriver,
  FairStream,
  LazyShuffle,
  newSeedPair,
  nextBet,
  rotate,
  sample,
  shuffle,
  uniformInt,
} from '../src/fairness/index.ts';

const SERVER = '9f2c1c0d5c6a0b8e4f3a2d1e0c9b8a7f6e5d4c3b2a1908f7e6d5c4b3a2918070';

// Computed once with node:crypto (an implementation independent of @noble/hashes) and written down here.
const VECTORS: [string, number, number, string][] = [
  ['player-seed', 0, 0, '22724d8877cd6e7af979b7d3c733f6737de4ab924b7190f825d327ea657c5c85'],
  ['player-seed', 1, 0, 'e03635fffd18688d11eeaaf72a1d3fd5bf2dda8b174b9d8339b5c5cf1c6cdc6b'],
  ['player-seed', 1, 1, '86838901abc9967f4afc11fcd48cc348f46e288dd2b343494d7ea450bd4ac84f'],
  ['émoji✓', 42, 7, 'ca75e34d245a93577d029feee1949187c18e257571f7d8669a76f55ba7bb1796'],
];

describe('derivation', () => {
  it('commits to the server seed with SHA-256 of its text', () => {
    expect(commitment(SERVER)).toBe('cef0b138254f141aa36c9bb8c6e9e61d7d05e4cc34f27561119dcbbcf5b8cd19');
  });

  it.each(VECTORS)('HMAC-SHA256(server, "%s:%i:%i") matches the fixed vector', (client, nonce, round, hex) => {
    expect(bytesToHex(derive(SERVER, client, nonce, round))).toBe(hex);
    expect(bytesToHex(deriver(SERVER, client, nonce)(round))).toBe(hex);
  });

  it('agrees with node:crypto for random seeds, and the cached deriver survives seed changes', () => {
    for (let i = 0; i < 50; i += 1) {
      const pair = newSeedPair();
      const d = deriver(pair.serverSeed, pair.clientSeed, i);
      for (const round of [0, 1, 9]) {
        const expected = createHmac('sha256', pair.serverSeed).update(`${pair.clientSeed}:${i}:${round}`).digest('hex');
        expect(bytesToHex(d(round))).toBe(expected);
        expect(bytesToHex(derive(pair.serverSeed, pair.clientSeed, i, round))).toBe(expected);
      }
      expect(pair.serverSeedHash).toBe(createHash('sha256').update(pair.serverSeed).digest('hex'));
    }
  });
});

describe('seed pairs', () => {
  it('advances the nonce per bet and reveals the old server seed on rotation', () => {
    const pair = newSeedPair('my-seed');
    expect(pair.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const { seeds, pair: after } = nextBet(pair);
    expect(seeds.nonce).toBe(0);
    expect(after.nonce).toBe(1);
    const { revealed, next } = rotate(after, 'new-seed');
    expect(commitment(revealed.serverSeed)).toBe(pair.serverSeedHash);
    expect(next.serverSeed).not.toBe(pair.serverSeed);
    expect(next.nonce).toBe(0);
    expect(next.clientSeed).toBe('new-seed');
  });

  it('refuses malformed seeds with a typed error', () => {
    expect(() => newSeedPair('has space')).toThrow(GameInputError);
    expect(() => newSeedPair('')).toThrow(GameInputError);
    expect(() => newSeedPair('x'.repeat(65))).toThrow(GameInputError);
    expect(() => newSeedPair('ok', 'ABC')).toThrow(GameInputError);
  });
});

describe('number stream', () => {
  const seeds = { serverSeed: SERVER, clientSeed: 'player-seed', nonce: 1 };
  const u32s = (hex: string) => Array.from({ length: 8 }, (_, i) => Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16));

  it('reads big-endian uint32s from block 0, then moves the cursor to block 1', () => {
    const s = new FairStream(seeds);
    const expected = [...u32s(VECTORS[1]?.[3] as string), ...u32s(VECTORS[2]?.[3] as string)];
    const got = Array.from({ length: 16 }, () => s.nextUint32());
    expect(got).toEqual(expected);
    expect(s.cursor()).toEqual({ round: 1, offset: 32 });
  });

  it('resumes from a stored cursor with the same numbers', () => {
    const a = new FairStream(seeds);
    for (let i = 0; i < 11; i += 1) a.nextUint32();
    const b = new FairStream(seeds, a.cursor());
    expect(Array.from({ length: 20 }, () => b.nextUint32())).toEqual(Array.from({ length: 20 }, () => a.nextUint32()));
  });

  it('makes floats from 4 bytes: u32 / 2^32', () => {
    const a = new FairStream(seeds);
    const b = new FairStream(seeds);
    expect(a.nextFloat()).toBe(b.nextUint32() / 2 ** 32);
  });

  it('rejects draws in the incomplete top range instead of folding them (no modulo bias)', () => {
    // n = 3: 2^32 mod 3 = 1, so only 2^32 − 1 (= 4294967295) is rejected.
    const script = [4_294_967_295, 4_294_967_294];
    expect(uniformInt(() => script.shift() as number, 3)).toBe(4_294_967_294 % 3);
    expect(script).toHaveLength(0);
    const s = new FairStream(seeds);
    for (let i = 0; i < 1000; i += 1) {
      const v = s.nextInt(37);
      expect(Number.isInteger(v) && v >= 0 && v < 37).toBe(true);
    }
    expect(() => uniformInt(() => 0, 0)).toThrow(GameInputError);
  });

  it('a lazy shuffle deals exactly the order of the full Fisher–Yates shuffle', () => {
    const items = Array.from({ length: 312 }, (_, i) => i);
    const full = shuffle(items, new FairStream(seeds));
    expect([...full].sort((x, y) => x - y)).toEqual(items);
    const rng = new FairStream(seeds);
    let lazy = new LazyShuffle(312);
    const dealt: number[] = [];
    for (let i = 0; i < 312; i += 1) {
      dealt.push(lazy.next(rng));
      if (i % 50 === 0) lazy = new LazyShuffle(312, JSON.parse(JSON.stringify(lazy.state()))); // survives storage
    }
    expect(dealt).toEqual(full);
    expect(sample(312, 20, new FairStream(seeds))).toEqual(full.slice(0, 20));
  });

  it('shuffles uniformly: each of the 6 orders of 3 items appears about 1/6 of the time', () => {
    const counts = new Map<string, number>();
    for (let nonce = 0; nonce < 6000; nonce += 1) {
      const k = shuffle(['a', 'b', 'c'], new FairStream({ ...seeds, nonce })).join('');
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    // 1000 expected each, σ ≈ 29: 5σ bounds.
    for (const c of counts.values()) expect(Math.abs(c - 1000)).toBeLessThan(145);
  });
});
