import type { DepositRequest, PaymentMethod, WithdrawRequest } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import type { RatesSource } from '../settings/index.ts';
import type { BeforeDepositCheck } from './limits.ts';
import type { WithdrawalRiskFlag } from './review/flag.ts';

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

/** A deposit settled as failed (declined by the provider, abandoned, superseded): what compliance counts. */
export interface DepositFailure {
  invoiceId: string;
  playerId: string;
  currency: string;
  /** Minor units. */
  amount: bigint;
  /** The invoice's status result: `card_declined`, `declined`, `failed`, `superseded`, … */
  reason: string;
}

/** Runs inside the transaction that fails the deposit. */
export type DepositFailed = (tx: Db, deposit: DepositFailure) => Promise<void>;

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
  /**
   * At the request: validates the withdrawal's fields (422 on a field) and answers what to keep of them (last
   * digits, the instrument's fingerprint). Nothing goes to the provider yet: the withdrawal is reviewed first.
   */
  checkWithdrawal(input: { invoiceId: string; request: WithdrawRequest; method: PaymentMethod }): {
    details: Record<string, unknown>;
  };
  /**
   * On approval (decision 0112): hands the withdrawal to the provider, once, in the approval's transaction; the
   * invoice id is the provider's idempotency key. Answers when the provider decides (the sandbox's sweeper then
   * sends the webhook).
   */
  sendWithdrawal(input: WithdrawalPayout): { dueAt: Date };
  /**
   * The player cancels a withdrawal already sent: true when the provider called the payout back (it had not paid
   * yet), false when it cannot (the cancel is refused and the payout goes on).
   */
  cancelWithdrawal(input: WithdrawalPayout): boolean;
}

/** What the provider is told when an approved withdrawal goes on. */
export interface WithdrawalPayout {
  invoiceId: string;
  method: string;
  currency: string;
  /** Minor units. */
  amount: bigint;
  /** What checkWithdrawal kept. */
  details: Record<string, unknown>;
}

export interface PaymentServiceOptions {
  db: Db;
  /** The invoice history and statistics, which tolerate a second of lag (decision 0119). Default `db`. */
  readDb?: Db;
  webhookSecret: Buffer;
  provider: PaymentProvider;
  /** Where base-currency limits and statistics take their rates (docs/decisions/0018). */
  rates?: RatesSource;
  /** Deposit-limit checks (the responsible-gaming limits; tests add their own). */
  beforeDeposit?: readonly BeforeDepositCheck[];
  /** Run inside the transaction that credits a successful deposit (the bonus module issues deposit bonuses). */
  onDeposit?: readonly DepositSucceeded[];
  /** Run inside the transaction that settles a deposit as failed, however it fails (compliance's declines). */
  onDepositFailed?: readonly DepositFailed[];
  /** Run inside a withdrawal's transaction before the amount is locked; throw to refuse (the turn-over wager). */
  beforeWithdrawal?: readonly WithdrawalCheck[];
  /**
   * The risk flags computed for every withdrawal request, in its transaction (decision 0112): any raised one
   * stops auto-approval. app.ts lists payment's own and the other modules' (their faces).
   */
  withdrawalFlags?: readonly WithdrawalRiskFlag[];
  /** The set of withdrawals waiting for review changed (one entered or left it), inside that transaction. */
  onWithdrawalQueue?: readonly WithdrawalQueueChanged[];
}

export type WithdrawalQueueChanged = (tx: Db) => Promise<void>;

/** A check before a withdrawal's amount is locked; `amount` is the request's, in minor units of `currency`. */
export type WithdrawalCheck = (
  tx: Db,
  withdrawal: { playerId: string; currency: string; amount: bigint },
) => Promise<void>;

/** What every part of the payment module works with: the options with their defaults filled in. */
export type PaymentDeps = Required<PaymentServiceOptions>;
