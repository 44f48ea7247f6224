import type { SportsbookBet } from '@croupier/contracts/sportsbook';
import { EVENTS, oddsText } from './events.ts';
import type { BetRow } from './store.ts';

/** Cashing out an open bet pays this share of the stake (the sandbox has no live odds to price it). */
export const CASH_OUT_PERCENT = 90n;

/** stake × odds, rounded down to the currency's minor unit. */
export const winOf = (bet: Pick<BetRow, 'stake' | 'odds'>) => (bet.stake * BigInt(bet.odds)) / 100n;
export const cashOutOf = (bet: Pick<BetRow, 'stake'>) => (bet.stake * CASH_OUT_PERCENT) / 100n;

export function betView(bet: BetRow): SportsbookBet {
  const event = EVENTS.find((e) => e.id === bet.eventId);
  const outcome = event?.outcomes.find((o) => o.id === bet.outcomeId);
  return {
    id: bet.id,
    eventId: bet.eventId,
    eventName: event?.name ?? bet.eventId,
    outcomeId: bet.outcomeId,
    outcomeName: outcome?.name ?? bet.outcomeId,
    odds: oddsText(bet.odds),
    stake: String(bet.stake),
    potentialWin: String(winOf(bet)),
    cashOut: bet.status === 'open' ? String(cashOutOf(bet)) : '0',
    status: bet.status,
    resultOutcomeId: bet.resultOutcomeId,
    payout: String(bet.payout),
    createdAt: bet.createdAt.toISOString(),
  };
}
