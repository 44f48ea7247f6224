import type { CampaignKind } from '@croupier/contracts';
import type { LedgerMoved, ReportingEvent } from './events.ts';

// What one event changes in each rollup (decision 0121), as one pure function: the consumer sums a page of these
// and writes each table once. Money is integer minor units of the event's currency; days are UTC days of `at`.
// Reconciliation recomputes the same figures from the ledger by these same rules.

/** daily_figures' additive columns. */
export interface FigureDelta {
  deposits: bigint;
  depositCount: number;
  withdrawals: bigint;
  withdrawalCount: number;
  bets: bigint;
  wins: bigint;
  bonusCost: bigint;
  adjustments: bigint;
}

/** daily_games: every stake and payout (real and bonus money), the RTP monitor's basis, and their real parts. */
export interface GameDelta {
  gameId: string;
  providerId: string;
  rounds: number;
  stakes: bigint;
  /** Σ stake², for the RTP interval with unequal stakes. */
  stakeSquares: bigint;
  payouts: bigint;
  realStakes: bigint;
  realPayouts: bigint;
}

/** daily_players. */
export interface PlayerDelta {
  playerId: string;
  bets: bigint;
  wins: bigint;
  deposits: bigint;
  withdrawals: bigint;
  stakeCount: number;
}

/** daily_bonus_cost: real money given by one campaign to one player. */
export interface BonusCostDelta {
  kind: CampaignKind;
  /** '' when the source names none. */
  campaignId: string;
  playerId: string;
  cost: bigint;
}

/** A registration or a deposit: a candidate for the player's milestone (the earliest wins). */
export interface Milestone {
  playerId: string;
  at: string;
  currency: string;
}

/** One event's effects, all on one UTC day and in one currency. */
export interface Effects {
  day: string;
  currency: string;
  figures?: Partial<FigureDelta>;
  game?: GameDelta;
  player?: PlayerDelta;
  bonusCost?: BonusCostDelta;
  registered?: Milestone;
  deposited?: Milestone;
}

/**
 * Promotional credits by ledger kind, and the campaign kind they cost under when the movement names no source.
 * Only their real part costs: bonus money costs nothing until a conversion makes it real.
 */
const PROMOTIONS: Readonly<Record<string, CampaignKind>> = {
  'bonus.credit': 'bonus',
  'quest.reward': 'quest',
  'tournament.prize': 'tournament',
  'wheel.prize': 'wheel',
  'referral.reward': 'referral',
};

/** The ledger kind of a staff adjustment (wallet's STAFF_ADJUSTMENT_KIND): shown apart, never in GGR or NGR. */
const ADJUSTMENT = 'staff.adjustment';

export const dayOf = (at: string): string => new Date(at).toISOString().slice(0, 10);

const campaign = (e: LedgerMoved, fallback: CampaignKind, playerId: string, cost: bigint): BonusCostDelta => ({
  kind: (e.source?.kind as CampaignKind | undefined) ?? fallback,
  campaignId: e.source?.id ?? '',
  playerId,
  cost,
});

/** A game movement: a stake, a payout or a stake's refund, and any bonus conversion it carried. */
function gameEffects(e: LedgerMoved, base: Effects): Effects {
  const converted = BigInt(e.converted);
  // The movement's own real money: a conversion's share of `real` is bonus cost, not a stake or a win.
  const own = BigInt(e.real) - converted;
  const amount = BigInt(e.game?.amount ?? '0');
  // A free round's payout has no stake: it would skew the game's RTP (its cost shows when its bonus converts).
  const inGame = e.game !== undefined && !e.game.freeSpin;
  const game = (d: Omit<GameDelta, 'gameId' | 'providerId'>): Partial<Effects> =>
    inGame ? { game: { gameId: e.game!.gameId, providerId: e.game!.providerId, ...d } } : {};
  const zero = { bets: 0n, wins: 0n, deposits: 0n, withdrawals: 0n, stakeCount: 0 };
  const effects: Effects = { ...base };
  if (e.type === 'game.bet') {
    const stake = -own;
    Object.assign(effects, {
      figures: { bets: stake },
      ...game({
        rounds: 1,
        stakes: amount,
        stakeSquares: amount * amount,
        payouts: 0n,
        realStakes: stake,
        realPayouts: 0n,
      }),
      player: { ...zero, playerId: e.playerId, bets: stake, stakeCount: inGame ? 1 : 0 },
    });
  } else if (e.type === 'game.rollback') {
    Object.assign(effects, {
      figures: { bets: -own },
      ...game({
        rounds: -1,
        stakes: -amount,
        stakeSquares: -(amount * amount),
        payouts: 0n,
        realStakes: -own,
        realPayouts: 0n,
      }),
      player: { ...zero, playerId: e.playerId, bets: -own, stakeCount: inGame ? -1 : 0 },
    });
  } else {
    Object.assign(effects, {
      figures: { wins: own },
      ...game({ rounds: 0, stakes: 0n, stakeSquares: 0n, payouts: amount, realStakes: 0n, realPayouts: own }),
      player: { ...zero, playerId: e.playerId, wins: own },
    });
  }
  if (converted !== 0n) {
    effects.figures = { ...effects.figures, bonusCost: converted };
    effects.bonusCost = campaign(e, 'bonus', e.playerId, converted);
  }
  return effects;
}

function ledgerEffects(e: LedgerMoved): Effects | null {
  const base: Effects = { day: dayOf(e.at), currency: e.currency };
  const real = BigInt(e.real);
  const none = { bets: 0n, wins: 0n, deposits: 0n, withdrawals: 0n, stakeCount: 0 };
  if (e.type === 'game.bet' || e.type === 'game.win' || e.type === 'game.rollback') return gameEffects(e, base);
  if (e.type === 'payment.deposit') {
    return {
      ...base,
      figures: { deposits: real, depositCount: 1 },
      player: { ...none, playerId: e.playerId, deposits: real },
      deposited: { playerId: e.playerId, at: e.at, currency: e.currency },
    };
  }
  if (e.type === 'payment.withdrawal.settle') {
    // The locked money leaves the casino: the request's lock and a failed withdrawal's return move nothing out.
    const paid = -BigInt(e.locked);
    return {
      ...base,
      figures: { withdrawals: paid, withdrawalCount: 1 },
      player: { ...none, playerId: e.playerId, withdrawals: paid },
    };
  }
  const promotion = PROMOTIONS[e.type];
  if (promotion !== undefined) {
    if (real === 0n) return null;
    return { ...base, figures: { bonusCost: real }, bonusCost: campaign(e, promotion, e.playerId, real) };
  }
  if (e.type === ADJUSTMENT) return { ...base, figures: { adjustments: real } };
  // dev.credit, bonus.forfeit, payment.withdrawal.lock and .return, and kinds reports do not know: nothing.
  return null;
}

/** What an event changes in the rollups; null when nothing. */
export function classify(event: ReportingEvent): Effects | null {
  if (event.kind === 'player.registered') {
    const registered = { playerId: event.playerId, at: event.at, currency: event.currency };
    return { day: dayOf(event.at), currency: event.currency, registered };
  }
  if (event.kind === 'ledger.moved') return ledgerEffects(event);
  return null;
}
