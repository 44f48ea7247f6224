import { PlayerBonusResult, PlayerBonusStatus } from '@croupier/contracts';
import type { Sql } from '../../db/lean-sql.ts';
import type { createBonusHouse, LedgerSource, Leg, Movement, Part, RuleEffect } from '../wallet/index.ts';
import { bonusUpdatedEvent } from './events.ts';
import { type BonusFace, type PlayerBonusRow, toPlayerBonus } from './present.ts';
import { ADD_CONVERTED, SET_WAGER } from './statements.ts';

// Where a bonus's money goes when it leaves the bonus part (decision 0090): its conversion (capped at the
// max win, the excess to the house), and the shares and refunds of its rounds that come after it ended.

export type BonusHouse = ReturnType<typeof createBonusHouse>;
type RuleEvent = NonNullable<RuleEffect['events']>[number];

const minOf = (a: bigint, b: bigint) => (a < b ? a : b);

/** What is left of the max win after `converted` (null: no cap). */
const capLeft = (maxWin: bigint | null, converted: bigint) =>
  maxWin === null ? null : maxWin > converted ? maxWin - converted : 0n;

/** The bonus as the money rule knows it when it ends it. */
export interface Ending {
  playerBonusId: string;
  currentWager: bigint;
  maxWin: bigint | null;
  converted: bigint;
}

/** The campaign a bonus's converted money is reported under (decision 0121), by its definition's kind. */
export const campaignOf = (bonusId: string, kind: string): LedgerSource => ({
  kind: kind === 'freespins' ? 'free_spins' : kind === 'cashback' ? 'cashback' : 'bonus',
  id: bonusId,
});

/**
 * Ends the bonus inside the movement (one statement); its `player.bonus.updated` event rides the movement's
 * own statement. `converted` is the real money the end paid.
 */
export async function endIn(sql: Sql, pb: Ending, result: number, now: Date, converted = 0n): Promise<RuleEvent> {
  return (await ended(sql, pb, result, now, converted)).event;
}

/** `endIn`, with the campaign of the bonus. */
async function ended(sql: Sql, pb: Ending, result: number, now: Date, converted: bigint) {
  const [row] = await sql.query<PlayerBonusRow & BonusFace>(SET_WAGER, [
    pb.playerBonusId,
    String(pb.currentWager),
    PlayerBonusStatus.finished,
    result,
    now,
    String(converted),
  ]);
  return { event: bonusUpdatedEvent(toPlayerBonus(row!, row!)), source: campaignOf(row!.bonusId, row!.kind) };
}

/**
 * Wagering complete and nothing of the bonus still open: `left` (the bonus part after the movement's other
 * legs) leaves the bonus part, to real up to the max win, the rest to the house; the bonus is played.
 */
export async function convert(
  sql: Sql,
  m: Movement,
  pb: Ending,
  left: bigint,
  now: Date,
  bonusHouse: BonusHouse,
): Promise<RuleEffect> {
  const cap = capLeft(pb.maxWin, pb.converted);
  const converted = cap === null ? left : minOf(left, cap);
  const legs: Leg[] = [];
  const houses: string[] = [];
  if (left > 0n) legs.push({ accountId: m.accountId, part: 'bonus', amount: -left });
  if (converted > 0n) legs.push({ accountId: m.accountId, part: 'real', amount: converted });
  if (left > converted) {
    const house = await bonusHouse(sql, m.currency);
    legs.push({ accountId: house, part: 'real', amount: left - converted });
    houses.push(house);
  }
  const { event, source } = await ended(sql, pb, PlayerBonusResult.played, now, converted);
  // The ledger event reports the conversion as bonus cost of the bonus's campaign, not as a win (0121).
  return { legs, houseAccountIds: houses, events: [event], ...(converted > 0n ? { converted, source } : {}) };
}

/** The bonus a round was staked under, as the win and rollback statements read it. */
export interface StakeBonus {
  playerBonusId: string | null;
  result: number;
  maxWin: bigint | null;
  converted: bigint;
}

/**
 * Bonus money of a round whose bonus has ended (a win's share, still in the real part; a refund, in the bonus
 * part): a played bonus lets it become real up to what is left of its max win, any other end sends it to the
 * house. `from` is the part it sits in now.
 */
export async function afterEnd(
  sql: Sql,
  m: Movement,
  stake: StakeBonus,
  amount: bigint,
  from: Part,
  bonusHouse: BonusHouse,
): Promise<RuleEffect | undefined> {
  if (amount <= 0n) return undefined;
  const played = stake.result === PlayerBonusResult.played;
  const cap = played ? capLeft(stake.maxWin, stake.converted) : 0n;
  const kept = cap === null ? amount : minOf(amount, cap);
  const legs: Leg[] = [];
  const houses: string[] = [];
  let source: LedgerSource | undefined;
  if (kept > 0n && stake.playerBonusId) {
    const [bonus] = await sql.query<{ bonusId: string; kind: string }>(ADD_CONVERTED, [
      stake.playerBonusId,
      String(kept),
    ]);
    if (bonus) source = campaignOf(bonus.bonusId, bonus.kind);
  }
  if (from !== 'real' && kept > 0n) {
    legs.push({ accountId: m.accountId, part: from, amount: -kept });
    legs.push({ accountId: m.accountId, part: 'real', amount: kept });
  }
  if (amount > kept) {
    const house = await bonusHouse(sql, m.currency);
    legs.push({ accountId: m.accountId, part: from, amount: -(amount - kept) });
    legs.push({ accountId: house, part: 'real', amount: amount - kept });
    houses.push(house);
  }
  // What stays real is converted money: bonus cost, not a win (decision 0121).
  return { legs, houseAccountIds: houses, ...(kept > 0n ? { converted: kept, ...(source ? { source } : {}) } : {}) };
}
