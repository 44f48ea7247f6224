import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// What the ledger itself says about a range of UTC days, for the reporting module's reconciliation (issue 28,
// decision 0121): the player accounts' part changes summed per day, currency and ledger kind, per game and per
// player, read from the wallet's own tables. Facts only: which kind is a bet, a win or a bonus cost is the
// reporting module's business. A movement's day is the UTC day of its ledger row's `created_at`, the same
// instant its `ledger.moved` event carries as `at` (both are the transaction's `now()`).

/** UTC days, both included (YYYY-MM-DD). */
export interface LedgerDays {
  from: string;
  to: string;
}

/** A movement of one player account the caller wants left out (its event is not applied yet, say). */
export interface LedgerMovementRef {
  ledgerId: string;
  accountId: string;
}

/** One group of movements of player accounts: a day, currency and kind, and per game or per player below it. */
export interface LedgerTotal {
  day: string;
  currency: string;
  /** wallet.transactions.kind: 'game.bet', 'payment.deposit', … */
  kind: string;
  /** The game's identity and its provider (game movements, per-game rows only). */
  gameId: string | null;
  providerId: string | null;
  /** Per-player rows only. */
  playerId: string | null;
  /** Movements (one per ledger transaction and player account). */
  movements: number;
  /** Distinct players. */
  players: number;
  /** The player accounts' part changes, minor units, signed. */
  real: bigint;
  bonus: bigint;
  locked: bigint;
  /** Seamless movements: the provider's amounts (the stakes, payouts and refunds themselves, any money). */
  gameAmount: bigint;
  /** Rollbacks: the real part of the stakes they refunded (the cancelled bets' own real entries, negated). */
  refundedReal: bigint;
  /** Wins of free rounds (a zero-stake round whose payout left for the house's bonus account), and their amounts. */
  freeRoundWins: number;
  freeRoundAmount: bigint;
}

export interface LedgerTotals {
  /** Per day, currency and kind. */
  days: LedgerTotal[];
  /** Per day, currency, kind and game (seamless movements only). */
  games: LedgerTotal[];
  /** Per day, currency, kind and player. */
  players: LedgerTotal[];
}

const DAY_MS = 86_400_000;
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
const afterLast = (day: string) => new Date(startOf(day).getTime() + DAY_MS);

type Row = Record<string, string | number | null> & { level: number };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const big = (v: unknown) => BigInt((v as string | null) ?? '0');

/**
 * The ledger's totals over `days`, movements of player accounts only, less the movements in `leaveOut`. One
 * statement, one snapshot: the three levels are grouping sets of the same movements. A movement's game comes
 * from its seamless row (written in the same transaction, so with the same `created_at`), its game identity from
 * the round, a rollback's refunded real part from the cancelled bet's own entries.
 */
export async function ledgerTotals(
  db: Db,
  days: LedgerDays,
  leaveOut: readonly LedgerMovementRef[] = [],
): Promise<LedgerTotals> {
  const from = startOf(days.from);
  const to = afterLast(days.to);
  const out = JSON.stringify(leaveOut.map((m) => ({ l: m.ledgerId, a: m.accountId })));
  const result = await db.execute(sql`
    with out as (
      select l, a from jsonb_to_recordset(${out}::jsonb) as x(l uuid, a uuid)
    ), m as (
      select t.id, t.kind, t.created_at, a.id as account_id, a.player_id, a.currency,
             coalesce(sum(e.amount) filter (where e.part = 'real'), 0) as real,
             coalesce(sum(e.amount) filter (where e.part = 'bonus'), 0) as bonus,
             coalesce(sum(e.amount) filter (where e.part = 'locked'), 0) as locked
        from wallet.transactions t
        join wallet.entries e on e.transaction_id = t.id
        join wallet.accounts a on a.id = e.account_id and a.owner_kind = 'player'
       where t.created_at >= ${from} and t.created_at < ${to}
         and not exists (select 1 from out where out.l = t.id and out.a = a.id)
       group by t.id, t.kind, t.created_at, a.id, a.player_id, a.currency
    ), g as (
      select m.*, (m.created_at at time zone 'UTC')::date::text as day, r.game_id, s.provider_id,
             coalesce(s.amount, 0) as game_amount, coalesce(-c.real, 0) as refunded_real,
             (s.kind = 'win' and s.amount > 0 and r.bet_total = 0 and m.real = 0) as free_win
        from m
        left join wallet.seamless_transactions s
          on s.ledger_transaction_id = m.id and s.account_id = m.account_id
         and s.created_at = m.created_at and s.created_at >= ${from} and s.created_at < ${to}
         and m.kind like 'game.%'
        left join wallet.seamless_rounds r on r.provider_id = s.provider_id and r.round_id = s.round_id
        left join lateral (
          select sum(eb.amount) as real
            from wallet.seamless_transactions b
            join wallet.entries eb on eb.transaction_id = b.ledger_transaction_id
           where s.kind = 'rollback' and b.provider_id = s.provider_id and b.provider_tx_id = s.ref_tx_id
             and b.kind = 'bet' and eb.account_id = m.account_id and eb.part = 'real'
        ) c on true
    )
    select grouping(game_id, provider_id, player_id) as level, day, currency, kind, game_id, provider_id, player_id,
           count(*)::int as movements, count(distinct player_id)::int as players,
           sum(real)::text as real, sum(bonus)::text as bonus, sum(locked)::text as locked,
           sum(game_amount)::text as game_amount, sum(refunded_real)::text as refunded_real,
           (count(*) filter (where free_win))::int as free_round_wins,
           coalesce(sum(game_amount) filter (where free_win), 0)::text as free_round_amount
      from g
     group by grouping sets ((day, currency, kind), (day, currency, kind, game_id, provider_id),
                             (day, currency, kind, player_id))
     order by 1, 2, 3, 4`);
  const totals: LedgerTotals = { days: [], games: [], players: [] };
  for (const r of rowsOf<Row>(result)) {
    const total: LedgerTotal = {
      day: String(r.day),
      currency: String(r.currency),
      kind: String(r.kind),
      gameId: (r.game_id as string | null) ?? null,
      providerId: (r.provider_id as string | null) ?? null,
      playerId: (r.player_id as string | null) ?? null,
      movements: Number(r.movements),
      players: Number(r.players),
      real: big(r.real),
      bonus: big(r.bonus),
      locked: big(r.locked),
      gameAmount: big(r.game_amount),
      refundedReal: big(r.refunded_real),
      freeRoundWins: Number(r.free_round_wins),
      freeRoundAmount: big(r.free_round_amount),
    };
    // grouping(): a bit per column left out of the set, game_id the highest (4), player_id the lowest (1).
    const level = Number(r.level);
    if (level === 7) totals.days.push(total);
    else if (level === 1 && total.gameId !== null) totals.games.push(total);
    else if (level === 6) totals.players.push(total);
  }
  return totals;
}

/**
 * Players whose first movement of `kind` ever (any currency) falls in `days`, counted per day and in the
 * currency of that movement: the daily report's first deposits. Movements in `leaveOut` count as not made yet.
 * Walks each candidate's earlier entries.
 */
export async function firstMovements(
  db: Db,
  days: LedgerDays,
  kind: string,
  leaveOut: readonly LedgerMovementRef[] = [],
): Promise<{ day: string; currency: string; players: number }[]> {
  const out = JSON.stringify(leaveOut.map((m) => ({ l: m.ledgerId, a: m.accountId })));
  const result = await db.execute(sql`
    with out as (
      select l, a from jsonb_to_recordset(${out}::jsonb) as x(l uuid, a uuid)
    ), m as (
      select distinct on (a.player_id) a.player_id, a.currency, t.created_at
        from wallet.transactions t
        join wallet.entries e on e.transaction_id = t.id
        join wallet.accounts a on a.id = e.account_id and a.owner_kind = 'player'
       where t.kind = ${kind} and t.created_at >= ${startOf(days.from)} and t.created_at < ${afterLast(days.to)}
         and not exists (select 1 from out where out.l = t.id and out.a = a.id)
       order by a.player_id, t.created_at, t.id
    )
    select (m.created_at at time zone 'UTC')::date::text as day, m.currency, count(*)::int as players
      from m
     where not exists (
       select 1 from wallet.accounts a2
         join wallet.entries e2 on e2.account_id = a2.id
         join wallet.transactions t2 on t2.id = e2.transaction_id
        where a2.player_id = m.player_id and t2.kind = ${kind} and t2.created_at < m.created_at
          and not exists (select 1 from out where out.l = t2.id and out.a = a2.id))
     group by 1, 2
     order by 1, 2`);
  return rowsOf<{ day: string; currency: string; players: number }>(result).map((r) => ({
    day: r.day,
    currency: r.currency,
    players: Number(r.players),
  }));
}
