import type { Limit } from '@croupier/contracts';
import { LimitDefinition, LimitStatus, toMajor } from '@croupier/contracts/reference/index';
import { COOLING_DELAY_MS } from './periods.ts';
import type { LimitRow } from './store.ts';
import type { Window } from './windows.ts';

// What a limit row means at a given moment. Waiting changes are stored with the instant they take effect
// and applied lazily (by the next read or check), so no job has to run at that instant; the money path
// reads the same rules in SQL (money-rule.ts) without writing.

export const isCash = (row: Pick<LimitRow, 'definition'>) => row.definition <= LimitDefinition.deposit;

/** When a self-exclusion whose end passed reopens: 24 hours after the player asked. */
export const reopensAt = (row: LimitRow): Date | null =>
  row.reopenRequestedAt ? new Date(row.reopenRequestedAt.getTime() + COOLING_DELAY_MS) : null;

export interface Transition {
  action: 'increase_applied' | 'removal_applied' | 'expired' | 'reopened';
  at: Date;
  next: LimitRow;
}

/** The earliest waiting change of `row` that is due at `now`, as the row after it; null if none. */
export function dueTransition(row: LimitRow, now: Date): Transition | null {
  const candidates: Transition[] = [];
  const due = (at: Date | null): at is Date => at !== null && at.getTime() <= now.getTime();
  if (due(row.pendingAt)) {
    const next = { ...row, amount: row.pendingAmount, pendingAmount: null, pendingAt: null, updatedAt: row.pendingAt };
    candidates.push({ action: 'increase_applied', at: row.pendingAt, next });
  }
  if (due(row.removalAt)) {
    candidates.push({ action: 'removal_applied', at: row.removalAt, next: ended(row, row.removalAt) });
  }
  if (row.definition === LimitDefinition.coolingOff && due(row.expiredAt)) {
    candidates.push({ action: 'expired', at: row.expiredAt, next: ended(row, row.expiredAt) });
  }
  const reopen = row.definition === LimitDefinition.selfExclusion ? reopensAt(row) : null;
  if (due(reopen)) candidates.push({ action: 'reopened', at: reopen, next: ended(row, reopen) });
  candidates.sort((a, b) => a.at.getTime() - b.at.getTime());
  return candidates[0] ?? null;
}

const ended = (row: LimitRow, at: Date): LimitRow => ({ ...row, endedAt: at, updatedAt: at });

/** A self-exclusion whose time is over but whose account has not reopened yet. */
export const exclusionOver = (row: LimitRow, now: Date) =>
  row.definition === LimitDefinition.selfExclusion && row.expiredAt !== null && row.expiredAt <= now;

/** Usage of a cash limit in its current window (minor units), for the list. */
export interface Usage {
  used: bigint;
  window: Window;
}

/** The contract's Limit (api-contract §6) of a settled row. */
export function present(row: LimitRow, now: Date, usage: Usage | null): Limit {
  const major = (minor: bigint | null) => (minor === null || !row.currency ? null : toMajor(minor, row.currency));
  const cash = isCash(row);
  return {
    id: row.id,
    definition: row.definition,
    status: exclusionOver(row, now) ? LimitStatus.pending : LimitStatus.active,
    amount: cash ? major(row.amount) : null,
    currentAmount: cash ? major(usage?.used ?? 0n) : null,
    currency: row.currency,
    period: row.period,
    startedAt: (cash ? usage?.window.start : row.startedAt)?.toISOString() ?? null,
    expiredAt: (cash ? usage?.window.end : row.expiredAt)?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    cancelProcess: row.removalAt !== null,
    pendingExist: row.pendingAt !== null,
  };
}
