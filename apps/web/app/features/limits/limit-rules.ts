import type { Limit } from '@croupier/contracts';
import { CashPeriod, LimitDefinition } from '@croupier/contracts/reference/index';

export const CASH_DEFINITIONS = [LimitDefinition.deposit, LimitDefinition.loss, LimitDefinition.bet] as const;
export type CashDefinition = (typeof CASH_DEFINITIONS)[number];
export const CASH_PERIODS = [CashPeriod.daily, CashPeriod.weekly, CashPeriod.monthly] as const;

/** Content key part of each cash definition. */
export const KIND_KEY: Record<CashDefinition, 'deposit' | 'loss' | 'bet'> = {
  [LimitDefinition.deposit]: 'deposit',
  [LimitDefinition.loss]: 'loss',
  [LimitDefinition.bet]: 'bet',
};

export const isCashDefinition = (d: number): d is CashDefinition => (CASH_DEFINITIONS as readonly number[]).includes(d);

/** The list grouped by definition and period (api-contract §6), periods in daily → monthly order. */
export function cashLimitsOf(
  items: readonly Limit[],
  definition: CashDefinition,
  currencies: readonly string[] | null,
) {
  const order = (p: string | null) => CASH_PERIODS.indexOf((p ?? '') as (typeof CASH_PERIODS)[number]);
  return items
    .filter((l) => l.definition === definition && (!currencies || currencies.includes(l.currency ?? '')))
    .sort((a, b) => (a.currency ?? '').localeCompare(b.currency ?? '') || order(a.period) - order(b.period));
}

export const exclusionOf = (items: readonly Limit[], definition: number) =>
  items.find((l) => l.definition === definition) ?? null;

/** Edit and remove wait while a change waits out its 24 hours (api-contract §6). */
export const isLocked = (limit: Limit) => limit.pendingExist || limit.cancelProcess;

export const DAY_MS = 86_400_000;

/**
 * What is left of an exclusion from `expiredAt` (api-contract §6): whole days, or "less than a day" under
 * 24 hours; null for a permanent one or one that has ended.
 */
export function timeLeft(
  expiredAt: string | null,
  now: number,
): { kind: 'days'; days: number } | { kind: 'lessThanDay' } | null {
  if (!expiredAt) return null;
  const left = Date.parse(expiredAt) - now;
  if (!Number.isFinite(left) || left <= 0) return null;
  if (left < DAY_MS) return { kind: 'lessThanDay' };
  return { kind: 'days', days: Math.floor(left / DAY_MS) };
}
