import type { Bonus, BonusCode, PlayerBonus } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import type { BonusRow } from './definitions.ts';
import type { playerBonusCodes, playerBonuses } from './schema.ts';
import { frozen } from './terms.ts';

export type PlayerBonusRow = typeof playerBonuses.$inferSelect;
type CodeRow = typeof playerBonusCodes.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Contract `bonusType` / Bonus `type`: 1 money, 2 free spins, 3 cashback. */
const typeOf = (kind: string) => (kind === 'freespins' ? 2 : kind === 'cashback' ? 3 : 1);

/** What presenting a player bonus needs of its definition (its money rules are the bonus's own terms). */
export type BonusFace = Pick<BonusRow, 'name' | 'kind' | 'packageId' | 'packagePriority'>;

/** A player bonus in the contract's shape (api-contract §10); `openStakes` counts its unsettled rounds. */
export function toPlayerBonus(row: PlayerBonusRow, bonus: BonusFace, openStakes = 0): PlayerBonus {
  const major = (minor: bigint) => toMajor(minor, row.currency);
  const terms = frozen(row.terms);
  const percentage =
    row.requiredWager === 0n ? 0 : Math.min(100, Number((row.currentWager * 10_000n) / row.requiredWager) / 100);
  return {
    id: row.id,
    playerId: row.playerId,
    name: bonus.name,
    amount: major(row.amount),
    currency: row.currency,
    bonusType: typeOf(bonus.kind),
    status: row.status,
    result: row.result,
    currentWagerPercentage: percentage,
    currentWagerCasinoAmount: major(row.currentWager),
    currentWagerSportsbookAmount: 0,
    currentWagerAmount: major(row.currentWager),
    requiredWagerCasinoAmount: major(row.requiredWager),
    requiredWagerSportsbookAmount: 0,
    wagerCasino: Number(terms.wagerMultiplier),
    wagerSportsbook: 0,
    openedTransactionsCount: openStakes,
    isBonusCancelLock: terms.cancelLock && row.currentWager > 0n,
    maxBetAmount: row.maxBet === null ? null : major(row.maxBet),
    activationExpiredAt: iso(row.activationExpiresAt),
    wageringExpiredAt: iso(row.wageringExpiresAt),
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    packageId: bonus.packageId ?? '',
    packagePriority: bonus.packagePriority,
    issueSessionId: row.issueSessionId,
  };
}

export const toBonusCode = (row: CodeRow): BonusCode => ({
  id: row.id,
  playerId: row.playerId,
  bonusCode: row.code,
  trigger: row.trigger,
  status: row.status,
  result: row.result,
  createdAt: row.createdAt.toISOString(),
});

const items = (map: Record<string, string>) =>
  Object.entries(map).map(([currency, minor]) => ({ currency, amount: toMajor(BigInt(minor), currency) }));

/** A bonus definition as offered (api-contract §10 Bonus); per-currency items only (no base-currency amounts). */
export function toBonus(b: BonusRow, packageName: string | null): Bonus {
  const ranges = Object.keys(b.minDeposits).map((currency) => ({
    currency,
    amountFrom: toMajor(BigInt(b.minDeposits[currency]!), currency),
    ...(b.maxDeposits[currency] ? { amountTo: toMajor(BigInt(b.maxDeposits[currency]), currency) } : {}),
  }));
  return {
    id: b.id,
    name: b.name,
    status: b.enabled ? 1 : 2,
    type: typeOf(b.kind),
    wagerCasino: Number(b.wagerMultiplier),
    wagerSportsbook: 0,
    baseCurrencyMaxWinAmount: null,
    maxWinAmountItems: items(b.maxWins),
    assignConditions: {
      ...(b.kind === 'cash' ? { amountItems: items(b.amounts) } : {}),
      ...(b.depositPercentage !== null ? { depositPercentage: b.depositPercentage } : {}),
      ...(Object.keys(b.maxAmounts).length > 0 ? { maxAmountItems: items(b.maxAmounts) } : {}),
    },
    triggerConditions: {
      baseCurrencyInvoiceAmountFrom: null,
      baseCurrencyInvoiceAmountTo: null,
      invoiceAmountItems: ranges,
      ...(b.availableFrom ? { availableFrom: b.availableFrom.toISOString() } : {}),
      ...(b.availableTo ? { availableTo: b.availableTo.toISOString() } : {}),
    },
    wagerCasinoConditions: {
      baseCurrencyAmountFrom: null,
      baseCurrencyAmountTo: null,
      amountItems: [],
      gameIds: b.gameIds,
      gameIdsExcluded: b.gameIdsExcluded,
      providerIds: b.providerIds,
      providerIdsExcluded: b.providerIdsExcluded,
    },
    wagerSportsbookConditions: { baseCurrencyAmountFrom: null, baseCurrencyAmountTo: null, amountItems: [] },
    package: b.packageId && packageName ? { id: b.packageId, name: packageName } : null,
    packagePriority: b.packagePriority,
  };
}
