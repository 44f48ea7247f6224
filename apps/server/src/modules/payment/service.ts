import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  ApiError,
  type DepositRequest,
  type DepositResponse,
  ErrorCode,
  type Invoice,
  type InvoiceEvent,
  type InvoiceStatistics,
  InvoiceStatus,
  type InvoicesQuery,
  InvoiceType,
  type PaymentMethod,
  pageMeta,
  type WithdrawRequest,
  type WithdrawResponse,
} from '@croupier/contracts';
import { convertToBase, toMajor } from '@croupier/contracts/reference/index';
import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import { type MessageTemplate, notify } from '../notification/index.ts';
import { currencyIn, type RatesSource, seededRates } from '../settings/rates/index.ts';
import {
  creditDeposit,
  InsufficientFundsError,
  listAccounts,
  lockWithdrawal,
  minorOf,
  releaseWithdrawal,
  settleWithdrawal,
  withTransaction,
} from '../wallet/index.ts';
import { currencyOf, methodsFor } from './catalogue.ts';
import { invoices, webhookEvents } from './schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

// ── Deposit-limit hook ────────────────────────────────────────────────────────────────────────────────

/** Thrown by a deposit-limit listener: answered as error 13100 with HTTP 422 (never 401/403). */
export class DepositLimitError extends Error {
  constructor(message = 'A deposit limit is reached.') {
    super(message);
    this.name = 'DepositLimitError';
  }
}

export interface BeforeDeposit {
  playerId: string;
  currency: string;
  /** Minor units; absent when only the methods are listed. */
  amount?: bigint;
}

/** Runs before listing deposit methods and before a deposit; throws DepositLimitError to refuse. */
export type BeforeDepositCheck = (event: BeforeDeposit) => void | Promise<void>;

async function checkDepositLimits(checks: readonly BeforeDepositCheck[], event: BeforeDeposit): Promise<void> {
  try {
    for (const check of checks) await check(event);
  } catch (error) {
    if (error instanceof DepositLimitError) {
      throw ApiError.of(ErrorCode.depositLimitReached, error.message, {}, 422);
    }
    throw error;
  }
}

// ── Presentation ──────────────────────────────────────────────────────────────────────────────────────

const invalid = (fields: Record<string, string>) =>
  ApiError.of(
    ErrorCode.validation,
    'The given data was invalid.',
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])),
  );
const notFound = () => ApiError.of(ErrorCode.notFound, 'Invoice not found.');

const majorOf = (row: Pick<InvoiceRow, 'amount' | 'currency'>) => toMajor(row.amount, row.currency);

export function toInvoice(row: InvoiceRow): Invoice {
  const amount = majorOf(row);
  return {
    id: row.id,
    amount,
    transactionAmount: amount,
    currency: row.currency,
    transactionCurrency: row.currency,
    status: row.status,
    statusResult: row.statusResult,
    paymentMethod: row.method,
    invoiceType: row.type,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publicData: (row.publicData as Record<string, unknown> | null) ?? null,
  };
}

export const invoicesChannel = (playerId: string) => `payment:invoices#${playerId}`;

/** The outbox event of an invoice (api-contract §14.2), written in the transaction that changed it. */
async function enqueueInvoice(tx: Db, event: InvoiceEvent['event'], row: InvoiceRow): Promise<void> {
  const pub = row.publicData as { qr?: string; url?: string } | null;
  const data: InvoiceEvent = {
    event,
    invoice: {
      id: row.id,
      playerId: row.playerId,
      amount: majorOf(row),
      currency: row.currency,
      paymentMethod: row.method,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      number: row.number ?? null,
      publicData: pub?.qr ? { qr: pub.qr, url: pub.url ?? '' } : null,
    },
  };
  await enqueue(tx, { channel: invoicesChannel(row.playerId), event, data });
}

/**
 * The player's messenger message for a settled invoice (decision 0017), in the same transaction. A crypto
 * address replaced by a newer one ('superseded') is bookkeeping, not news: no message.
 */
async function notifySettled(tx: Db, row: InvoiceRow, reason: string | undefined): Promise<void> {
  if (row.status === InvoiceStatus.pending || reason === 'superseded') return;
  const ok = row.status === InvoiceStatus.success;
  const template: MessageTemplate =
    row.type === InvoiceType.deposit
      ? ok
        ? 'depositSucceeded'
        : 'depositFailed'
      : ok
        ? 'withdrawalSucceeded'
        : reason === 'declined'
          ? 'withdrawalCancelled'
          : 'withdrawalFailed';
  await notify(tx, {
    playerId: row.playerId,
    template,
    params: {
      sum: { money: row.amount.toString(), currency: row.currency },
      date: { date: row.createdAt.toISOString() },
    },
    link: { url: '/profile/history', label: 'paymentHistory' },
    sourceKey: `payment.invoice.settled:${row.id}`,
    invoiceId: row.id,
  });
}

// ── Webhooks ──────────────────────────────────────────────────────────────────────────────────────────

/** A provider event as the sandbox sends it (signed JSON body). */
export interface ProviderEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  /** The provider's reference of the payment (our invoice's provider_reference). */
  reference: string;
  reason?: string;
}

export const signatureOf = (secret: Buffer, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

export class WebhookSignatureError extends Error {}

// ── The module ────────────────────────────────────────────────────────────────────────────────────────

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
  /** Validates the method's fields (422 on a field) and decides what happens to a new deposit. */
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
}

export function createPaymentService({
  db,
  webhookSecret,
  provider,
  rates = seededRates(),
  beforeDeposit = [],
}: PaymentServiceOptions) {
  /** The player's own visible account, through the wallet's query (never its tables). */
  const ownAccount = async (playerId: string, accountId: string, currency: string) => {
    const row = (await listAccounts(db, playerId)).find((a) => a.id === accountId);
    if (!row) throw invalid({ accountId: 'No such account.' });
    if (row.currency !== currency) throw invalid({ currency: 'Does not match the account currency.' });
    return row;
  };

  const pickMethod = (direction: 'deposit' | 'withdrawal', key: string, currency: string) => {
    const method = methodsFor(direction, currency, rates.current()).find((m) => m.method === key);
    if (!method) throw invalid({ method: 'This method is not available for this currency.' });
    return method;
  };

  const checkAmount = (method: PaymentMethod, amount: number | string, currency: string): bigint => {
    const minor = minorOf(amount, currency);
    const major = Number(amount);
    if (major < method.amountMin) throw invalid({ amount: `The minimum is ${method.amountMin} ${currency}.` });
    if (major > method.amountMax) throw invalid({ amount: `The maximum is ${method.amountMax} ${currency}.` });
    return minor;
  };

  /** Applies one provider event inside a transaction: at most once per event id, only from pending. */
  async function applyEvent(event: ProviderEvent): Promise<{ applied: boolean; invoice: InvoiceRow | null }> {
    const result = await withTransaction(db, async (tx) => {
      const [invoice] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.provider, provider.name), eq(invoices.providerReference, event.reference)))
        .for('update');
      const inserted = await tx
        .insert(webhookEvents)
        .values({
          id: event.id,
          provider: provider.name,
          type: event.type,
          invoiceId: invoice?.id ?? null,
          payload: event as unknown as Record<string, unknown>,
          outcome: invoice?.status === InvoiceStatus.pending ? 'applied' : 'ignored',
        })
        .onConflictDoNothing()
        .returning({ id: webhookEvents.id });
      // A replay (same event id) or an event for an invoice that already left pending changes nothing.
      if (inserted.length === 0 || !invoice || invoice.status !== InvoiceStatus.pending) {
        return { applied: false, invoice: invoice ?? null };
      }
      const ok = event.type === 'payment.succeeded';
      return { applied: true, invoice: await settle(tx, invoice, ok, event.reason, event.id) };
    });
    return result;
  }

  /** Moves a pending invoice to success or failure with its ledger movement and outbox event. */
  async function settle(
    tx: Db,
    invoice: InvoiceRow,
    ok: boolean,
    reason: string | undefined,
    eventId: string | null,
  ): Promise<InvoiceRow> {
    const money = {
      invoiceId: invoice.id,
      accountId: invoice.accountId,
      currency: invoice.currency,
      amount: invoice.amount,
    };
    let number: number | null = null;
    if (invoice.type === InvoiceType.deposit) {
      if (ok) {
        await creditDeposit(tx, money);
        const [done] = await tx
          .select({ n: count() })
          .from(invoices)
          .where(
            and(
              eq(invoices.playerId, invoice.playerId),
              eq(invoices.type, InvoiceType.deposit),
              eq(invoices.status, InvoiceStatus.success),
            ),
          );
        number = Number(done?.n ?? 0) + 1;
      }
    } else if (ok) {
      await settleWithdrawal(tx, money);
    } else {
      await releaseWithdrawal(tx, money);
    }
    const [row] = await tx
      .update(invoices)
      .set({
        status: ok ? InvoiceStatus.success : InvoiceStatus.failure,
        statusResult: ok ? 'success' : (reason ?? 'failed'),
        number: number ?? invoice.number,
        lastEventId: eventId,
        dueAt: null,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoice.id))
      .returning();
    await enqueueInvoice(
      tx,
      invoice.type === InvoiceType.deposit ? 'invoice.deposit.updated' : 'invoice.withdrawal.updated',
      row!,
    );
    await notifySettled(tx, row!, reason);
    return row!;
  }

  /** The webhook endpoint's code path: signature over the raw body, then the event (at most once). */
  async function receiveWebhook(raw: string, signature: string | undefined) {
    const expected = Buffer.from(signatureOf(webhookSecret, raw), 'hex');
    const given = Buffer.from(signature ?? '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new WebhookSignatureError('Bad signature');
    }
    let event: ProviderEvent;
    try {
      event = JSON.parse(raw) as ProviderEvent;
    } catch {
      throw ApiError.of(ErrorCode.validation, 'Malformed event.');
    }
    if (
      typeof event?.id !== 'string' ||
      !event.id ||
      typeof event.reference !== 'string' ||
      !['payment.succeeded', 'payment.failed'].includes(event.type)
    ) {
      throw ApiError.of(ErrorCode.validation, 'Malformed event.');
    }
    return applyEvent(event);
  }

  /** How the in-process sandbox "sends" a webhook: signs it and calls receiveWebhook directly. */
  async function sendWebhook(event: Omit<ProviderEvent, 'id'> & { id?: string }) {
    const raw = JSON.stringify({ id: event.id ?? `evt_${randomUUID()}`, ...event });
    return receiveWebhook(raw, signatureOf(webhookSecret, raw));
  }

  const invoiceOf = async (id: string, playerId?: string): Promise<InvoiceRow> => {
    const [row] = await db
      .select()
      .from(invoices)
      .where(playerId ? and(eq(invoices.id, id), eq(invoices.playerId, playerId)) : eq(invoices.id, id));
    if (!row) throw notFound();
    return row;
  };

  return {
    provider,
    receiveWebhook,
    sendWebhook,
    invoiceOf,

    async methods(direction: 'deposit' | 'withdrawal', playerId: string, currency: string, country?: string) {
      const code = currency.trim().toUpperCase();
      if (!currencyOf(code)) throw invalid({ currency: 'This currency is not available.' });
      if (direction === 'deposit') await checkDepositLimits(beforeDeposit, { playerId, currency: code });
      return methodsFor(direction, code, rates.current(), country);
    },

    async deposit(playerId: string, request: DepositRequest): Promise<DepositResponse> {
      const currency = request.currency.trim().toUpperCase();
      const method = pickMethod('deposit', request.method, currency);
      const amount = checkAmount(method, request.amount, currency);
      await ownAccount(playerId, request.accountId, currency);
      await checkDepositLimits(beforeDeposit, { playerId, currency, amount });
      const id = randomUUID();
      const decision = await provider.startDeposit({
        invoiceId: id,
        request: { ...request, currency },
        method,
        amount,
      });
      const reference = `sbx_${id}`;
      await withTransaction(db, async (tx) => {
        if (method.type === 'address') {
          // A crypto deposit is POSTed again on every network change: the earlier pending address is dropped.
          const earlier = await tx
            .select()
            .from(invoices)
            .where(
              and(
                eq(invoices.playerId, playerId),
                eq(invoices.currency, currency),
                eq(invoices.method, method.method),
                eq(invoices.status, InvoiceStatus.pending),
              ),
            )
            .for('update');
          for (const row of earlier) await settle(tx, row, false, 'superseded', null);
        }
        const [row] = await tx
          .insert(invoices)
          .values({
            id,
            playerId,
            accountId: request.accountId,
            type: InvoiceType.deposit,
            method: method.method,
            currency,
            amount,
            publicData: decision.publicData ?? null,
            details: decision.details ?? {},
            provider: provider.name,
            providerReference: reference,
            dueAt: decision.dueAt ?? null,
          })
          .returning();
        await enqueueInvoice(tx, 'invoice.deposit.updated', row!);
      });
      if (decision.outcome !== 'pending') {
        await sendWebhook({
          type: decision.outcome === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
          reference,
          reason: decision.reason,
        });
      }
      return {
        invoiceId: id,
        action: decision.action ?? '',
        method: method.method,
        type: method.processingType,
        fields: {},
        ...(decision.qr ? { qr: decision.qr } : {}),
        ...(decision.address ? { address: decision.address } : {}),
      };
    },

    async withdraw(playerId: string, request: WithdrawRequest): Promise<WithdrawResponse> {
      const currency = request.currency.trim().toUpperCase();
      const method = pickMethod('withdrawal', request.method, currency);
      const amount = checkAmount(method, request.amount, currency);
      await ownAccount(playerId, request.accountId, currency);
      const id = randomUUID();
      const started = provider.startWithdrawal({ invoiceId: id, request: { ...request, currency }, method });
      try {
        await withTransaction(db, async (tx) => {
          const [row] = await tx
            .insert(invoices)
            .values({
              id,
              playerId,
              accountId: request.accountId,
              type: InvoiceType.withdrawal,
              method: method.method,
              currency,
              amount,
              details: started.details,
              provider: provider.name,
              providerReference: `sbx_${id}`,
              dueAt: started.dueAt,
            })
            .returning();
          await lockWithdrawal(tx, { invoiceId: id, accountId: request.accountId, currency, amount });
          await enqueueInvoice(tx, 'invoice.withdrawal.created', row!);
        });
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw invalid({ amount: 'Exceeds the withdrawable balance.' });
        throw error;
      }
      return { invoiceId: id, method: method.method, type: method.processingType, message: 'Withdrawal requested.' };
    },

    /** PUT …/decline: the player cancels a pending withdrawal (404 for others' invoices). */
    async decline(playerId: string, invoiceId: string): Promise<Invoice> {
      const row = await withTransaction(db, async (tx) => {
        const [invoice] = await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.id, invoiceId), eq(invoices.playerId, playerId)))
          .for('update');
        if (!invoice) throw notFound();
        if (invoice.type !== InvoiceType.withdrawal || invoice.status !== InvoiceStatus.pending) {
          throw invalid({ invoiceId: 'Only a pending withdrawal can be cancelled.' });
        }
        return settle(tx, invoice, false, 'declined', null);
      });
      return toInvoice(row);
    },

    async list(playerId: string, q: InvoicesQuery) {
      const where = and(
        eq(invoices.playerId, playerId),
        q.dateFrom ? gte(invoices.createdAt, new Date(q.dateFrom)) : undefined,
        q.dateTo ? lte(invoices.createdAt, new Date(q.dateTo)) : undefined,
        q.type ? eq(invoices.type, q.type) : undefined,
        q.currency ? eq(invoices.currency, q.currency.toUpperCase()) : undefined,
        q.status ? eq(invoices.status, q.status) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(invoices).where(where);
      const rows = await db
        .select()
        .from(invoices)
        .where(where)
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage);
      return { data: rows.map(toInvoice), meta: pageMeta(q.page, q.perPage, Number(total?.n ?? 0)) };
    },

    async statistics(playerId: string): Promise<InvoiceStatistics[]> {
      const rows = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.playerId, playerId), eq(invoices.status, InvoiceStatus.success)))
        .orderBy(invoices.updatedAt);
      const byCurrency = new Map<string, InvoiceRow[]>();
      for (const row of rows) byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
      const table = rates.current();
      return [...byCurrency.entries()].map(([currency, list]) => {
        const info = currencyIn(table, currency)!;
        const major = (minor: bigint) => toMajor(minor, info.subunitToUnit);
        const toBase = (value: number | null) => (value === null ? null : convertToBase(value, info));
        const of = (type: number) => {
          const items = list.filter((r) => r.type === type);
          const last = items.at(-1);
          const sum = items.length ? major(items.reduce((s, r) => s + r.amount, 0n)) : null;
          const lastAmount = last ? major(last.amount) : null;
          return { count: items.length, sum, last: lastAmount, at: last?.updatedAt.toISOString() ?? null };
        };
        const d = of(InvoiceType.deposit);
        const w = of(InvoiceType.withdrawal);
        return {
          currency,
          depositsCount: d.count,
          withdrawalsCount: String(w.count),
          purchasesCount: 0,
          virtualPayoutsCount: 0,
          depositsSum: d.sum,
          withdrawalsSum: w.sum,
          purchasesSum: null,
          virtualPayoutsSum: null,
          lastDepositAmount: d.last,
          lastWithdrawalAmount: w.last,
          lastPurchaseAmount: null,
          lastVirtualPayoutAmount: null,
          lastDepositProcessedAt: d.at,
          lastWithdrawalProcessedAt: w.at,
          lastPurchaseProcessedAt: null,
          lastVirtualPayoutProcessedAt: null,
          depositsSumBaseCurrency: toBase(d.sum),
          withdrawalsSumBaseCurrency: toBase(w.sum),
          purchasesSumBaseCurrency: null,
          virtualPayoutsSumBaseCurrency: null,
          lastDepositAmountBaseCurrency: toBase(d.last),
          lastWithdrawalAmountBaseCurrency: toBase(w.last),
          lastPurchaseAmountBaseCurrency: null,
          lastVirtualPayoutAmountBaseCurrency: null,
        };
      });
    },

    /**
     * The sandbox's clock: every pending invoice whose decision is due (crypto confirmations, bank
     * transfers) gets its signed webhook. Answers how many were applied.
     */
    async sweep(now = new Date()): Promise<number> {
      const due = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.status, InvoiceStatus.pending), lte(invoices.dueAt, now)))
        .orderBy(invoices.dueAt)
        .limit(100);
      let applied = 0;
      for (const row of due) {
        const fail = (row.details as { fails?: boolean }).fails === true;
        const result = await sendWebhook({
          type: fail ? 'payment.failed' : 'payment.succeeded',
          reference: row.providerReference,
          reason: fail ? 'failed' : undefined,
        });
        if (result.applied) applied++;
      }
      return applied;
    },

    /** Development: the sandbox confirms a pending crypto deposit now. */
    async confirmNow(invoiceId: string): Promise<Invoice> {
      const row = await invoiceOf(invoiceId);
      if (row.status !== InvoiceStatus.pending || row.type !== InvoiceType.deposit || row.method !== 'crypto') {
        throw invalid({ invoiceId: 'Only a pending crypto deposit can be confirmed.' });
      }
      await sendWebhook({ type: 'payment.succeeded', reference: row.providerReference });
      return toInvoice(await invoiceOf(invoiceId));
    },

    /** The sandbox checkout and 3-D Secure pages decide a pending card or e-wallet deposit. */
    async decide(invoiceId: string, approve: boolean): Promise<InvoiceRow | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
      if (!row || row.type !== InvoiceType.deposit || !['card', 'ewallet'].includes(row.method)) return null;
      await sendWebhook({
        type: approve ? 'payment.succeeded' : 'payment.failed',
        reference: row.providerReference,
        reason: approve ? undefined : 'declined',
      });
      return row;
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
