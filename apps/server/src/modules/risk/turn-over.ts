import { ApiError, ErrorCode, type TurnOverWager } from '@croupier/contracts';
import { isCurrencyCode, toMajor } from '@croupier/contracts/reference/index';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readSetting } from '../settings/index.ts';
import { holdWithdrawals, withdrawalsHeld } from '../wallet/index.ts';
import { turnOverSetting } from './turn-over-setting.ts';

// The turn-over wager (issue 12 §7, decisions 0066 and 0076): every deposit must be staked N times (operating
// setting `turn-over`, turn-over-setting.ts; default 1 when never set; N = 0 or `enabled = false` switches it off) before money can
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

/**
 * The operator's setting as the deposit's transaction reads it (`db` is that transaction): a staff change applies
 * from the next deposit on every instance. N = 0 is off.
 */
async function settingOf(db: Db): Promise<Setting> {
  const { value } = await readSetting(db, turnOverSetting);
  const hundredths = BigInt(Math.round(value.multiplier * 100));
  return { enabled: value.enabled && hundredths > 0n, hundredths };
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

export { seedTurnOver, setTurnOverSetting } from './turn-over-setting.ts';

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
