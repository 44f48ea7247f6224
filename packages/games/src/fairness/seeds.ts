import { bytesToHex, randomBytes } from '@noble/hashes/utils.js';
import { GameInputError } from '../errors.ts';
import { commitment } from './derive.ts';

/** The seeds one bet is derived from. */
export interface SeedTriple {
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
}

/** A player's active seed pair: the server seed stays secret until rotation, its hash is shown. */
export interface SeedPair {
  readonly serverSeed: string;
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  /** Number of bets already played on this pair; the next bet uses this value. */
  readonly nonce: number;
}

const SERVER_SEED = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/** 32 random bytes as 64 lowercase hex characters (the CSPRNG of the platform: Web Crypto). */
export function newServerSeed(): string {
  return bytesToHex(randomBytes(32));
}

/** A default client seed for players who never set one. */
export function newClientSeed(): string {
  return bytesToHex(randomBytes(16));
}

export function assertServerSeed(seed: string): string {
  if (!SERVER_SEED.test(seed)) {
    throw new GameInputError('invalid_seed', 'serverSeed', 'The server seed must be 64 lowercase hex characters.');
  }
  return seed;
}

/**
 * Client seeds are 1–64 printable ASCII characters without spaces. A ':' inside is harmless: the nonce and
 * round are the last two fields of the message.
 */
export function assertClientSeed(seed: string): string {
  if (!CLIENT_SEED.test(seed)) {
    throw new GameInputError(
      'invalid_seed',
      'clientSeed',
      'The client seed must be 1 to 64 printable characters without spaces.',
    );
  }
  return seed;
}

export function newSeedPair(clientSeed: string = newClientSeed(), serverSeed: string = newServerSeed()): SeedPair {
  assertServerSeed(serverSeed);
  assertClientSeed(clientSeed);
  return { serverSeed, serverSeedHash: commitment(serverSeed), clientSeed, nonce: 0 };
}

/** The seeds of the next bet, and the pair with its nonce advanced. */
export function nextBet(pair: SeedPair): { seeds: SeedTriple; pair: SeedPair } {
  const seeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce };
  return { seeds, pair: { ...pair, nonce: pair.nonce + 1 } };
}

/** Rotation reveals the old server seed (now verifiable against its hash) and commits a fresh one. */
export function rotate(pair: SeedPair, clientSeed: string = pair.clientSeed): { revealed: SeedPair; next: SeedPair } {
  return { revealed: pair, next: newSeedPair(clientSeed) };
}
