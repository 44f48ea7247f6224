import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// Players' net loss of real money at the games over a time window, for the bonus module's cashback: stakes
// minus wins minus refunds on the real part, read from the ledger (the wallet's own tables).

export interface NetLoss {
  playerId: string;
  currency: string;
  /** Minor units, positive (only players who lost are listed). */
  amount: bigint;
}

/** Every player's net real-money loss in [from, to); `playerId` narrows it to one player. */
export async function netLossesBetween(db: Db, from: Date, to: Date, playerId?: string): Promise<NetLoss[]> {
  const result = await db.execute(sql`
    select a.player_id as "playerId", a.currency, (-sum(e.amount))::text as amount
      from wallet.transactions t
      join wallet.entries e on e.transaction_id = t.id
      join wallet.accounts a on a.id = e.account_id
     where t.kind in ('game.bet', 'game.win', 'game.rollback')
       and t.created_at >= ${from} and t.created_at < ${to}
       and a.owner_kind = 'player' and e.part = 'real'
       ${playerId ? sql`and a.player_id = ${playerId}` : sql``}
     group by a.player_id, a.currency
    having sum(e.amount) < 0`);
  const rows = (result as unknown as { rows: { playerId: string; currency: string; amount: string }[] }).rows;
  return rows.map((r) => ({ playerId: r.playerId, currency: r.currency, amount: BigInt(r.amount) }));
}
