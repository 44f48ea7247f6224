import { ApiError, ErrorCode, endpoints, InvoiceStatus } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { envelope } from '../../http/errors.ts';
import { devMailboxEnabled } from '../notification/messaging/settings.ts';
import { playerOf } from '../player/index.ts';
import type { RatesSource } from '../settings/rates/index.ts';
import { resolveWebhookSecret, sandboxCsp, sandboxPage, sandboxProvider } from './sandbox.ts';
import {
  type BeforeDepositCheck,
  createPaymentService,
  type PaymentService,
  toInvoice,
  WebhookSignatureError,
} from './service.ts';

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
  /** Sandbox sweeper period; 0 turns it off. Default 1000 ms. */
  sweepMs?: number;
  /** The settings module's rates source (docs/decisions/0018); default the seeded table. */
  rates?: RatesSource;
  /** Deposit-limit checks, run before deposit methods are listed and before a deposit. */
  beforeDeposit?: readonly BeforeDepositCheck[];
}

/** The payment API (api-contract §8), the sandbox provider's pages, its webhook, and its clock. */
export async function paymentRoutes(
  app: FastifyInstance,
  { config, db, sweepMs = 1000, rates, beforeDeposit }: PaymentRoutesOptions,
) {
  const payment = createPaymentService({
    db,
    rates,
    beforeDeposit,
    webhookSecret: resolveWebhookSecret(config),
    provider: sandboxProvider(config),
  });
  app.decorate('payment', payment);
  const noStore = { 'cache-control': 'no-store' };

  route(app, e.depositMethods, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return { data: await payment.methods('deposit', playerOf(request).playerId, query.currency, query.country) };
  });
  route(app, e.withdrawalMethods, async ({ request, query, reply }) => {
    reply.headers(noStore);
    return { data: await payment.methods('withdrawal', playerOf(request).playerId, query.currency, query.country) };
  });
  route(app, e.deposit, async ({ request, body }) => ({
    data: await payment.deposit(playerOf(request).playerId, body),
  }));
  route(app, e.withdraw, async ({ request, body }) => ({
    data: await payment.withdraw(playerOf(request).playerId, body),
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

  // Same rule as the wallet's development credit (docs/decisions/0013): only where the dev mailbox exists.
  if (devMailboxEnabled(config)) {
    if (config.NODE_ENV === 'production') {
      app.log.warn(
        'DEV_MAILBOX is on in production: POST /api/dev/payment/invoices/:id/confirm settles crypto deposits',
      );
    }
    route(app, e.devConfirm, async ({ params }) => ({ data: await payment.confirmNow(params.invoiceId) }));
  }

  // The provider's webhook and pages: not player API (no contract entry), in their own scope so the raw
  // body is kept for the signature and HTML forms post without a body parser of their own.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    scope.post('/api/payment/webhooks/sandbox', async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['x-sandbox-signature'];
      try {
        const result = await payment.receiveWebhook(raw, typeof signature === 'string' ? signature : undefined);
        return { data: { applied: result.applied } };
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          return reply.status(401).send(envelope(ErrorCode.unauthorized, 'Invalid webhook signature.'));
        }
        throw error;
      }
    });

    const page = (kind: '3ds' | 'checkout') => {
      const title = kind === '3ds' ? 'Card verification (3-D Secure)' : 'Sandbox Wallet checkout';
      scope.get<{ Params: { id: string } }>(`/api/payment/sandbox/${kind}/:id`, async (request, reply) => {
        const row = await payment.invoiceOf(request.params.id).catch(() => null);
        const expected = kind === '3ds' ? 'card' : 'ewallet';
        if (!row || row.method !== expected || row.status !== InvoiceStatus.pending) {
          throw ApiError.of(ErrorCode.notFound, 'No pending payment here.');
        }
        const amount = toInvoice(row).amount;
        reply
          .header('content-security-policy', sandboxCsp)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8');
        return sandboxPage(
          title,
          `Pay ${amount} ${row.currency} to Croupier.`,
          `/api/payment/sandbox/${kind}/${row.id}`,
        );
      });
      for (const decision of ['approve', 'decline'] as const) {
        scope.post<{ Params: { id: string } }>(
          `/api/payment/sandbox/${kind}/:id/${decision}`,
          async (request, reply) => {
            const row = await payment.decide(request.params.id, decision === 'approve').catch(() => null);
            if (!row) throw ApiError.of(ErrorCode.notFound, 'No payment here.');
            const after = await payment.invoiceOf(row.id);
            const details = row.details as { redirectSuccessUrl?: string; redirectErrorUrl?: string };
            const target =
              after.status === InvoiceStatus.success ? details.redirectSuccessUrl : details.redirectErrorUrl;
            return reply.redirect(target ?? '/', 303);
          },
        );
      }
    };
    page('3ds');
    page('checkout');
  });

  // The sandbox's clock: settles due crypto deposits and bank transfers (no per-invoice timers).
  if (sweepMs > 0) {
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (running) return;
        running = payment
          .sweep()
          .catch((error) => app.log.error({ err: error }, 'payment sweep failed'))
          .finally(() => {
            running = null;
          });
      }, sweepMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  }
}

// Not encapsulated (as fastify-plugin does): `app.payment` and the sweeper hooks belong to the root instance.
(paymentRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
