import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// A player's real-money stakes at the games since a moment, read from the ledger (the wallet's own tables),
// for the referral programme's wager threshold: bets minus the stakes rolled back, real part only.

/** Real-money stakes (minor units, ≥ 0) of one player's account in `currency` since `from`. */
export async function realStakesSince(db: Db, playerId: string, currency: string, from: Date): Promise<bigint> {
  const result = await db.execute(sql`
    select coalesce(-sum(e.amount) filter (where t.kind = 'game.bet'), 0)::text as staked,
           coalesce(sum(e.amount) filter (where t.kind = 'game.rollback' and e.amount > 0), 0)::text as refunded
      from wallet.transactions t
      join wallet.entries e on e.transaction_id = t.id
      join wallet.accounts a on a.id = e.account_id
     where t.kind in ('game.bet', 'game.rollback') and t.created_at >= ${from}
       and a.owner_kind = 'player' and a.player_id = ${playerId} and a.currency = ${currency}
       and e.part = 'real'`);
  const [row] = (result as unknown as { rows: { staked: string; refunded: string }[] }).rows;
  const net = BigInt(row?.staked ?? '0') - BigInt(row?.refunded ?? '0');
  return net > 0n ? net : 0n;
}
