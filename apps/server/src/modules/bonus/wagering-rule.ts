import { PlayerBonusResult, PlayerBonusStatus } from '@croupier/contracts';
import type { Sql } from '../../db/lean-sql.ts';
import { createBonusHouse, type MoneyRule, type Movement, type RuleEffect, RuleRefusal } from '../wallet/index.ts';
import { afterEnd, type BonusHouse, convert, endIn, type StakeBonus } from './conversion.ts';
import { contributionOf } from './definitions.ts';
import type { BonusDeps } from './deps.ts';
import { freeBet, freeRollback, freeWin } from './free-spin-rule.ts';
import { type BonusFace, type PlayerBonusRow, toPlayerBonus } from './present.ts';
import {
  ACTIVE_BONUS,
  ACTIVE_BONUS_ON_BET,
  REFUND_ROUND_STAKE,
  SET_WAGER,
  SETTLE_ROUND_STAKE,
  STAKE_AND_WAGER,
} from './statements.ts';
import { frozen } from './terms.ts';

// The bonus inside every money movement (decision 0055), under the account lock: max bet per round, the
// stake's real/bonus split per round, wagering progress on bets; a win's bonus share following the state of
// the round's bonus; a rollback's progress and parts undone; conversion once wagering is complete and none
// of the bonus's stakes can still be rolled back (decision 0090). Stakes take real money first (wallet funding).

type Active = PlayerBonusRow & BonusFace;
/** No bonus active: one row of nulls, still with what it read of the round. */
type OnBet = (Active | { id: null }) & { roundStaked: bigint; otherRound: boolean; freeRound: boolean };
interface RoundStake extends StakeBonus {
  real: bigint;
  bonus: bigint;
  settled: boolean;
  freeSpinId: string | null;
  status: number;
  currentWager: bigint;
  requiredWager: bigint;
  /** Open stakes of the round's bonus besides this round (0 unless the bonus is active). */
  otherOpen: number;
}

const betsChannel = (playerId: string) => `game:bets#${playerId}`;
/** The stake's wagering: the contribution the bonus was issued with (its frozen terms, issue 27). */
const counted = (pb: Active, m: Movement) =>
  (m.amount * BigInt(Math.round(contributionOf(frozen(pb.terms), m.gameId, m.providerId) * 100))) / 10_000n;

async function activeOf(sql: Sql, m: Movement): Promise<Active | null> {
  const [row] = await sql.query<Active>(ACTIVE_BONUS, [m.playerId, m.currency]);
  return row ?? null;
}

/**
 * Nothing of the bonus is open any more after this movement: played when wagered, lost when its money is gone.
 * `stake` is the round's, read with its bonus's state by the movement's stake statement.
 */
async function settleBonus(sql: Sql, m: Movement, stake: RoundStake, left: bigint, now: Date, house: BonusHouse) {
  const pb = { ...stake, playerBonusId: stake.playerBonusId! };
  if (stake.currentWager >= stake.requiredWager) return convert(sql, m, pb, left, now, house);
  if (left > 0n) return undefined;
  return { events: [await endIn(sql, pb, PlayerBonusResult.lost, now)] };
}

async function bet(sql: Sql, m: Movement, now: Date) {
  if (m.freeSpinId !== undefined) return freeBet(sql, m, now);
  // The first statement also reads the round's stake (decision 0090).
  const [pb] = await sql.query<OnBet>(ACTIVE_BONUS_ON_BET, [m.playerId, m.currency, m.providerId, m.roundId]);
  // A paid bet into a free round would be paid as the free spins' winnings (to the house): refused, bonus or not.
  if (pb?.freeRound) throw new RuleRefusal('bet_restricted', 'The round is a free round of free spins');
  if (!pb || pb.id === null) return undefined;
  if (pb.otherRound) {
    throw new RuleRefusal('bet_restricted', 'The round was opened under another bonus or free spins');
  }
  if (pb.maxBet !== null && pb.roundStaked + m.amount > pb.maxBet) {
    const playerBonus = toPlayerBonus(pb, pb);
    throw new RuleRefusal('max_bet_exceeded', 'The round’s stakes would pass the active bonus’s max bet', {
      channel: betsChannel(m.playerId),
      event: 'game.bet.max.exceed',
      data: { event: 'game.bet.max.exceed', gameId: m.gameId, gameIdentity: m.gameId, playerBonus },
    });
  }
  const wager = pb.currentWager + counted(pb, m);
  await sql.query(STAKE_AND_WAGER, [
    m.providerId,
    m.roundId,
    pb.id,
    String(-m.parts.real),
    String(-m.parts.bonus),
    String(wager),
  ]);
  return undefined;
}

/** Two rule effects as one (their legs in the same ledger transaction, their events in its statement). */
function both(a: RuleEffect | undefined, b: RuleEffect | undefined): RuleEffect | undefined {
  if (!a) return b;
  if (!b) return a;
  return {
    legs: [...(a.legs ?? []), ...(b.legs ?? [])],
    houseAccountIds: [...(a.houseAccountIds ?? []), ...(b.houseAccountIds ?? [])],
    events: [...(a.events ?? []), ...(b.events ?? [])],
    // A conversion's report (decision 0121): only the second can convert.
    ...(b.converted ? { converted: b.converted } : {}),
    ...(b.source ? { source: b.source } : {}),
  };
}

async function win(sql: Sql, m: Movement, now: Date, ctx: FreeContext) {
  // The round's bets can no longer be rolled back once it closed or paid (decision 0021): its stake settles.
  const closes = m.round === undefined || m.round.status !== 'open' || m.round.winTotal > 0n;
  const [stake] = await sql.query<RoundStake>(SETTLE_ROUND_STAKE, [m.providerId, m.roundId, closes]);
  if (!stake) return undefined;
  if (stake.freeSpinId) return freeWin(sql, m, stake.freeSpinId, now, ctx);
  // The round's bonus share: its bonus stake over everything staked in it, rounded up (rounding never turns
  // bonus money into real money).
  const staked = stake.real + stake.bonus;
  const total = m.round && m.round.betTotal > staked ? m.round.betTotal : staked;
  const share = total > 0n ? (m.amount * stake.bonus + total - 1n) / total : 0n;
  if (stake.status !== PlayerBonusStatus.active) return afterEnd(sql, m, stake, share, 'real', ctx.bonusHouse);
  const moved: RuleEffect | undefined =
    share > 0n
      ? {
          legs: [
            { accountId: m.accountId, part: 'real', amount: -share },
            { accountId: m.accountId, part: 'bonus', amount: share },
          ],
        }
      : undefined;
  // Only the last open stake of a bonus that is wagered or has no money left ends it (one more statement).
  const left = m.account.bonus + share;
  if (stake.otherOpen > 0 || !stake.settled) return moved;
  if (stake.currentWager < stake.requiredWager && left > 0n) return moved;
  return both(moved, await settleBonus(sql, m, stake, left, now, ctx.bonusHouse));
}

async function rollback(sql: Sql, m: Movement, now: Date, bonusHouse: BonusHouse) {
  const [stake] = await sql.query<RoundStake>(REFUND_ROUND_STAKE, [
    m.providerId,
    m.roundId,
    String(m.parts.real),
    String(m.parts.bonus),
  ]);
  if (!stake) return undefined;
  if (stake.freeSpinId) return freeRollback(sql, m);
  // The bonus ended while the bet was live: its refunded bonus money follows the bonus's end.
  if (stake.status !== PlayerBonusStatus.active) return afterEnd(sql, m, stake, m.parts.bonus, 'bonus', bonusHouse);
  const pb = await activeOf(sql, m);
  if (!pb) return undefined;
  const taken = counted(pb, m);
  const wager = pb.currentWager > taken ? pb.currentWager - taken : 0n;
  // The last open stake of a wagered bonus was this one: it converts now, in the same statement as its wager.
  if (stake.otherOpen === 0 && stake.settled && wager >= pb.requiredWager) {
    const ending = { playerBonusId: pb.id, currentWager: wager, maxWin: pb.maxWin, converted: pb.converted };
    return convert(sql, m, ending, m.account.bonus + m.parts.bonus, now, bonusHouse);
  }
  await sql.query(SET_WAGER, [pb.id, String(wager), PlayerBonusStatus.active, PlayerBonusResult.none, null, '0']);
  return undefined;
}

type FreeContext = { bonusHouse: BonusHouse; deps: Pick<BonusDeps, 'send' | 'freeSpinJobs'> };

/**
 * The bonus rule (decision 0055): one command per movement kind, sharing the house bonus account cache;
 * free rounds (0065) and the turn-over count (0066) ride on its statements.
 */
export function bonusWagering(deps: Pick<BonusDeps, 'send' | 'freeSpinJobs'>): MoneyRule {
  const bonusHouse = createBonusHouse();
  const free = { bonusHouse, deps };
  return {
    name: 'bonus-wagering',
    kinds: ['bet', 'win', 'rollback'],
    apply({ sql, movement, now }) {
      if (movement.kind === 'bet') return bet(sql, movement, now);
      if (movement.kind === 'win') return win(sql, movement, now, free);
      return rollback(sql, movement, now, bonusHouse);
    },
  };
}
