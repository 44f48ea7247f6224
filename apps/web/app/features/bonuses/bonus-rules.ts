import { type Bonus, type PlayerBonus, PlayerBonusStatus } from '@croupier/contracts';

// What the bonus screens decide from the contract's fields alone (spec §4, api-contract §10, §14.2): the
// alert of a status-result pair, which modal an Activate or Cancel opens, and the deposit offers as the
// form shows them. Pure, so the unit tests cover every branch.

/** The alert of a publication's status-result pair (api-contract §14.2 list 2); null for any other pair. */
const ALERTS: Readonly<Record<string, { key: string; type: 'success' | 'info' | 'warning' }>> = {
  '1-1': { key: 'bonusIssued', type: 'info' },
  '2-1': { key: 'bonusActivated', type: 'success' },
  '3-2': { key: 'bonusPlayed', type: 'success' },
  '3-3': { key: 'bonusCancelled', type: 'info' },
  '3-4': { key: 'bonusExpired', type: 'warning' },
  '3-5': { key: 'bonusLost', type: 'warning' },
};

export function bonusAlertFor(bonus: Pick<PlayerBonus, 'status' | 'result'>) {
  return ALERTS[`${bonus.status}-${bonus.result}`] ?? null;
}

/** Statuses kept in the live lists (spec §4): issued and active; anything else leaves them. */
export const LIVE_STATUSES = [PlayerBonusStatus.issued, PlayerBonusStatus.active] as const;
export const isLive = (b: Pick<PlayerBonus, 'status'>) =>
  b.status === PlayerBonusStatus.issued || b.status === PlayerBonusStatus.active;

/** Where a Cancel click leads (api-contract §10 flags). */
export type CancelModal =
  | 'bonus-cancel-lock'
  | 'cancel-unsettled-bonus'
  | 'cancel-active-bonus'
  | 'cancel-issued-bonus';

export function cancelModalFor(
  b: Pick<PlayerBonus, 'status' | 'isBonusCancelLock' | 'openedTransactionsCount'>,
): CancelModal {
  if (b.isBonusCancelLock) return 'bonus-cancel-lock';
  if (b.status === PlayerBonusStatus.active) {
    return b.openedTransactionsCount > 0 ? 'cancel-unsettled-bonus' : 'cancel-active-bonus';
  }
  return 'cancel-issued-bonus';
}

/**
 * Where an Activate click leads: straight to the request when nothing is active in its currency; the
 * change confirmation when the active one would be cancelled; the lock notice when it may not be.
 */
export type ActivateStep = 'activate' | 'change-active-bonus' | 'bonus-cancel-lock';

export function activateStepFor(b: Pick<PlayerBonus, 'currency'>, live: readonly PlayerBonus[]): ActivateStep {
  const active = live.find((x) => x.status === PlayerBonusStatus.active && x.currency === b.currency);
  if (!active) return 'activate';
  return active.isBonusCancelLock ? 'bonus-cancel-lock' : 'change-active-bonus';
}

/** The active bonus of a currency, if any. */
export const activeIn = (live: readonly PlayerBonus[], currency: string) =>
  live.find((x) => x.status === PlayerBonusStatus.active && x.currency === currency) ?? null;

/** Wagering progress 0–100, rounded to 2 decimals (the server caps it at 100). */
export const progressOf = (b: Pick<PlayerBonus, 'currentWagerPercentage'>) =>
  Math.round(Math.min(100, Math.max(0, b.currentWagerPercentage)) * 100) / 100;

const itemIn = <T extends { currency: string }>(items: readonly T[] | undefined, currency: string) =>
  items?.find((i) => i.currency === currency);

/** The deposit range of an offer in `currency` (api-contract §10: per-currency items only here). */
export function depositRangeOf(bonus: Bonus, currency: string): { min: number | null; max: number | null } {
  const item = itemIn(bonus.triggerConditions.invoiceAmountItems, currency);
  return { min: item?.amountFrom ?? null, max: item?.amountTo ?? null };
}

/** The cap of a deposit match in `currency`, or null when uncapped. */
export const maxBonusOf = (bonus: Bonus, currency: string) =>
  itemIn(bonus.assignConditions.maxAmountItems, currency)?.amount ?? null;

/**
 * What the offer gives for a deposit of `amount` (major units): a fixed amount, or the match capped;
 * null when the amount is unknown or outside the offer's range.
 */
export function bonusAmountFor(bonus: Bonus, currency: string, amount: number | null): number | null {
  const fixed = itemIn(bonus.assignConditions.amountItems, currency);
  if (fixed) return fixed.amount;
  const percentage = bonus.assignConditions.depositPercentage;
  if (percentage === undefined || amount === null || !(amount > 0)) return null;
  const { min, max } = depositRangeOf(bonus, currency);
  if ((min !== null && amount < min) || (max !== null && amount > max)) return null;
  const matched = (amount * percentage) / 100;
  const cap = maxBonusOf(bonus, currency);
  const value = cap !== null ? Math.min(cap, matched) : matched;
  return Math.round(value * 1e8) / 1e8;
}

/** One choice of the deposit form: a single bonus, or a package whose next bonus is the one sent. */
export interface OfferOption {
  /** The `bonusId` the deposit sends: the bonus, or the package's first offered bonus. */
  id: string;
  bonus: Bonus;
  /** The package's offered items in order (a package of one item is still a package). */
  items: Bonus[];
  packageName: string | null;
}

/** Offers grouped by package (ordered by packagePriority); single bonuses keep the server's order. */
export function offerOptions(offers: readonly Bonus[]): OfferOption[] {
  const out: OfferOption[] = [];
  const packages = new Map<string, OfferOption>();
  for (const bonus of offers) {
    if (!bonus.package) {
      out.push({ id: bonus.id, bonus, items: [bonus], packageName: null });
      continue;
    }
    const known = packages.get(bonus.package.id);
    if (known) {
      known.items.push(bonus);
      continue;
    }
    const option: OfferOption = { id: bonus.id, bonus, items: [bonus], packageName: bonus.package.name };
    packages.set(bonus.package.id, option);
    out.push(option);
  }
  for (const option of packages.values()) {
    option.items.sort((a, b) => a.packagePriority - b.packagePriority);
    option.bonus = option.items[0]!;
    option.id = option.bonus.id;
  }
  return out;
}

/** The deposit body's bonus part (api-contract §8): a chosen id, or the decline flag. */
export type BonusChoice = { kind: 'bonus'; id: string } | { kind: 'decline' } | { kind: 'none' };

export function depositBonusFields(choice: BonusChoice): { bonusId?: string; isBonusDecline: boolean } {
  if (choice.kind === 'bonus') return { bonusId: choice.id, isBonusDecline: false };
  return { isBonusDecline: choice.kind === 'decline' };
}

/** Seconds the promo box stays locked after error code 5 (api-contract §10). */
export const CODE_LOCK_SECONDS = 180;
