import type { DepositResponse, InvoiceEvent } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import { invoiceAlert, invoiceDate } from '../app/features/payment/invoice-alert.ts';
import { qrPath } from '../app/features/payment/qr-code.tsx';
import { depositStep, pageWith, returnUrls, withFields } from '../app/features/payment/return-urls.ts';
import { inputNameOf } from '../app/features/payment/use-payment-form.ts';

const ORIGIN = 'https://casino.test';
const answer = (extra: Partial<DepositResponse> = {}): DepositResponse => ({
  invoiceId: 'inv-1',
  action: '',
  method: 'card',
  type: 'form',
  fields: {},
  ...extra,
});

describe('return URLs', () => {
  it('keep the page and its other query, drop the wallet, add the result modal', () => {
    expect(pageWith('/de/main', '?wallet=deposit&category=slots', 'deposit-success')).toBe(
      '/de/main?category=slots&deposit-success=true',
    );
    expect(pageWith('/main', '?wallet=deposit&deposit-error=true')).toBe('/main');
  });

  it('give success, error and a neutral pending return for form deposits; the page itself for crypto', () => {
    expect(returnUrls('/main', '?wallet=deposit', { type: 'form' })).toEqual({
      redirectSuccessUrl: '/main?deposit-success=true',
      redirectErrorUrl: '/main?deposit-error=true',
      redirectUrl: '/main?deposit-pending=true',
    });
    expect(returnUrls('/main', '?wallet=deposit', { type: 'address' })).toEqual({
      redirectSuccessUrl: '/main',
      redirectErrorUrl: '/main',
    });
  });

  it('appends response fields to the action', () => {
    expect(withFields('/pay', {})).toBe('/pay');
    expect(withFields('/pay?a=1#top', { b: '2 3' })).toBe('/pay?a=1&b=2+3#top');
  });
});

describe('depositStep', () => {
  it('navigates in place when the answer points at our own return page', () => {
    expect(depositStep('form', answer({ action: '/main?deposit-success=true' }), ORIGIN)).toEqual({
      kind: 'navigate',
      to: '/main?deposit-success=true',
    });
    expect(depositStep('form', answer({ action: `${ORIGIN}/main?deposit-error=true` }), ORIGIN)).toEqual({
      kind: 'navigate',
      to: '/main?deposit-error=true',
    });
  });

  it('opens PSP pages (API paths, other origins) in a new window, with the fields', () => {
    expect(depositStep('form', answer({ action: '/api/payment/sandbox/3ds/x' }), ORIGIN)).toEqual({
      kind: 'window',
      url: '/api/payment/sandbox/3ds/x',
    });
    expect(depositStep('form', answer({ action: 'https://psp.example/pay', fields: { s: '1' } }), ORIGIN)).toEqual({
      kind: 'window',
      url: 'https://psp.example/pay?s=1',
    });
  });

  it('handles iframe, qr, message and asyncRedirect', () => {
    expect(depositStep('iframe', answer({ action: 'https://psp.example/f' }), ORIGIN)).toEqual({
      kind: 'iframe',
      url: 'https://psp.example/f',
    });
    expect(depositStep('qr', answer({ qr: 'bitcoin:x' }), ORIGIN)).toEqual({ kind: 'qr', qr: 'bitcoin:x' });
    expect(depositStep('qr', answer(), ORIGIN)).toEqual({ kind: 'message' });
    expect(depositStep('message', answer(), ORIGIN)).toEqual({ kind: 'message' });
    expect(depositStep('asyncRedirect', answer({ invoiceId: 'inv-9' }), ORIGIN)).toEqual({
      kind: 'await',
      invoiceId: 'inv-9',
    });
  });
});

describe('invoice alerts', () => {
  const event = (name: InvoiceEvent['event'], status: number): InvoiceEvent => ({
    event: name,
    invoice: {
      id: 'i',
      playerId: 'p',
      amount: 50,
      currency: 'EUR',
      paymentMethod: 'card',
      status,
      createdAt: '2026-03-05T10:00:00.000Z',
      number: 1,
      publicData: null,
    },
  });

  it('only final statuses of updates give feedback', () => {
    expect(invoiceAlert(event('invoice.deposit.updated', 2))).toEqual({ type: 'success', key: 'depositSuccess' });
    expect(invoiceAlert(event('invoice.deposit.updated', 3))).toEqual({ type: 'error', key: 'depositFailure' });
    expect(invoiceAlert(event('invoice.withdrawal.updated', 2))).toEqual({ type: 'success', key: 'withdrawalSuccess' });
    expect(invoiceAlert(event('invoice.withdrawal.updated', 3))).toEqual({ type: 'error', key: 'withdrawalFailure' });
    expect(invoiceAlert(event('invoice.deposit.updated', 1))).toBeNull();
    expect(invoiceAlert(event('invoice.withdrawal.created', 1))).toBeNull();
    expect(invoiceAlert(event('invoice.withdrawal.created', 2))).toBeNull();
  });

  it('formats {date} in the page locale', () => {
    expect(invoiceDate('2026-03-05T10:00:00.000Z', 'de')).toBe('05.03.2026');
    expect(invoiceDate('2026-03-05T10:00:00.000Z', 'en')).toBe('Mar 5, 2026');
    expect(invoiceDate('not a date', 'en')).toBe('not a date');
  });
});

describe('QR and field errors', () => {
  it('draws a payment URI as modules', () => {
    const path = qrPath('bitcoin:tb1qexampleaddress?amount=0.001');
    expect(path?.size).toBeGreaterThanOrEqual(21);
    expect(path?.d).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(qrPath('x'.repeat(5000))).toBeNull();
  });

  it('maps server keys onto inputs', () => {
    expect(inputNameOf('fields.card_number')).toBe('card_number');
    expect(inputNameOf('amount')).toBe('amount');
  });
});
