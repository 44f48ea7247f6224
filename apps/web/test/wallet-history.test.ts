import { ApiError } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import {
  canCancel,
  datesReversed,
  dayToIso,
  INVOICES_PER_PAGE,
  invoicesQuery,
  NO_FILTERS,
  replaceInvoice,
} from '../app/features/history/invoice-query.ts';
import { serverMessageOf } from '../app/features/wallet/action-error.ts';

const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('history dates (api-contract §1.5: full ISO with ms and Z)', () => {
  it('turns a local day into its first and last millisecond', () => {
    const from = dayToIso('2026-11-02');
    const to = dayToIso('2026-11-02', true);
    expect(from).toMatch(ISO_MS_Z);
    expect(to).toMatch(ISO_MS_Z);
    expect(new Date(from ?? '').getTime()).toBe(new Date(2026, 10, 2).getTime());
    expect(new Date(to ?? '').getTime() - new Date(from ?? '').getTime()).toBe(86_400_000 - 1);
  });

  it('refuses anything but a real calendar day', () => {
    expect(dayToIso('')).toBeNull();
    expect(dayToIso('2026-02-30')).toBeNull();
    expect(dayToIso('2026-13-01')).toBeNull();
    expect(dayToIso('02/11/2026')).toBeNull();
    expect(dayToIso('2024-02-29')).toMatch(ISO_MS_Z);
  });

  it('flags a start after the end', () => {
    expect(datesReversed({ ...NO_FILTERS, dateFrom: '2026-11-03', dateTo: '2026-11-02' })).toBe(true);
    expect(datesReversed({ ...NO_FILTERS, dateFrom: '2026-11-02', dateTo: '2026-11-02' })).toBe(false);
    expect(datesReversed({ ...NO_FILTERS, dateFrom: '2026-11-03' })).toBe(false);
  });
});

describe('invoicesQuery', () => {
  it('leaves "all" out and sends ids as numbers', () => {
    expect(invoicesQuery(NO_FILTERS, 1)).toEqual({
      page: 1,
      perPage: INVOICES_PER_PAGE,
      type: undefined,
      status: undefined,
      currency: undefined,
      dateFrom: undefined,
      dateTo: undefined,
    });
    const query = invoicesQuery(
      { type: '2', status: '1', currency: 'BTC', dateFrom: '2026-11-01', dateTo: '2026-11-30' },
      3,
    );
    expect(query).toMatchObject({ page: 3, type: 2, status: 1, currency: 'BTC' });
    expect(query.dateFrom).toMatch(ISO_MS_Z);
    expect(query.dateTo).toMatch(ISO_MS_Z);
  });
});

describe('cancelling', () => {
  it('is offered only on a pending withdrawal', () => {
    expect(canCancel({ invoiceType: 2, status: 1 })).toBe(true);
    expect(canCancel({ invoiceType: 2, status: 2 })).toBe(false);
    expect(canCancel({ invoiceType: 2, status: 3 })).toBe(false);
    expect(canCancel({ invoiceType: 1, status: 1 })).toBe(false);
  });

  it('replaces the declined row in place', () => {
    const row = (id: string, status: number) => ({
      id,
      amount: 1,
      transactionAmount: 1,
      currency: 'EUR',
      transactionCurrency: 'EUR',
      status,
      statusResult: '',
      paymentMethod: 'card',
      invoiceType: 2,
      createdAt: '2026-11-02T10:00:00.000Z',
      updatedAt: null,
      publicData: null,
    });
    const rows = [row('a', 1), row('b', 1)];
    expect(replaceInvoice(rows, row('b', 3)).map((r) => r.status)).toEqual([1, 3]);
  });

  it('shows the server’s own words for a refusal, never for a network or server failure', () => {
    const refused = new ApiError(422, 10001, 'Validation failed', {
      accountId: ['The active account cannot be hidden.'],
    });
    expect(serverMessageOf(refused)).toBe('The active account cannot be hidden.');
    expect(serverMessageOf(new ApiError(409, 1, 'Not pending', {}))).toBe('Not pending');
    expect(serverMessageOf(new ApiError(0, 1, 'Network error', {}))).toBeNull();
    expect(serverMessageOf(new ApiError(500, 1, 'boom', {}))).toBeNull();
    expect(serverMessageOf(new Error('x'))).toBeNull();
  });
});
