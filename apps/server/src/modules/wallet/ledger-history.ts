import type { LedgerRow } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { STAFF_ADJUSTMENT_KIND } from './adjustment.ts';

// A player's ledger movements for the back office (backoffice-api.md §4, decision 0107), newest first. A movement
// is one ledger transaction on one player account: its entries on that account's real and bonus parts, summed,
// are what it did to the balance the player sees (real + bonus); a locked-part leg alone (a withdrawal paid out
// from the locked money) is a movement of 0. The balance after each movement is exact without a stored
// column: an account's parts equal the sums of their entries (decision 0013), so the balance after a movement
// is today's balance minus every newer movement of the account, and the walk from the newest entry down to the
// page reads exactly those.

export type LedgerType = LedgerRow['type'];

export interface LedgerQuery {
  playerId: string;
  /** One currency's account only. */
  currency?: string;
  page: number;
  perPage: number;
}

/** How far past the page the count goes (as the game history's, decision 0048): beyond it, "at least". */
export const LEDGER_COUNT_AHEAD = 1000;

/** The back office's name for a ledger transaction's `kind`. */
export function ledgerTypeOf(kind: string): LedgerType {
  if (kind === 'payment.deposit') return 'deposit';
  if (kind.startsWith('payment.withdrawal.')) return 'withdrawal';
  if (kind === 'game.bet') return 'bet';
  if (kind === 'game.win') return 'win';
  if (kind === 'game.rollback') return 'rollback';
  if (kind === STAFF_ADJUSTMENT_KIND) return 'adjustment';
  // Promotional value: bonus money in and out, cashback, and retention's prizes and rewards.
  if (kind.startsWith('bonus.') || kind.startsWith('cashback') || /\.(reward|prize)$/.test(kind)) return 'bonus';
  return 'other';
}

/**
 * What a movement belongs to, from its idempotency key `<kind>:<subject>`: the invoice of a payment, the player
 * bonus, the adjustment, the reward's key. Game movements carry none (their round is in the game history).
 */
export const referenceOf = (idempotencyKey: string | null): string | null => {
  if (!idempotencyKey) return null;
  const colon = idempotencyKey.indexOf(':');
  return colon < 0 ? idempotencyKey : idempotencyKey.slice(colon + 1) || null;
};

// Per account, the newest $3 entries walked down entries_account_idx (account_id, id), grouped into movements
// (a movement's entries on one account are adjacent: they are written under the account's lock). `n` and `low`
// say whether the walk reached the account's first entry.
const READ = (playerId: string, currency: string | null, entriesPerAccount: number) => sql`
  with acc as (
    select id, currency, (real + bonus) as balance from wallet.accounts
     where owner_kind = 'player' and player_id = ${playerId} and (${currency}::text is null or currency = ${currency})
  ), e as (
    select a.id as account_id, x.id, x.transaction_id, x.part, x.amount
      from acc a cross join lateral (
        select id, transaction_id, part, amount from wallet.entries
         where account_id = a.id order by id desc limit ${entriesPerAccount}) x
  ), g as (
    select account_id, transaction_id, max(id) as last_id,
           coalesce(sum(amount) filter (where part <> 'locked'), 0) as delta
      from e group by account_id, transaction_id
  ), walked as (
    select account_id, count(*)::int as n from e group by account_id
  )
  select g.account_id, acc.currency, acc.balance::text as balance, g.transaction_id, g.last_id::text as last_id,
         g.delta::text as delta, walked.n, t.kind, t.idempotency_key, t.created_at
    from g join acc on acc.id = g.account_id join walked on walked.account_id = g.account_id
    join wallet.transactions t on t.id = g.transaction_id`;

// Movements counted up to a cap: the player's entries, at most `entries` of them, grouped into movements (all of
// them when there are fewer: an exact count).
const COUNT = (playerId: string, currency: string | null, entries: number) => sql`
  select count(*)::int as n from (
    select distinct account_id, transaction_id from (
      select e.account_id, e.transaction_id from wallet.entries e
       where e.account_id in (select id from wallet.accounts where owner_kind = 'player' and player_id = ${playerId}
                                and (${currency}::text is null or currency = ${currency}))
       limit ${entries}) x) y`;

interface Movement {
  accountId: string;
  currency: string;
  balance: bigint;
  transactionId: string;
  lastId: bigint;
  delta: bigint;
  walked: number;
  kind: string;
  idempotencyKey: string | null;
  createdAt: Date;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * One page of the player's movements, newest first, with the balance after each, and how many there are
 * (counted up to LEDGER_COUNT_AHEAD movements past the page). A movement's `id` is its ledger transaction's.
 */
export async function ledgerHistory(db: Db, q: LedgerQuery): Promise<{ rows: LedgerRow[]; total: number }> {
  const need = q.page * q.perPage;
  const currency = q.currency ?? null;
  const [movements, counted] = await Promise.all([
    walk(db, q.playerId, currency, need),
    db.execute(COUNT(q.playerId, currency, 2 * (need + LEDGER_COUNT_AHEAD))).then((r) => Number(rowsOf(r)[0]?.n ?? 0)),
  ]);
  const page = movements.slice((q.page - 1) * q.perPage, need);
  // A capped count may fall short of what the walk saw; "at least" is never less than that.
  const more = movements.length > need ? 1 : 0;
  const total = Math.max(counted, (q.page - 1) * q.perPage + page.length + more);
  return { rows: page.map(toLedgerRow(movements)), total };
}

/** At least `need` movements known whole, newest first (fewer when the player has fewer). */
async function walk(db: Db, playerId: string, currency: string | null, need: number): Promise<Movement[]> {
  // Most movements are one or two entries on the player's account; a walk that falls short goes deeper.
  for (let perAccount = 2 * need + 10; ; perAccount *= 4) {
    const movements = rowsOf(await db.execute(READ(playerId, currency, perAccount))).map(
      (r): Movement => ({
        accountId: String(r.account_id),
        currency: String(r.currency),
        balance: BigInt(r.balance as string),
        transactionId: String(r.transaction_id),
        lastId: BigInt(r.last_id as string),
        delta: BigInt(r.delta as string),
        walked: Number(r.n),
        kind: String(r.kind),
        idempotencyKey: (r.idempotency_key as string | null) ?? null,
        createdAt: new Date(r.created_at as string | Date),
      }),
    );
    const { complete, cut } = completePrefix(movements, perAccount);
    if (complete.length >= need || cut === null) return complete;
  }
}

/**
 * The movements known whole and in their place, newest first. An account whose
 * walk stopped at its limit may have its lowest movement cut in two, and unread movements below it: only
 * movements newer than the highest such edge are certain (`cut` is that edge, null when every walk was whole).
 */
function completePrefix(movements: Movement[], perAccount: number): { complete: Movement[]; cut: bigint | null } {
  let cut: bigint | null = null;
  const lowest = new Map<string, bigint>();
  for (const m of movements) {
    if (m.walked < perAccount) continue;
    const low = lowest.get(m.accountId);
    if (low === undefined || m.lastId < low) lowest.set(m.accountId, m.lastId);
  }
  for (const low of lowest.values()) if (cut === null || low > cut) cut = low;
  const complete = movements
    .filter((m) => cut === null || m.lastId > cut)
    .sort((a, b) => (b.lastId > a.lastId ? 1 : -1));
  return { complete, cut };
}

/** Each movement with its balance after: the account's balance now minus the account's newer movements. */
function toLedgerRow(newestFirst: Movement[]) {
  const after = new Map<Movement, bigint>();
  const newer = new Map<string, bigint>();
  for (const m of newestFirst) {
    const sum = newer.get(m.accountId) ?? 0n;
    after.set(m, m.balance - sum);
    newer.set(m.accountId, sum + m.delta);
  }
  return (m: Movement): LedgerRow => ({
    id: m.transactionId,
    createdAt: m.createdAt.toISOString(),
    type: ledgerTypeOf(m.kind),
    amount: toMajor(m.delta, m.currency),
    currency: m.currency,
    balanceAfter: toMajor(after.get(m)!, m.currency),
    reference: referenceOf(m.idempotencyKey),
  });
}
