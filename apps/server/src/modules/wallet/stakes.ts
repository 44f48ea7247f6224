import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// A player's real-money stakes at the games since a moment, read from the wallet's own tables, for the
// referral programme's wager threshold. Only net stakes count (decision 0093): a bet the provider rolled back
// never counts, and a bet it may still roll back (its round open and unpaid, the only case the wallet
// cancels) does not count yet. The real part is the bet's own debit of the real part (a bonus conversion the
// same movement credits is not a stake). The player's rounds are walked by their history index.

/** Real-money stakes (minor units, ≥ 0) of one player's account in `currency` since `from`, final ones only. */
export async function realStakesSince(db: Db, playerId: string, currency: string, from: Date): Promise<bigint> {
  const result = await db.execute(sql`
    select coalesce(-sum(e.amount), 0)::text as staked
      from wallet.seamless_rounds r
      join wallet.seamless_transactions b on b.provider_id = r.provider_id and b.round_id = r.round_id
      join wallet.entries e on e.transaction_id = b.ledger_transaction_id and e.account_id = b.account_id
     where r.player_id = ${playerId} and r.created_at >= ${from} and r.currency = ${currency}
       and (r.status = 'settled' or r.win_total > 0)
       and b.kind = 'bet' and b.rolled_back_at is null and b.created_at >= ${from}
       and e.part = 'real' and e.amount < 0`);
  const [row] = (result as unknown as { rows: { staked: string }[] }).rows;
  const staked = BigInt(row?.staked ?? '0');
  return staked > 0n ? staked : 0n;
}

/** A bet as the seamless API named it. */
export interface BetRef {
  providerId: string;
  transactionId: string;
}

/**
 * True when every one of these bets is final: taken, not rolled back, in a round that has paid or closed, so
 * the provider can no longer cancel it (decision 0093). A bet not found is not final (fails closed).
 */
export async function betsAreFinal(db: Db, bets: readonly BetRef[]): Promise<boolean> {
  const distinct = [...new Map(bets.map((b) => [`${b.providerId}\u0000${b.transactionId}`, b])).values()];
  if (distinct.length === 0) return true;
  const keys = sql.join(
    distinct.map((b) => sql`(${b.providerId}, ${b.transactionId})`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select count(*)::int as n
      from wallet.seamless_transactions b
      join wallet.seamless_rounds r on r.provider_id = b.provider_id and r.round_id = b.round_id
     where (b.provider_id, b.provider_tx_id) in (${keys})
       and b.kind = 'bet' and b.rolled_back_at is null and (r.status = 'settled' or r.win_total > 0)`);
  const [row] = (result as unknown as { rows: { n: number }[] }).rows;
  return (row?.n ?? 0) === distinct.length;
}
