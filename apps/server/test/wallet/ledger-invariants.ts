// The ledger's invariants in SQL, with nothing else imported: the wallet tests, the money-rules model and the
// cluster's fault runner (tests/cluster, issue 31) check the same rules.
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

// biome-ignore lint/suspicious/noExplicitAny: raw SQL rows in assertions
export async function rows<T = any>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Every ledger invariant, checked in SQL; answers the list of violations (empty when all hold). */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const negative = await rows(
    db,
    sql`select id from wallet.accounts where owner_kind = 'player' and (real < 0 or bonus < 0 or locked < 0)`,
  );
  if (negative.length) problems.push(`negative player parts: ${negative.map((r) => r.id).join(', ')}`);
  const unbalanced = await rows(
    db,
    sql`select e.transaction_id, a.currency, sum(e.amount)::text as s
        from wallet.entries e join wallet.accounts a on a.id = e.account_id
        group by e.transaction_id, a.currency having sum(e.amount) <> 0`,
  );
  if (unbalanced.length) problems.push(`unbalanced transactions: ${JSON.stringify(unbalanced)}`);
  const lonely = await rows(
    db,
    sql`select t.id from wallet.transactions t left join wallet.entries e on e.transaction_id = t.id
        group by t.id having count(e.id) < 2`,
  );
  if (lonely.length) problems.push(`transactions with fewer than two entries: ${lonely.length}`);
  const drift = await rows(
    db,
    sql`select a.id,
          a.real::text as real, coalesce(sum(e.amount) filter (where e.part = 'real'), 0)::text as real_sum,
          a.bonus::text as bonus, coalesce(sum(e.amount) filter (where e.part = 'bonus'), 0)::text as bonus_sum,
          a.locked::text as locked, coalesce(sum(e.amount) filter (where e.part = 'locked'), 0)::text as locked_sum
        from wallet.accounts a left join wallet.entries e on e.account_id = a.id
        where a.owner_kind = 'player'
        group by a.id
        having a.real <> coalesce(sum(e.amount) filter (where e.part = 'real'), 0)
            or a.bonus <> coalesce(sum(e.amount) filter (where e.part = 'bonus'), 0)
            or a.locked <> coalesce(sum(e.amount) filter (where e.part = 'locked'), 0)`,
  );
  if (drift.length) problems.push(`balances differ from their entries: ${JSON.stringify(drift)}`);
  // House balances are derived from entries (ledger.ts): their rows never carry one.
  const houseRows = await rows(
    db,
    sql`select id from wallet.accounts where owner_kind = 'house' and (real <> 0 or bonus <> 0 or locked <> 0)`,
  );
  if (houseRows.length) problems.push(`house rows carrying a balance: ${houseRows.map((r) => r.id).join(', ')}`);
  return problems;
}
