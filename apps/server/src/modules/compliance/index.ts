// The compliance module as other modules see it (decision 0114): responsible-gaming and AML flags raised by
// events, and the interaction log. Functions, never tables. The staff module's routes (staff/flags) call
// these in their own transactions and write the audit rows; app.ts wires the consumer and the hooks.
import type { Db } from '../../db/client.ts';
import type { Publisher } from '../../outbox/index.ts';
import { createComplianceConsumer } from './consumer.ts';
import { depositDeclinedHook, withdrawalRequestedCheck } from './events.ts';

export { applyEvents } from './consumer.ts';
export type { ComplianceEvent, DeclinedDeposit, DepositDeclinedEvent, WithdrawalRequestedEvent } from './events.ts';
export {
  getInteraction,
  listInteractions,
  recordInteraction,
  recordOutcome,
  reviewInteraction,
} from './interactions.ts';
export { SEVERITY } from './kinds.ts';
export { closeFlag, getFlag, listFlags, openFlagsCount, playerFlags } from './queue.ts';
export { RULES, type Sighting, THRESHOLDS } from './rules.ts';

export interface ComplianceOptions {
  db: Db;
  now?: () => Date;
}

export function createComplianceModule({ db, now = () => new Date() }: ComplianceOptions) {
  return {
    /** The second internal outbox consumer: retention's channel (the money path's events) and compliance's. */
    consumer: createComplianceConsumer(db) satisfies Publisher,
    /** The payment module's hook for a declined deposit (reported in the transaction that failed it). */
    onDepositFailed: depositDeclinedHook(now),
    /** The payment module's `beforeWithdrawal` check: never refuses, reports the request (cycling). */
    beforeWithdrawal: withdrawalRequestedCheck(now),
  };
}

export type ComplianceModule = ReturnType<typeof createComplianceModule>;
