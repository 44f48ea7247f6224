import { PlayerBonusResult, PlayerBonusStatus } from '@croupier/contracts';
import type { Sql } from '../../db/lean-sql.ts';
import { TURN_OVER_REFUND } from '../risk/index.ts';
import { createBonusHouse, type Leg } from '../wallet/index.ts';
import { type MoneyRule, type Movement, RuleRefusal } from '../wallet/seamless/index.ts';
import { contributionOf } from './definitions.ts';
import type { BonusDeps } from './deps.ts';
import { publishBonusIn } from './events.ts';
import { freeBet, freeRollback, freeWin } from './freespin-rule.ts';
import { type BonusFace, type PlayerBonusRow, toPlayerBonus } from './present.ts';
import {
  ACTIVE_BONUS,
  ACTIVE_BONUS_ON_BET,
  OPEN_STAKES,
  REFUND_STAKE,
  ROUND_STAKE,
  SET_WAGER,
  SETTLE_ROUND_STAKE,
  STAKE_AND_WAGER,
} from './statements.ts';

// The bonus inside every money movement (decision 0055), under the account lock: max bet, the stake's
// real/bonus split per round, wagering progress and conversion on bets; a win's bonus share back to the
// bonus part; a rollback's progress and parts undone. Stakes take real money first (wallet funding).

type Active = PlayerBonusRow & BonusFace & Parameters<typeof contributionOf>[0];
interface RoundStake {
  real: bigint;
  bonus: bigint;
  settled: boolean;
  playerBonusId: string | null;
  freeSpinId: string | null;
  status: number;
  result: number;
}

type BonusHouse = ReturnType<typeof createBonusHouse>;

const betsChannel = (playerId: string) => `game:bets#${playerId}`;
const minOf = (a: bigint, b: bigint) => (a < b ? a : b);

async function activeOf(sql: Sql, m: Movement): Promise<Active | null> {
  const [row] = await sql.query<Active>(ACTIVE_BONUS, [m.playerId, m.currency]);
  return row ?? null;
}

/** Ends the bonus inside the movement and tells the site. */
async function end(sql: Sql, pb: Active, wager: bigint, result: number, now: Date) {
  await sql.query(SET_WAGER, [pb.id, String(wager), PlayerBonusStatus.finished, result, now]);
  const done = { ...pb, currentWager: wager, status: PlayerBonusStatus.finished, result, finishedAt: now };
  await publishBonusIn(sql, toPlayerBonus(done, pb));
}

/** Wagered: what bonus money is left after the stake becomes real, up to the max win; the rest is forfeited. */
async function conversionLegs(sql: Sql, m: Movement, pb: Active, bonusHouse: BonusHouse) {
  const left = m.account.bonus + m.parts.bonus;
  const converted = pb.maxWin === null ? left : minOf(left, pb.maxWin);
  const legs: Leg[] = [];
  const houses: string[] = [];
  if (left > 0n) legs.push({ accountId: m.accountId, part: 'bonus', amount: -left });
  if (converted > 0n) legs.push({ accountId: m.accountId, part: 'real', amount: converted });
  if (left > converted) {
    const house = await bonusHouse(sql, m.currency);
    legs.push({ accountId: house, part: 'real', amount: left - converted });
    houses.push(house);
  }
  return { legs, houses };
}

async function bet(sql: Sql, m: Movement, now: Date, bonusHouse: BonusHouse) {
  if (m.freeSpinId !== undefined) return freeBet(sql, m, now);
  // The first statement also counts the real stake towards the turn-over wager (decision 0066).
  const [pb] = await sql.query<Active>(ACTIVE_BONUS_ON_BET, [m.playerId, m.currency, String(-m.parts.real)]);
  if (!pb) return undefined;
  if (pb.maxBet !== null && m.amount > pb.maxBet) {
    const playerBonus = toPlayerBonus(pb, pb);
    throw new RuleRefusal('max_bet_exceeded', 'The stake is above the active bonus’s max bet', {
      channel: betsChannel(m.playerId),
      event: 'game.bet.max.exceed',
      data: { event: 'game.bet.max.exceed', gameId: m.gameId, gameIdentity: m.gameId, playerBonus },
    });
  }
  const counted = (m.amount * BigInt(Math.round(contributionOf(pb, m.gameId, m.providerId) * 100))) / 10_000n;
  const wager = pb.currentWager + counted;
  const done = wager >= pb.requiredWager;
  await sql.query(STAKE_AND_WAGER, [
    m.providerId,
    m.roundId,
    pb.id,
    String(-m.parts.real),
    String(-m.parts.bonus),
    String(wager),
    done ? PlayerBonusStatus.finished : PlayerBonusStatus.active,
    done ? PlayerBonusResult.played : PlayerBonusResult.none,
    done ? now : null,
  ]);
  if (!done) return undefined;
  const { legs, houses } = await conversionLegs(sql, m, pb, bonusHouse);
  const ended = { ...pb, currentWager: wager, status: PlayerBonusStatus.finished, result: PlayerBonusResult.played };
  await publishBonusIn(sql, toPlayerBonus({ ...ended, finishedAt: now }, pb));
  return { legs, houseAccountIds: houses };
}

async function win(sql: Sql, m: Movement, now: Date, ctx: FreeContext) {
  const [stake] = await sql.query<RoundStake>(SETTLE_ROUND_STAKE, [m.providerId, m.roundId]);
  if (!stake) return undefined;
  if (stake.freeSpinId) return freeWin(sql, m, stake.freeSpinId, now, ctx);
  if (stake.status !== PlayerBonusStatus.active) return undefined;
  const total = stake.real + stake.bonus;
  const share = total > 0n ? (m.amount * stake.bonus) / total : 0n;
  const legs: Leg[] =
    share > 0n
      ? [
          { accountId: m.accountId, part: 'real', amount: -share },
          { accountId: m.accountId, part: 'bonus', amount: share },
        ]
      : [];
  // Lost: no bonus money left and no round of it still open.
  if (m.account.bonus + share === 0n) {
    const [open] = await sql.query<{ n: number }>(OPEN_STAKES, [stake.playerBonusId]);
    const pb = await activeOf(sql, m);
    if (pb && pb.id === stake.playerBonusId && open?.n === 0) {
      await end(sql, pb, pb.currentWager, PlayerBonusResult.lost, now);
    }
  }
  return { legs };
}

async function rollback(sql: Sql, m: Movement, bonusHouse: BonusHouse) {
  // The refunded real stake no longer counts towards the turn-over wager (decision 0066).
  if (m.parts.real > 0n) await sql.query(TURN_OVER_REFUND, [m.playerId, m.currency, String(m.parts.real)]);
  const [stake] = await sql.query<RoundStake>(ROUND_STAKE, [m.providerId, m.roundId]);
  if (!stake) return undefined;
  if (stake.freeSpinId) return freeRollback(sql, m);
  await sql.query(REFUND_STAKE, [m.providerId, m.roundId, String(m.parts.real), String(m.parts.bonus)]);
  if (stake.status === PlayerBonusStatus.active) {
    const pb = await activeOf(sql, m);
    if (!pb) return undefined;
    const counted = (m.amount * BigInt(Math.round(contributionOf(pb, m.gameId, m.providerId) * 100))) / 10_000n;
    const wager = pb.currentWager > counted ? pb.currentWager - counted : 0n;
    await sql.query(SET_WAGER, [pb.id, String(wager), PlayerBonusStatus.active, PlayerBonusResult.none, null]);
    return undefined;
  }
  // The bonus ended while the bet was live: its refunded bonus money follows the bonus's end.
  const refunded = m.parts.bonus;
  if (refunded <= 0n) return undefined;
  if (stake.result === PlayerBonusResult.played) {
    return {
      legs: [
        { accountId: m.accountId, part: 'bonus' as const, amount: -refunded },
        { accountId: m.accountId, part: 'real' as const, amount: refunded },
      ],
    };
  }
  const house = await bonusHouse(sql, m.currency);
  return {
    legs: [
      { accountId: m.accountId, part: 'bonus' as const, amount: -refunded },
      { accountId: house, part: 'real' as const, amount: refunded },
    ],
    houseAccountIds: [house],
  };
}

type FreeContext = { bonusHouse: BonusHouse; deps: Pick<BonusDeps, 'send' | 'freespinJobs'> };

/**
 * The bonus rule (decision 0055): one command per movement kind, sharing the house bonus account cache;
 * free rounds (0065) and the turn-over count (0066) ride on its statements.
 */
export function bonusWagering(deps: Pick<BonusDeps, 'send' | 'freespinJobs'>): MoneyRule {
  const bonusHouse = createBonusHouse();
  const free = { bonusHouse, deps };
  return {
    name: 'bonus-wagering',
    kinds: ['bet', 'win', 'rollback'],
    apply({ sql, movement, now }) {
      if (movement.kind === 'bet') return bet(sql, movement, now, bonusHouse);
      if (movement.kind === 'win') return win(sql, movement, now, free);
      return rollback(sql, movement, bonusHouse);
    },
  };
}
