import { PlayerBonusResult, PlayerBonusStatus } from '@croupier/contracts';
import type { Sql } from '../../db/lean-sql.ts';
import type { createBonusHouse, Leg } from '../wallet/index.ts';
import { type Movement, type RuleEffect, RuleRefusal } from '../wallet/index.ts';
import { jobIdOf } from './cashback.ts';
import type { BonusDeps } from './deps.ts';
import { type FreeSpinFace, type FreeSpinRow, publishFreeSpinIn, toPlayerFreespin } from './free-spin-present.ts';
import { FINISH_FREE_SPINS, FREE_SPIN_BET, FREE_SPIN_ROLLBACK, FREE_SPIN_WIN } from './statements.ts';

// Free rounds in the money path (decision 0065), under the account lock: a zero-stake bet carrying the
// free-spin id uses one spin of the player's own active free spins for this account and game, sent by the
// provider they were issued for (decision 0095); its win waits in the house bonus account (real money must not
// reach the player before wagering); the last paid spin ends them, and a job issues the winnings as a wagering
// bonus.

type BonusHouse = ReturnType<typeof createBonusHouse>;
type Sends = Pick<BonusDeps, 'send' | 'freeSpinJobs'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const unavailable = () =>
  new RuleRefusal('free_spin_unavailable', 'No such free spin for this player, game and provider');

/** A free round's bet: refused unless it is a zero stake on one of the player's remaining free spins. */
export async function freeBet(sql: Sql, m: Movement, now: Date): Promise<undefined> {
  if (m.amount !== 0n || !m.freeSpinId || !UUID.test(m.freeSpinId)) throw unavailable();
  const [used] = await sql.query(FREE_SPIN_BET, [
    m.freeSpinId,
    m.playerId,
    m.currency,
    m.gameId,
    m.providerId,
    m.roundId,
    now,
  ]);
  if (!used) throw unavailable();
  return undefined;
}

/** A free round's win: to the house bonus account (forfeited when the free spins ended meanwhile). */
export async function freeWin(
  sql: Sql,
  m: Movement,
  freeSpinId: string,
  now: Date,
  ctx: { bonusHouse: BonusHouse; deps: Sends },
): Promise<RuleEffect> {
  const [row] = await sql.query<FreeSpinRow & FreeSpinFace & { open: number }>(FREE_SPIN_WIN, [
    freeSpinId,
    String(m.amount),
  ]);
  // A free round: its payout has no stake, so the reports keep it out of the game's RTP (decision 0121).
  const effect: RuleEffect = { freeRound: true };
  if (m.amount > 0n) {
    const house = await ctx.bonusHouse(sql, m.currency);
    const legs: Leg[] = [
      { accountId: m.accountId, part: 'real', amount: -m.amount },
      { accountId: house, part: 'real', amount: m.amount },
    ];
    Object.assign(effect, { legs, houseAccountIds: [house] });
  }
  if (!row || row.status !== PlayerBonusStatus.active || row.usedCount < row.count || row.open > 0) return effect;
  await sql.query(FINISH_FREE_SPINS, [row.id, now]);
  const done = { ...row, status: PlayerBonusStatus.finished, result: PlayerBonusResult.played, finishedAt: now };
  await publishFreeSpinIn(sql, toPlayerFreespin(done, row));
  await ctx.deps.send(
    ctx.deps.freeSpinJobs.finish,
    { freeSpinId: row.id },
    { in: sql, id: jobIdOf(`finish:${row.id}`) },
  );
  return effect;
}

/** A free round's bet rolled back before its win: the spin can be played again. */
export async function freeRollback(sql: Sql, m: Movement): Promise<undefined> {
  await sql.query(FREE_SPIN_ROLLBACK, [m.providerId, m.roundId]);
  return undefined;
}
