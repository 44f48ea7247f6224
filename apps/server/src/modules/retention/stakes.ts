import type { Db } from '../../db/client.ts';
import type { RetentionHandler } from './events.ts';

// Other modules told of real-money stakes by retention's consumer (decision 0077): the referral programme
// qualifies a referee the moment its wager reaches the threshold, without waiting for a list view or a
// deposit. The app hands the listeners in (`retention.onRealStake`); each runs once per bet event, in the
// consumer's transaction with the event's processed row, so a duplicate or replayed event calls nobody twice.

/** A stake's real-money part (minor units, positive), as the bet event carries it. */
export interface RealStake {
  playerId: string;
  currency: string;
  real: bigint;
  /** When the bet was taken. */
  at: Date;
}

/**
 * Runs in the consumer's transaction `tx`. Throwing rolls the whole event back (it is delivered again), so a
 * listener whose work may fail should run it in a savepoint and log the failure.
 */
export type RealStakeListener = (tx: Db, stake: RealStake) => Promise<void>;

export function realStakeHandler(listeners: readonly RealStakeListener[]): RetentionHandler {
  return {
    name: 'real-stakes',
    async handle(tx, { event }) {
      if (event.kind !== 'game.bet' || listeners.length === 0) return;
      const real = BigInt(event.real);
      if (real <= 0n) return;
      const stake = { playerId: event.playerId, currency: event.currency, real, at: new Date(event.at) };
      for (const listener of listeners) await listener(tx, stake);
    },
  };
}
