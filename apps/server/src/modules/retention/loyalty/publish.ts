import { PlayerChannel, playerChannel, RealtimeEvent } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { enqueue } from '../../../outbox/index.ts';
import { toLoyaltyAccount } from './present.ts';
import { type AccountRow, type LevelRow, levelAt } from './store.ts';

/**
 * Tells the player's site about a points change on `retention:accounts#{playerId}` (api-contract §14.2):
 * `account.level.updated` when the level changed (the site opens the loyalty-level modal when it rose),
 * `account.balance.updated` otherwise. Written in the change's transaction, published after commit.
 */
export async function publishAccount(
  tx: Db,
  account: AccountRow,
  before: bigint,
  levels: readonly LevelRow[],
): Promise<void> {
  if (levels.length === 0) return;
  const levelChanged = levelAt(levels, before).current.id !== levelAt(levels, account.points).current.id;
  const event = levelChanged ? RealtimeEvent.loyaltyLevelUpdated : RealtimeEvent.accountBalanceUpdated;
  await enqueue(tx, {
    channel: playerChannel(PlayerChannel.loyaltyAccounts, account.playerId),
    event,
    data: { event, playerAccount: toLoyaltyAccount(account, levels) },
  });
}
