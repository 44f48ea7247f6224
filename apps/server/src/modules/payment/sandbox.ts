import { createHash, createHmac } from 'node:crypto';
import { ApiError, ErrorCode, type PaymentMethod } from '@croupier/contracts';
import { toMajor } from '@croupier/contracts/reference/index';
import type { Config } from '../../config.ts';
import { persistedSecret } from '../../secrets.ts';
import { cryptoNetworks, currencyOf } from './catalogue.ts';
import type { PaymentProvider, SandboxDecision } from './deps.ts';

/** Sandbox card numbers (docs/decisions/0015). Any other well-formed number is declined by the issuer. */
export const sandboxCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Needs the 3-D Secure confirmation page. */
  redirect: '4000002760003184',
} as const;

const invalid = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

/** Checks the method's fields against their regexps (422 on the first field that fails, per field). */
function checkFields(method: PaymentMethod, given: Record<string, string | null | undefined>): void {
  const errors: Record<string, string[]> = {};
  for (const f of method.fields) {
    const value = given[f.key];
    if (f.options) {
      if (value != null && !f.options.some((o) => o.id === value)) errors[f.key] = ['Choose one of the options.'];
      continue;
    }
    if (value == null || value === '') {
      if (f.isRequired) errors[f.key] = ['This field is required.'];
      continue;
    }
    if (f.regexp && !new RegExp(f.regexp).test(value)) errors[f.key] = ['This value is not valid.'];
  }
  if (Object.keys(errors).length) throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', errors);
}

/** A stable fake address for an invoice on a network. */
function addressOf(invoiceId: string, network: string): string {
  const hex = createHash('sha256').update(`${network}:${invoiceId}`).digest('hex');
  if (network === 'bitcoin') return `tb1q${hex.slice(0, 38)}`;
  if (network === 'litecoin') return `ltc1q${hex.slice(0, 38)}`;
  if (network === 'trc20') {
    const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    return `T${[...hex.slice(0, 33)].map((c) => alphabet[Number.parseInt(c, 16) * 3]).join('')}`;
  }
  return `0x${hex.slice(0, 40)}`;
}

/**
 * The provider's fingerprint of a paying instrument, as real PSPs give one (a card's, a bank account's): the
 * same card always gives the same value, which reveals nothing of the number (a keyed hash: a PAN's few
 * unknown digits would fall to a plain one). Kept in the invoice's details as `instrument` (decision 0094).
 */
const instrumentOf = (key: Buffer, kind: 'card' | 'iban', value: string) =>
  `${kind}:${createHmac('sha256', key).update(`${kind}:${value}`).digest('hex').slice(0, 32)}`;

/**
 * The in-process sandbox PSP: card, e-wallet, crypto deposits; bank-transfer and card-payout withdrawals. `secret` (the
 * webhook key the sandbox shares with the casino) keys its instrument fingerprints.
 */
export function sandboxProvider(
  config: Pick<Config, 'CRYPTO_CONFIRMATION_SECONDS' | 'BANK_TRANSFER_SECONDS'>,
  secret: Buffer,
): PaymentProvider {
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
  const fingerprintKey = createHmac('sha256', secret).update('payment-instrument-fingerprint').digest();
  return {
    name: 'sandbox',
    startDeposit({ invoiceId, request, method, amount }): SandboxDecision {
      const fields = request.fields ?? {};
      checkFields(method, fields);
      // Checked against the site's origins before the provider is asked (return-urls.ts, decision 0050).
      const success = request.redirectSuccessUrl;
      const failure = request.redirectErrorUrl;
      const returns = { redirectSuccessUrl: success, redirectErrorUrl: failure };
      if (method.method === 'card') {
        const number = (fields.card_number ?? '').replace(/\s+/g, '');
        // Only the last four digits and the card's fingerprint are ever kept.
        const details = {
          ...returns,
          cardLast4: number.slice(-4),
          cardholder: fields.cardholder,
          instrument: instrumentOf(fingerprintKey, 'card', number),
        };
        if (number === sandboxCards.success) return { outcome: 'succeeded', action: success, details };
        if (number === sandboxCards.redirect) {
          return { outcome: 'pending', action: `/api/payment/sandbox/3ds/${invoiceId}`, details };
        }
        return { outcome: 'failed', reason: 'card_declined', action: failure, details };
      }
      if (method.method === 'ewallet') {
        return { outcome: 'pending', action: `/api/payment/sandbox/checkout/${invoiceId}`, details: returns };
      }
      if (method.method === 'crypto') {
        const networks = cryptoNetworks(request.currency);
        const network = networks.find((n) => n.id === fields.crypto_network) ?? networks[0]!;
        const address = addressOf(invoiceId, network.id);
        const major = toMajor(amount, currencyOf(request.currency)!.subunitToUnit);
        const qr = `${network.scheme}:${address}?amount=${major}`;
        return {
          outcome: 'pending',
          action: '',
          qr,
          address,
          publicData: { qr, url: qr, address, network: network.id },
          details: { ...returns, network: network.id },
          dueAt: later(config.CRYPTO_CONFIRMATION_SECONDS),
        };
      }
      throw invalid('method', 'This method is not available.');
    },
    checkWithdrawal({ request, method }) {
      const fields = request.fields ?? {};
      checkFields(method, fields);
      if (method.method === 'card_payout') {
        // Closed loop (decision 0112): paid back to a card; its fingerprint matches the deposits made with it.
        const number = (fields.card_number ?? '').replace(/\s+/g, '');
        return {
          details: {
            cardLast4: number.slice(-4),
            cardholder: fields.cardholder,
            fails: number === sandboxCards.declined,
            instrument: instrumentOf(fingerprintKey, 'card', number),
          },
        };
      }
      const iban = fields.iban ?? '';
      return {
        details: {
          ibanLast4: iban.slice(-4),
          accountHolder: fields.account_holder,
          fails: iban.endsWith('0002'),
          instrument: instrumentOf(fingerprintKey, 'iban', iban),
        },
      };
    },
    // The sandbox pays out BANK_TRANSFER_SECONDS after approval; the sweeper sends the signed webhook then.
    sendWithdrawal: () => ({ dueAt: later(config.BANK_TRANSFER_SECONDS) }),
    // Nothing is paid before the sweeper's webhook: a transfer not yet settled can always be called back.
    cancelWithdrawal: () => true,
  };
}

/**
 * The webhook key: PAYMENT_WEBHOOK_SECRET when set; otherwise a random key generated once and kept in
 * DATA_DIR/payment-webhook-secret (tests get a fresh one per app), as for the JWT key.
 */
export function resolveWebhookSecret(config: Pick<Config, 'PAYMENT_WEBHOOK_SECRET' | 'NODE_ENV' | 'dataDir'>): Buffer {
  const secret = persistedSecret({
    configured: config.PAYMENT_WEBHOOK_SECRET,
    nodeEnv: config.NODE_ENV,
    dataDir: config.dataDir,
    file: 'payment-webhook-secret',
  });
  return Buffer.from(secret, 'utf8');
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sandbox's own small page: a summary and approve/decline buttons that POST back to the sandbox. */
export function sandboxPage(title: string, summary: string, base: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#222}
.note{color:#777;font-size:.85rem}form{display:inline-block;margin-right:.5rem}
button{font-size:1rem;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #888;cursor:pointer}
.ok{background:#1a7f37;color:#fff;border-color:#1a7f37}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(summary)}</p>
<form method="post" action="${escapeHtml(base)}/approve"><button class="ok" type="submit">Approve</button></form>
<form method="post" action="${escapeHtml(base)}/decline"><button type="submit">Decline</button></form>
<p class="note">Croupier payment sandbox: no real money moves.</p></body></html>`;
}

/** The pages' CSP: inline styles only, forms post to this origin, never framed elsewhere. */
export const sandboxCsp = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'";
