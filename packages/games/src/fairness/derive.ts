import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The provably fair derivation: HMAC-SHA256 keyed with the server seed (its UTF-8 text, i.e. the 64 hex
 * characters), over the message `${clientSeed}:${nonce}:${round}`. `round` counts the 32-byte blocks one
 * bet consumes (0, 1, 2, …). Pure JS (no node:crypto) so the browser's verifier runs the same code.
 */
export function derive(serverSeed: string, clientSeed: string, nonce: number, round: number): Uint8Array {
  return hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(`${clientSeed}:${nonce}:${round}`));
}

/** The commitment shown before play: SHA-256 of the server seed's UTF-8 text, as lowercase hex. */
export function commitment(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

// One player's bets share a server seed: keep the last keyed HMAC (never written to) and one scratch
// copy that each block is computed in. Derivation is synchronous, so nothing can interleave.
// The slice of noble's HMAC class used here (its generic declaration does not accept its own type back).
interface Keyed {
  update(data: Uint8Array): unknown;
  digestInto(out: Uint8Array): void;
  _cloneInto(to?: Keyed): Keyed;
}
let lastSeed = '';
let lastKeyed: Keyed | null = null;
let scratch: Keyed | null = null;
function keyedFor(serverSeed: string): Keyed {
  if (lastKeyed === null || lastSeed !== serverSeed) {
    lastKeyed = hmac.create(sha256, utf8ToBytes(serverSeed)) as unknown as Keyed;
    lastSeed = serverSeed;
  }
  return lastKeyed;
}

/**
 * The same derivation with the key schedule done once per server seed and no allocation per block
 * beyond the 32 output bytes (the bench derives hundreds of millions of blocks). Output is identical to
 * `derive` (test/fairness.test.ts).
 */
export function deriver(serverSeed: string, clientSeed: string, nonce: number): (round: number) => Uint8Array {
  const prefix = `${clientSeed}:${nonce}:`;
  return (round) => {
    const keyed = keyedFor(serverSeed);
    const mac = keyed._cloneInto(scratch ?? undefined);
    scratch = mac;
    mac.update(utf8ToBytes(prefix + round));
    const out = new Uint8Array(32);
    mac.digestInto(out);
    return out;
  };
}
