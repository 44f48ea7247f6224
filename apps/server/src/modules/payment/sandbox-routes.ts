import { ApiError, ErrorCode, InvoiceStatus } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../../http/errors.ts';
import { toInvoice } from './invoices.ts';
import { sandboxCsp, sandboxPage } from './sandbox.ts';
import { type PaymentService, WebhookSignatureError } from './service.ts';

type Kind = '3ds' | 'checkout';

/** The signed webhook: 401 on a bad signature, else whether the event changed an invoice. */
function webhookRoute(scope: FastifyInstance, payment: PaymentService): void {
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
}

/** The provider's HTML page for a pending card (3-D Secure) or e-wallet (checkout) deposit. */
function pageRoute(scope: FastifyInstance, payment: PaymentService, kind: Kind): void {
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
    return sandboxPage(title, `Pay ${amount} ${row.currency} to Croupier.`, `/api/payment/sandbox/${kind}/${row.id}`);
  });
}

/** The page's approve and decline buttons: decide the deposit, then back to the casino's return URL. */
function decisionRoutes(scope: FastifyInstance, payment: PaymentService, kind: Kind): void {
  for (const decision of ['approve', 'decline'] as const) {
    scope.post<{ Params: { id: string } }>(`/api/payment/sandbox/${kind}/:id/${decision}`, async (request, reply) => {
      const row = await payment.decide(request.params.id, decision === 'approve').catch(() => null);
      if (!row) throw ApiError.of(ErrorCode.notFound, 'No payment here.');
      const after = await payment.invoiceOf(row.id);
      const details = row.details as { redirectSuccessUrl?: string; redirectErrorUrl?: string };
      const target = after.status === InvoiceStatus.success ? details.redirectSuccessUrl : details.redirectErrorUrl;
      return reply.redirect(target ?? '/', 303);
    });
  }
}

/**
 * The provider's webhook and pages: not player API (no contract entry), in their own scope so the raw
 * body is kept for the signature and HTML forms post without a body parser of their own.
 */
export function sandboxRoutes(scope: FastifyInstance, payment: PaymentService): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  webhookRoute(scope, payment);
  for (const kind of ['3ds', 'checkout'] as const) {
    pageRoute(scope, payment, kind);
    decisionRoutes(scope, payment, kind);
  }
}
