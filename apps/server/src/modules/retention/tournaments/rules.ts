import { TournamentState, TournamentType } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import { currencyIn, type RatesTable } from '../../settings/index.ts';
import type { tournaments } from './schema.ts';

// The pure rules of a tournament (decision 0063): its state at a moment, whether a stake counts, and the
// points a stake or a win brings. Points are hundredths (bigint): 12.34 points = 1234n.

export type TournamentRow = typeof tournaments.$inferSelect;

/** The contract's state (api-contract §1.6): by status, then by time for a scheduled one. */
export function stateOf(t: Pick<TournamentRow, 'status' | 'startAt' | 'endAt'>, now: Date): number {
  if (t.status === 'draft') return TournamentState.draft;
  if (t.status === 'cancelled') return TournamentState.cancelled;
  if (t.status === 'finished') return TournamentState.finished;
  if (now < t.startAt) return TournamentState.upcoming;
  if (now < t.endAt) return TournamentState.running;
  // Ended, result not fixed yet: shown as finished (the end job is due).
  return TournamentState.finished;
}

/** A movement counts when it happened inside [startAt, endAt). */
export const inWindow = (t: Pick<TournamentRow, 'startAt' | 'endAt'>, at: Date): boolean =>
  at >= t.startAt && at < t.endAt;

/** Whether a game counts: in one of the collections, or in none of them when they are excluded. */
export function gameCounts(t: TournamentRow, gamesOfCollections: ReadonlySet<string>, gameId: string): boolean {
  const collections = t.conditions.gameCollections ?? [];
  if (collections.length === 0) return true;
  const listed = gamesOfCollections.has(gameId);
  return t.conditions.gameCollectionsExcluded ? !listed : listed;
}

type Op = 'gt' | 'gte' | 'lt' | 'lte';
const compare = (value: number, op: Op, bound: number): boolean =>
  op === 'gt' ? value > bound : op === 'gte' ? value >= bound : op === 'lt' ? value < bound : value <= bound;

/** Major units of `minor` in `currency`, by the rates table's subunit (null for a currency it does not know). */
function ownMajorOf(minor: bigint, currency: string, table: RatesTable): number | null {
  const info = currencyIn(table, currency);
  return info ? toMajor(minor, info.subunitToUnit) : null;
}

/** Base-currency major units of a stake (amount ÷ rate.rate, rate in minor units per base major unit). */
function baseOf(minor: bigint, currency: string, table: RatesTable): number | null {
  const info = currencyIn(table, currency);
  return info ? Number(minor) / info.rate.rate : null;
}

/**
 * Whether a stake satisfies the min/max conditions: a currency's own entry overrides the generic bounds,
 * which are in the base currency. Operators default to `gte` and `lte`.
 */
export function stakeCounts(t: TournamentRow, currency: string, stake: bigint, table: RatesTable): boolean {
  const own = t.conditions.currencies?.find((c) => c.isoCode === currency);
  const value = own ? ownMajorOf(stake, currency, table) : baseOf(stake, currency, table);
  if (value === null) return false;
  const c = own ?? t.conditions;
  if (c.minAmount !== undefined && !compare(value, c.minAmountOp ?? 'gte', c.minAmount)) return false;
  if (c.maxAmount !== undefined && !compare(value, c.maxAmountOp ?? 'lte', c.maxAmount)) return false;
  return true;
}

/**
 * Points (hundredths) of a counted stake in a by-stake tournament: stake × the currency's own rate, or the
 * stake in the base currency × `baseCurrencyRate`.
 */
export function stakePoints(t: TournamentRow, currency: string, stake: bigint, table: RatesTable): bigint {
  if (t.type !== TournamentType.stake) return 0n;
  const own = t.rates.currencyRates?.find((r) => r.isoCode === currency);
  const value = own ? ownMajorOf(stake, currency, table) : baseOf(stake, currency, table);
  if (value === null) return 0n;
  return BigInt(Math.round(value * (own ? own.rate : t.rates.baseCurrencyRate) * 100));
}

/** Points (hundredths) of a win in a by-multiplier tournament: payout ÷ the round's counted stake. */
export function winPoints(t: TournamentRow, stake: bigint, payout: bigint): bigint {
  if (t.type !== TournamentType.multiplier || stake <= 0n || payout <= 0n) return 0n;
  return (payout * 100n) / stake;
}

/** Hundredths → the API's number of points. */
export const pointsOf = (hundredths: bigint): number => Number(hundredths) / 100;
