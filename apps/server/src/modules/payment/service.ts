import type { DepositRequest, InvoicesQuery, WithdrawRequest } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import { seededRates } from '../settings/index.ts';
import { confirmNow, decide } from './decisions.ts';
import { deposit } from './deposit.ts';
import type { PaymentDeps, PaymentServiceOptions } from './deps.ts';
import { invoiceOf, listInvoices } from './invoices.ts';
import { listMethods } from './methods.ts';
import { approveWithdrawal, rejectWithdrawal } from './review/decide.ts';
import { invoiceStatistics } from './statistics.ts';
import { sweep } from './sweeper.ts';
import { type ProviderEvent, receiveWebhook, sendWebhook } from './webhooks.ts';
import { declineWithdrawal, withdraw } from './withdrawal.ts';

// The module's pieces, re-exported where they were before the service was split by job.
export type {
  PaymentProvider,
  PaymentServiceOptions,
  SandboxDecision,
  WithdrawalCheck,
  WithdrawalPayout,
  WithdrawalQueueChanged,
} from './deps.ts';
export { invoicesChannel } from './events.ts';
export { type InvoiceRow, toInvoice } from './invoices.ts';
export { type BeforeDeposit, type BeforeDepositCheck, DepositLimitError } from './limits.ts';
export { type ProviderEvent, signatureOf, WebhookSignatureError } from './webhooks.ts';

/** The payment module (api-contract §8) over one set of dependencies; each method's job is in its own file. */
export function createPaymentService({
  db,
  readDb = db,
  webhookSecret,
  provider,
  rates = seededRates(),
  beforeDeposit = [],
  onDeposit = [],
  onDepositFailed = [],
  beforeWithdrawal = [],
  withdrawalFlags = [],
  onWithdrawalQueue = [],
}: PaymentServiceOptions) {
  const deps: PaymentDeps = {
    db,
    readDb,
    webhookSecret,
    provider,
    rates,
    beforeDeposit,
    onDeposit,
    onDepositFailed,
    beforeWithdrawal,
    withdrawalFlags,
    onWithdrawalQueue,
  };
  return {
    provider,
    receiveWebhook: (raw: string, signature: string | undefined) => receiveWebhook(deps, raw, signature),
    sendWebhook: (event: Omit<ProviderEvent, 'id'> & { id?: string }) => sendWebhook(deps, event),
    invoiceOf: (id: string, playerId?: string) => invoiceOf(db, id, playerId),
    methods: (direction: 'deposit' | 'withdrawal', playerId: string, currency: string, country?: string) =>
      listMethods(deps, direction, playerId, currency, country),
    deposit: (playerId: string, request: DepositRequest) => deposit(deps, playerId, request),
    withdraw: (playerId: string, request: WithdrawRequest) => withdraw(deps, playerId, request),
    /** PUT …/decline: the player cancels a pending withdrawal (404 for others' invoices). */
    decline: (playerId: string, invoiceId: string) => declineWithdrawal(deps, playerId, invoiceId),
    /** The staff's decisions on a withdrawal in review (decision 0112), in the caller's transaction. */
    desk: {
      approve: (tx: Db, input: { invoiceId: string; staffId: string; reason: string | null }) =>
        approveWithdrawal(tx, deps, input),
      reject: (tx: Db, input: { invoiceId: string; staffId: string; reason: string }) =>
        rejectWithdrawal(tx, deps, input),
    },
    list: (playerId: string, q: InvoicesQuery) => listInvoices(readDb, playerId, q),
    statistics: (playerId: string) => invoiceStatistics(readDb, rates, playerId),
    /** The sandbox's clock: settles the due pending invoices; answers how many were applied. */
    sweep: (now = new Date()) => sweep(deps, now),
    /** Development: the sandbox confirms a pending crypto deposit now. */
    confirmNow: (invoiceId: string) => confirmNow(deps, invoiceId),
    /** The sandbox checkout and 3-D Secure pages decide a pending card or e-wallet deposit. */
    decide: (invoiceId: string, approve: boolean) => decide(deps, invoiceId, approve),
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
export type WithdrawalDesk = PaymentService['desk'];
