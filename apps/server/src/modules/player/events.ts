import { baseCurrencyCode, currencies } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import type { PlayerDeps, PlayerRegistered } from './context.ts';

/** The outbox channel of the player module's internal events (the reports' registrations, decision 0121). */
export const PLAYERS_CHANNEL = 'internal:players';

/** A player registered: the funnel's and `newPlayers`' fact, in the currency of the account opened at sign-up. */
export interface PlayerRegisteredEvent {
  kind: 'player.registered';
  playerId: string;
  currency: string;
  /** ISO 8601: the player row's `created_at`. */
  at: string;
}

const enabled = new Set(currencies.filter((c) => c.isEnabled).map((c) => c.code));

/**
 * Writes `player.registered` in the registration's transaction. The currency is the one the wallet opens the
 * first account in: the chosen one when enabled, else the casino's base currency.
 */
export async function reportRegistration(tx: Db, row: { id: string; currency: string | null; createdAt: Date }) {
  const currency = row.currency && enabled.has(row.currency) ? row.currency : baseCurrencyCode;
  const data: PlayerRegisteredEvent = {
    kind: 'player.registered',
    playerId: row.id,
    currency,
    at: row.createdAt.toISOString(),
  };
  await enqueue(tx, { channel: PLAYERS_CHANNEL, event: data.kind, data });
}

/** Tells the "player registered" listeners, in order, after the commit; a failing one is logged, not fatal. */
export async function emitRegistered(deps: Pick<PlayerDeps, 'registered' | 'log'>, event: PlayerRegistered) {
  for (const listener of deps.registered) {
    try {
      await listener(event);
    } catch (error) {
      deps.log.error({ err: error, playerId: event.playerId }, 'player-registered listener failed');
    }
  }
}
