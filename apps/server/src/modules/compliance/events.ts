import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import type { RetentionEvent } from '../retention/index.ts';
import { COMPLIANCE_CHANNEL, type RiskComplianceEvent } from '../risk/index.ts';

// What compliance learns from (decision 0114): the money path's events that retention's rule already writes
// (`internal:retention`: bets, wins, rollbacks, deposits), so the bet path writes nothing new; and, on
// `internal:compliance`, what the money path does not carry, each written in the transaction of its change
// by the module that owns it: the risk module's (80 % of a limit, a raise, an exclusion ended) and the two
// below, written by this module's hooks that payments call.

/** A deposit declined by the provider (the payment module's `onDepositFailed` hook). */
export interface DepositDeclinedEvent {
  kind: 'deposit.declined';
  playerId: string;
  invoiceId: string;
  currency: string;
  amount: string;
  reason: string | null;
  at: string;
}

/** A withdrawal asked for (the payment module's `beforeWithdrawal` check, inside its transaction). */
export interface WithdrawalRequestedEvent {
  kind: 'withdrawal.requested';
  playerId: string;
  currency: string;
  at: string;
}

export type ComplianceEvent = RetentionEvent | RiskComplianceEvent | DepositDeclinedEvent | WithdrawalRequestedEvent;

const row = (event: DepositDeclinedEvent | WithdrawalRequestedEvent) => ({
  channel: COMPLIANCE_CHANNEL,
  event: event.kind,
  data: event,
});

export interface DeclinedDeposit {
  invoiceId: string;
  playerId: string;
  currency: string;
  /** Minor units. */
  amount: bigint;
  reason?: string | null;
}

/**
 * Failures that are no refusal: the player replaced a pending crypto address by asking for another network.
 * Anything else the provider or its pages ended (declined, failed, abandoned) counts.
 */
const NOT_DECLINED = new Set(['superseded']);

/** For the payment module's `onDepositFailed`: a deposit failed, reported in the transaction that failed it. */
export function depositDeclinedHook(now: () => Date = () => new Date()) {
  return async (tx: Db, deposit: DeclinedDeposit): Promise<void> => {
    if (deposit.reason && NOT_DECLINED.has(deposit.reason)) return;
    await enqueue(
      tx,
      row({
        kind: 'deposit.declined',
        playerId: deposit.playerId,
        invoiceId: deposit.invoiceId,
        currency: deposit.currency,
        amount: String(deposit.amount),
        reason: deposit.reason ?? null,
        at: now().toISOString(),
      }),
    );
  };
}

/** For the payment module's `beforeWithdrawal`: never refuses; reports the request with its transaction. */
export function withdrawalRequestedCheck(now: () => Date = () => new Date()) {
  return async (tx: Db, withdrawal: { playerId: string; currency: string }): Promise<void> => {
    await enqueue(
      tx,
      row({
        kind: 'withdrawal.requested',
        playerId: withdrawal.playerId,
        currency: withdrawal.currency,
        at: now().toISOString(),
      }),
    );
  };
}
