import { ApiError, ErrorCode, type TurnOverWager } from '@croupier/contracts';
import { isCurrencyCode, toMajor } from '@croupier/contracts/reference/index';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { holdWithdrawals, releaseAllWithdrawals, withdrawalsHeld } from '../wallet/index.ts';

// The turn-over wager (issue 12 §7, decisions 0066 and 0076): every deposit must be staked N times (operator
// setting, default 1 when the operator has no row; N = 0 or `enabled = false` switches it off) before money can
// be withdrawn. A deposit raises the target inside its credit's transaction; bets count through the limits
// rule's statement (turn-over-statements.ts, money-rule.ts). The wallet holds the account's withdrawals from the
// deposit's credit on (its `withdrawalBalance` is 0, live events included); this module releases the hold when
// the target is reached (the limits rule's effect, written by that bet's movement statement, decision 0099), or
// at once when the rule is off, and refuses a withdrawal while it is held (decision 0076).

interface Counter {
  target: bigint;
  wagered: bigint;
  cycleStart: bigint;
}

const toBig = (v: unknown) => BigInt(String(v ?? 0));

interface Setting {
  enabled: boolean;
  /** The multiplier N in hundredths (1 → 100). */
  hundredths: bigint;
}

/** The default without an operator row (issue 12 §7): on, deposits wagered once. */
const DEFAULT_SETTING: Setting = { enabled: true, hundredths: 100n };

/** The operator's setting (one row; none: the default, on with N = 1). N = 0 is off. */
async function settingOf(db: Db): Promise<Setting> {
  const rows = await db.execute(
    sql`select enabled, (multiplier * 100)::bigint::text as m from risk.turn_over_settings where id = 1`,
  );
  const [row] = rowsOf<{ enabled: boolean; m: string }>(rows);
  if (!row) return DEFAULT_SETTING;
  const hundredths = BigInt(row.m);
  return { enabled: row.enabled && hundredths > 0n, hundredths };
}

/** The demo's setting (issue 12 §7): on, deposits wagered once (the default, written out for the back office). */
export async function seedTurnOver(db: Db): Promise<void> {
  await db.execute(
    sql`insert into risk.turn_over_settings (id, enabled, multiplier) values (1, true, 1) on conflict do nothing`,
  );
}

/** Drizzle's execute answers an array (PGlite) or `{ rows }` (node-postgres). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

async function counterOf(db: Db, playerId: string, currency: string): Promise<Counter | null> {
  const rows = await db.execute(
    sql`select target::text, wagered::text, cycle_start::text as "cycleStart"
          from risk.turn_overs where player_id = ${playerId}::uuid and currency = ${currency}`,
  );
  const [row] = rowsOf<Record<string, unknown>>(rows);
  return row ? { target: toBig(row.target), wagered: toBig(row.wagered), cycleStart: toBig(row.cycleStart) } : null;
}

/** Minor units still to wager (0 when none is owed). */
export const owedOf = (c: Counter | null) => (c && c.target > c.wagered ? c.target - c.wagered : 0n);

/**
 * Inside a deposit's credit: its turnover (amount × N, rounded up) joins what is owed. The credit held the
 * account's withdrawals; with the rule off nothing is owed, so the hold is released here (and says so).
 */
export async function addDeposit(tx: Db, d: { playerId: string; currency: string; amount: bigint }): Promise<void> {
  const setting = await settingOf(tx);
  if (!setting.enabled) await holdWithdrawals(tx, d, false);
  const required = (d.amount * setting.hundredths + 99n) / 100n;
  if (required <= 0n) return;
  // A requirement already met starts a new cycle: what counts from here is what the site shows as placed.
  await tx.execute(sql`
    insert into risk.turn_overs as t (player_id, currency, target, wagered, cycle_start)
    values (${d.playerId}::uuid, ${d.currency}, ${String(required)}::bigint, 0, 0)
    on conflict (player_id, currency) do update
       set cycle_start = case when t.wagered >= t.target then t.wagered else t.cycle_start end,
           target = greatest(t.target, t.wagered) + ${String(required)}::bigint`);
}

/** GET /api/risk/reasons/turn-over-wager (api-contract §12). */
export async function turnOverOf(db: Db, playerId: string, currency: string): Promise<TurnOverWager> {
  if (!isCurrencyCode(currency)) {
    throw ApiError.of(ErrorCode.validation, 'Unknown currency.', { currency: ['Unknown currency.'] }, 422);
  }
  const [counter, setting] = await Promise.all([counterOf(db, playerId, currency), settingOf(db)]);
  const owed = setting.enabled ? owedOf(counter) : 0n;
  const total = counter && owed > 0n ? counter.target - counter.cycleStart : 0n;
  return {
    total: toMajor(total, currency),
    turnOverWager: Number(setting.hundredths) / 100,
    turnOverWagerAmount: toMajor(owed, currency),
    currency,
  };
}

/**
 * The operator's setting (the back office's write; tests use it too). Switching the rule off releases every
 * held withdrawal, so no hold outlives it (decision 0076); switching it on holds nothing retroactively (the
 * next deposit holds its account).
 */
export async function setTurnOverSetting(db: Db, s: { enabled: boolean; multiplier: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into risk.turn_over_settings (id, enabled, multiplier) values (1, ${s.enabled}, ${s.multiplier})
      on conflict (id) do update set enabled = excluded.enabled, multiplier = excluded.multiplier`);
    if (!s.enabled || s.multiplier <= 0) await releaseAllWithdrawals(tx as unknown as Db);
  });
}

/**
 * Before a withdrawal (in its transaction): refused while the account's withdrawals are held (the wallet's
 * flag, which its `withdrawalBalance` shows); the message names the turnover still owed.
 */
export async function assertTurnOverMet(tx: Db, w: { playerId: string; currency: string }): Promise<void> {
  if (!(await withdrawalsHeld(tx, w.playerId, w.currency))) return;
  const owed = owedOf(await counterOf(tx, w.playerId, w.currency));
  const message =
    owed > 0n
      ? `Wager ${toMajor(owed, w.currency)} ${w.currency} more before withdrawing (turnover of your deposits).`
      : 'Withdrawals are held until your deposits are turned over.';
  throw ApiError.of(ErrorCode.validation, message, { amount: [message] }, 422);
}
