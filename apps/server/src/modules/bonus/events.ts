import type { PlayerBonus } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';

// What the site hears about bonuses (api-contract §14.2): written in the change's own transaction, published
// after commit by the outbox. The client refreshes its lists from these, never from the HTTP answers.

export const playerBonusesChannel = (playerId: string) => `bonus:player-bonuses#${playerId}`;
export const playerBonusCodesChannel = (playerId: string) => `bonus:player-bonus-codes#${playerId}`;

const bonusEvent = (playerBonus: PlayerBonus, created: boolean) => ({
  channel: playerBonusesChannel(playerBonus.playerId),
  event: created ? 'player.bonus.created' : 'player.bonus.updated',
  data: { event: created ? 'player.bonus.created' : 'player.bonus.updated', playerBonus },
});

export async function publishBonus(tx: Db, playerBonus: PlayerBonus, created = false): Promise<void> {
  await enqueue(tx, bonusEvent(playerBonus, created));
}

/** A status change inside a money movement: the movement's own statement writes it (decision 0090). */
export const bonusUpdatedEvent = (playerBonus: PlayerBonus) => bonusEvent(playerBonus, false);
