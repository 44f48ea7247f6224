import type { DepositRequest, PaymentMethod, WithdrawRequest } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import type { RatesSource } from '../settings/index.ts';
import type { BeforeDepositCheck } from './limits.ts';

/** A deposit succeeded: what the bonus module needs to issue the bonus the player chose, exactly once. */
export interface DepositSuccess {
  invoiceId: string;
  playerId: string;
  accountId: string;
  currency: string;
  /** Minor units. */
  amount: bigint;
  /** The deposit bonus the player chose in the form, if any; `declined` when they chose none. */
  bonusId: string | null;
  declined: boolean;
}

/** Runs inside the credit's transaction: its writes commit with the money or not at all. */
export type DepositSucceeded = (tx: Db, deposit: DepositSuccess) => Promise<void>;

export interface SandboxDecision {
  /** What happens at once: settle, fail, or wait (redirect page, confirmations, transfer). */
  outcome: 'succeeded' | 'failed' | 'pending';
  reason?: string;
  action?: string;
  publicData?: Record<string, unknown>;
  details?: Record<string, unknown>;
  dueAt?: Date;
  qr?: string;
  address?: string;
}

/** The payment-provider port: the sandbox implements it; a real PSP adapter would too. */
export interface PaymentProvider {
  readonly name: string;
  /**
   * Validates the method's fields (422 on a field) and decides what happens to a new deposit. The request's
   * return URLs are already checked against the site's origins (return-urls.ts).
   */
  startDeposit(input: {
    invoiceId: string;
    request: DepositRequest;
    method: PaymentMethod;
    amount: bigint;
  }): SandboxDecision | Promise<SandboxDecision>;
  /** Validates the withdrawal fields and answers when the transfer is due. */
  startWithdrawal(input: { invoiceId: string; request: WithdrawRequest; method: PaymentMethod }): {
    details: Record<string, unknown>;
    dueAt: Date;
  };
}

export interface PaymentServiceOptions {
  db: Db;
  webhookSecret: Buffer;
  provider: PaymentProvider;
  /** Where base-currency limits and statistics take their rates (docs/decisions/0018). */
  rates?: RatesSource;
  /** Deposit-limit checks (the responsible-gaming limits; tests add their own). */
  beforeDeposit?: readonly BeforeDepositCheck[];
  /** Run inside the transaction that credits a successful deposit (the bonus module issues deposit bonuses). */
  onDeposit?: readonly DepositSucceeded[];
  /** Run inside a withdrawal's transaction before the amount is locked; throw to refuse (the turn-over wager). */
  beforeWithdrawal?: readonly WithdrawalCheck[];
}

export type WithdrawalCheck = (tx: Db, withdrawal: { playerId: string; currency: string }) => Promise<void>;

/** What every part of the payment module works with: the options with their defaults filled in. */
export type PaymentDeps = Required<PaymentServiceOptions>;
