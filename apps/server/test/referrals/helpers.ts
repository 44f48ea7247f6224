import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import type { SeamlessTestApp } from '../seamless/helpers.ts';

/** How many referral rewards the ledger paid to this player. */
export async function rewardsTo(t: { database: Database }, playerId: string): Promise<number> {
  const result = await t.database.db.execute(sql`
    select count(*)::int as n from wallet.transactions t
      join wallet.entries e on e.transaction_id = t.id
      join wallet.accounts a on a.id = e.account_id
     where t.kind = 'referral.reward' and a.player_id = ${playerId}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

let rounds = 0;
/** A referee's real-money round of `stake` in EUR, settled with a win of `win` (a wager that counts once final). */
export async function settledRound(
  t: Pick<SeamlessTestApp, 'launch' | 'seamless'>,
  playerId: string,
  stake: string,
  win: string,
): Promise<void> {
  const token = await t.launch(playerId);
  const id = `ref-${++rounds}-${Date.now()}`;
  const b = await t.seamless('bet', { token, transactionId: `${id}:b`, roundId: id, amount: stake, currency: 'EUR' });
  expect(b.json.status).toBe('OK');
  await t.seamless('win', {
    token,
    transactionId: `${id}:w`,
    roundId: id,
    betTransactionId: `${id}:b`,
    amount: win,
    currency: 'EUR',
    closeRound: true,
  });
}
