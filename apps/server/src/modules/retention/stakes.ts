import type { Db } from '../../db/client.ts';
import type { RetentionHandler } from './events.ts';

// Other modules told of a player's stakes by retention's consumer (decision 0077): the referral programme
// qualifies a referee the moment its wager reaches the threshold, without waiting for a list view or a
// deposit. Only net stakes count (decision 0093), and a stake is net once the provider can no longer roll it
// back: when a win pays or closes its round. So listeners hear of a round that became final, not of a bet. The
// app hands them in (`retention.onRealStake`); each runs once per such event, in the consumer's transaction
// with the event's processed row, so a duplicate or replayed event calls nobody twice.

/** A round of the player's in `currency` became final: its stakes now count. */
export interface RealStake {
  playerId: string;
  currency: string;
  /** When the round became final. */
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
      if (event.kind !== 'game.win' || !event.roundFinal || listeners.length === 0) return;
      const stake = { playerId: event.playerId, currency: event.currency, at: new Date(event.at) };
      for (const listener of listeners) await listener(tx, stake);
    },
  };
}
