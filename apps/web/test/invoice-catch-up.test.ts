import type { Invoice } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import { invoiceAlert } from '../app/features/payment/invoice-alert.ts';
import { pendingDepositNews } from '../app/features/payment/invoice-catch-up.ts';

const invoice = (status: number, extra: Partial<Invoice> = {}): Invoice => ({
  id: 'inv-1',
  amount: 1.5,
  transactionAmount: 1.5,
  currency: 'BTC',
  transactionCurrency: 'BTC',
  status,
  statusResult: '',
  paymentMethod: 'crypto',
  invoiceType: 1,
  createdAt: '2026-11-27T07:00:00.000Z',
  updatedAt: null,
  publicData: null,
  ...extra,
});
const awaited = { invoiceId: 'inv-1', awaitsQr: false, qr: null };

describe('awaited deposit on (re)subscribe (decision 0084)', () => {
  it('a deposit settled while the channel was down gives the alert its publication would have', () => {
    const news = pendingDepositNews(awaited, [invoice(1, { id: 'other' }), invoice(2)]);
    expect(news?.event).toBe('invoice.deposit.updated');
    expect(news && invoiceAlert(news)).toEqual({ type: 'success', key: 'depositSuccess' });
    expect(invoiceAlert(pendingDepositNews(awaited, [invoice(3)])!)).toEqual({ type: 'error', key: 'depositFailure' });
  });

  it('a deposit still pending, or not listed, has nothing to tell', () => {
    expect(pendingDepositNews(awaited, [invoice(1, { publicData: { qr: 'q', url: 'u' } })])).toBeNull();
    expect(pendingDepositNews(awaited, [invoice(2, { id: 'other' })])).toBeNull();
    expect(pendingDepositNews(awaited, [])).toBeNull();
  });

  it('an asyncRedirect deposit still waiting for its QR gets it', () => {
    const waiting = { ...awaited, awaitsQr: true };
    expect(pendingDepositNews(waiting, [invoice(1)])).toBeNull();
    const news = pendingDepositNews(waiting, [invoice(1, { publicData: { qr: 'bitcoin:tb1q', url: 'https://pay' } })]);
    expect(news?.invoice.publicData).toEqual({ qr: 'bitcoin:tb1q', url: 'https://pay' });
    expect(
      pendingDepositNews({ ...waiting, qr: 'bitcoin:tb1q' }, [invoice(1, { publicData: { qr: 'x', url: '' } })]),
    ).toBeNull();
  });
});
