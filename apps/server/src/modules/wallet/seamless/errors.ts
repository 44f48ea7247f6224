import type { SeamlessCode as ProtocolCode } from '@croupier/contracts';

/** The protocol's error codes (docs/provider-api.md) a refusal may carry; INTERNAL and WALLET_UNAVAILABLE are the error handler's. */
export type SeamlessCode = Exclude<ProtocolCode, 'INTERNAL' | 'WALLET_UNAVAILABLE'>;

/** What the casino publishes to the player when a rule refuses a bet (`game:bets#{playerId}`). */
export interface RefusalPublication {
  channel: string;
  event: string;
  data: unknown;
}

/** A refusal the provider gets as `{status: 'ERROR', code, message, balance?}`; nothing of the request is kept. */
export class SeamlessError extends Error {
  constructor(
    readonly code: SeamlessCode,
    message: string,
    /** The account whose balance the answer carries (read after the rollback). */
    readonly accountId?: string,
    /** Published after the refused transaction rolled back (a rule's notice to the player). */
    readonly publication?: RefusalPublication,
  ) {
    super(message);
    this.name = 'SeamlessError';
  }
}

/** Asserts an invariant of the money path: a broken one is a bug, answered 500 and rolled back whole. */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Seamless invariant broken: ${message}`);
}
