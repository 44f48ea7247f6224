import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

/** How many referral rewards the ledger paid to this player. */
export async function rewardsTo(t: { database: Database }, playerId: string): Promise<number> {
  const result = await t.database.db.execute(sql`
    select count(*)::int as n from wallet.transactions t
      join wallet.entries e on e.transaction_id = t.id
      join wallet.accounts a on a.id = e.account_id
     where t.kind = 'referral.reward' and a.player_id = ${playerId}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}
