import type { bonuses } from './schema.ts';

// A bonus definition read for one currency: what the player gets and what wagering it carries. Amounts are
// per currency in the definition (decision 0055); a currency the definition does not name is not offered.

export type BonusRow = typeof bonuses.$inferSelect;

const minorIn = (map: Record<string, string>, currency: string): bigint | null =>
  map[currency] === undefined ? null : BigInt(map[currency]);

export const maxBetOf = (b: BonusRow, currency: string) => minorIn(b.maxBets, currency);
export const maxWinOf = (b: BonusRow, currency: string) => minorIn(b.maxWins, currency);

/** The amount a bonus gives in `currency` (for a deposit of `deposit` minor units), or null when it cannot. */
export function amountOf(b: BonusRow, currency: string, deposit?: bigint): bigint | null {
  if (b.kind === 'cash') return minorIn(b.amounts, currency);
  if (b.kind !== 'deposit' || deposit === undefined || b.depositPercentage === null) return null;
  const min = minorIn(b.minDeposits, currency);
  const max = minorIn(b.maxDeposits, currency);
  if (min === null || deposit < min || (max !== null && deposit > max)) return null;
  const matched = (deposit * BigInt(b.depositPercentage)) / 100n;
  const cap = minorIn(b.maxAmounts, currency);
  return cap !== null && matched > cap ? cap : matched;
}

/** Whether the offer is open at `now`. */
export const isAvailable = (b: BonusRow, now: Date) =>
  b.enabled && !b.archivedAt && (!b.availableFrom || b.availableFrom <= now) && (!b.availableTo || now < b.availableTo);

/** Minor units to wager: the bonus amount times the multiplier (rounded up to a whole minor unit). */
export function requiredWagerOf(b: Pick<BonusRow, 'wagerMultiplier'>, amount: bigint): bigint {
  const hundredths = BigInt(Math.round(Number(b.wagerMultiplier) * 100));
  return (amount * hundredths + 99n) / 100n;
}

/**
 * Percent of a stake on `gameId` (of `providerId`) that counts towards wagering: 0 outside the allowed games.
 * Given a player bonus's frozen terms (terms.ts), never the live definition (issue 27).
 */
export function contributionOf(
  b: Pick<BonusRow, 'gameIds' | 'gameIdsExcluded' | 'providerIds' | 'providerIdsExcluded' | 'contributions'>,
  gameId: string,
  providerId: string,
): number {
  const listed = b.gameIds.includes(gameId);
  if (b.gameIds.length > 0 && listed === b.gameIdsExcluded) return 0;
  const providerListed = b.providerIds.includes(providerId);
  if (b.providerIds.length > 0 && providerListed === b.providerIdsExcluded) return 0;
  return b.contributions[gameId] ?? 100;
}
