import { endpoints } from '@croupier/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { siteOrigins } from '../../http/site-origins.ts';
import { visitorOf } from '../../http/visitor.ts';
import { devMailboxEnabled } from '../notification/index.ts';
import { playerOf } from '../player/index.ts';
import { type RatesSource, seededRates } from '../settings/index.ts';
import type { DepositFailed, DepositSucceeded, WithdrawalCheck, WithdrawalQueueChanged } from './deps.ts';
import { checkReturnUrls } from './return-urls.ts';
import type { WithdrawalRiskFlag } from './review/flag.ts';
import { paymentWithdrawalFlags } from './review/flags/index.ts';
import { resolveWebhookSecret, sandboxProvider } from './sandbox.ts';
import { sandboxRoutes } from './sandbox-routes.ts';
import { type BeforeDepositCheck, createPaymentService, type PaymentService } from './service.ts';
import { scheduleSweeps } from './sweeper.ts';

const e = endpoints.payment;

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment module (tests drive the sandbox sweeper through it). */
    payment: PaymentService;
  }
}

export interface PaymentRoutesOptions {
  config: Config;
  db: Db;
  /** The invoice history and statistics (decision 0119); default `db`. */
  readDb?: Db;
  /** Sandbox sweeper period; 0 turns it off. Default 1000 ms. */
  sweepMs?: number;
  /** The settings module's rates source (docs/decisions/0018); default the seeded table. */
  rates?: RatesSource;
  /** Deposit-limit checks, run before deposit methods are listed and before a deposit. */
  beforeDeposit?: readonly BeforeDepositCheck[];
  /** Run inside the transaction that credits a successful deposit (deposit bonuses). */
  onDeposit?: readonly DepositSucceeded[];
  /** Run inside the transaction that fails a deposit (compliance counts declines). */
  onDepositFailed?: readonly DepositFailed[];
  /** Run inside a withdrawal's transaction; throw to refuse it (the turn-over wager). */
  beforeWithdrawal?: readonly WithdrawalCheck[];
  /**
   * The risk flags of a withdrawal's review besides payment's own (decision 0112); `null` raises none at all
   * (tests about payments themselves). Default: payment's own.
   */
  withdrawalFlags?: readonly WithdrawalRiskFlag[] | null;
  /** A withdrawal entered or left review (the staff dashboard's tile). */
  onWithdrawalQueue?: readonly WithdrawalQueueChanged[];
}

/** The player API of api-contract §8: methods, deposit, withdrawal, history, statistics, decline. */
function playerRoutes(app: FastifyInstance, config: Config, payment: PaymentService): void {
  const noStore = { 'cache-control': 'no-store' };
  // No country given: the visitor's own (§8), so the methods hidden there stay hidden to a client that omits it.
  const countryOf = (request: FastifyRequest, given: string | undefined) =>
    given ?? visitorOf(request, config.TRUST_GEO_HEADERS).country ?? undefined;
  route(app, e.depositMethods, async ({ request, query, reply }) => {
    reply.headers(noStore);
    const country = countryOf(request, query.country);
    return { data: await payment.methods('deposit', playerOf(request).playerId, query.currency, country) };
  });
  route(app, e.withdrawalMethods, async ({ request, query, reply }) => {
    reply.headers(noStore);
    const country = countryOf(request, query.country);
    return { data: await payment.methods('withdrawal', playerOf(request).playerId, query.currency, country) };
  });
  route(app, e.deposit, async ({ request, body }) => ({
    // Return URLs are checked here, against the origins this request may go back to (decision 0050).
    data: await payment.deposit(
      playerOf(request).playerId,
      checkReturnUrls({ ...body, country: countryOf(request, body.country) }, siteOrigins(config, request)),
    ),
  }));
  route(app, e.withdraw, async ({ request, body }) => ({
    data: await payment.withdraw(playerOf(request).playerId, { ...body, country: countryOf(request, body.country) }),
  }));
  route(app, e.invoices, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return payment.list(playerOf(request).playerId, query);
  });
  route(app, e.statistics, async ({ request, reply }) => {
    reply.headers(noStore);
    return { data: await payment.statistics(playerOf(request).playerId) };
  });
  route(app, e.decline, async ({ request, params }) => ({
    data: await payment.decline(playerOf(request).playerId, params.invoiceId),
  }));
}

/** Same rule as the wallet's development credit (docs/decisions/0013): only where the dev mailbox exists. */
function devRoutes(app: FastifyInstance, config: Config, payment: PaymentService): void {
  if (!devMailboxEnabled(config)) return;
  if (config.NODE_ENV === 'production') {
    app.log.warn('DEV_MAILBOX is on in production: POST /api/dev/payment/invoices/:id/confirm settles crypto deposits');
  }
  route(app, e.devConfirm, async ({ params }) => ({ data: await payment.confirmNow(params.invoiceId) }));
}

/** The payment API (api-contract §8), the sandbox provider's pages, its webhook, and its clock. */
export async function paymentRoutes(
  app: FastifyInstance,
  {
    config,
    db,
    readDb = db,
    sweepMs = 1000,
    rates = seededRates(),
    beforeDeposit,
    onDeposit,
    onDepositFailed,
    beforeWithdrawal,
    withdrawalFlags = [],
    onWithdrawalQueue,
  }: PaymentRoutesOptions,
) {
  const webhookSecret = resolveWebhookSecret(config);
  const payment = createPaymentService({
    db,
    readDb,
    rates,
    beforeDeposit,
    onDeposit,
    onDepositFailed,
    beforeWithdrawal,
    withdrawalFlags: withdrawalFlags === null ? [] : [...paymentWithdrawalFlags, ...withdrawalFlags],
    onWithdrawalQueue,
    webhookSecret,
    provider: sandboxProvider(config, webhookSecret),
  });
  app.decorate('payment', payment);
  playerRoutes(app, config, payment);
  devRoutes(app, config, payment);
  await app.register(async (scope) => sandboxRoutes(scope, payment));
  // The sandbox's clock: settles due crypto deposits and bank transfers (no per-invoice timers).
  if (sweepMs > 0) scheduleSweeps(app, () => payment.sweep(), sweepMs);
}

// Not encapsulated (as fastify-plugin does): `app.payment` and the sweeper hooks belong to the root instance.
(paymentRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
