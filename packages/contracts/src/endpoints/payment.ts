import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { dataOf, pageOf } from '../envelope.ts';
import {
  DepositRequest,
  DepositResponse,
  Invoice,
  InvoiceStatistics,
  InvoicesQuery,
  PaymentMethod,
  PaymentMethodsQuery,
  WithdrawRequest,
  WithdrawResponse,
} from '../payment.ts';

const tags = ['payment'];
const invoiceId = z.object({ invoiceId: z.string().uuid() });

export const paymentEndpoints = {
  depositMethods: defineEndpoint({
    method: 'GET',
    path: '/api/payment/methods/deposit',
    auth: 'player',
    summary: 'Deposit methods for a currency (and country). Error 13100 (HTTP 422) when a deposit limit is reached.',
    tags,
    query: PaymentMethodsQuery,
    response: dataOf(z.array(PaymentMethod)),
  }),
  withdrawalMethods: defineEndpoint({
    method: 'GET',
    path: '/api/payment/methods/withdrawal',
    auth: 'player',
    summary: 'Withdrawal methods for a currency (and country).',
    tags,
    query: PaymentMethodsQuery,
    response: dataOf(z.array(PaymentMethod)),
  }),
  deposit: defineEndpoint({
    method: 'POST',
    path: '/api/payment/invoices/deposit',
    auth: 'player',
    summary: 'Starts a deposit: a pending invoice and what the client does next (redirect, QR, message).',
    tags,
    body: DepositRequest,
    response: dataOf(DepositResponse),
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/api/payment/invoices/withdrawal',
    auth: 'player',
    summary: 'Requests a withdrawal: the amount moves to the locked part until the transfer settles or fails.',
    tags,
    body: WithdrawRequest,
    response: dataOf(WithdrawResponse),
  }),
  invoices: defineEndpoint({
    method: 'GET',
    path: '/api/payment/invoices',
    auth: 'player',
    summary: "The player's invoices, newest first, filtered by dates, type, currency and status.",
    tags,
    query: InvoicesQuery,
    response: pageOf(Invoice),
  }),
  statistics: defineEndpoint({
    method: 'GET',
    path: '/api/payment/invoices/statistics',
    auth: 'player',
    summary: 'Totals of successful deposits and withdrawals, one entry per currency.',
    tags,
    response: dataOf(z.array(InvoiceStatistics)),
  }),
  decline: defineEndpoint({
    method: 'PUT',
    path: '/api/payment/invoices/:invoiceId/decline',
    auth: 'player',
    summary: 'Cancels a pending withdrawal: the locked amount returns to the real balance.',
    tags,
    params: invoiceId,
    response: dataOf(Invoice),
  }),
  devConfirm: defineEndpoint({
    method: 'POST',
    path: '/api/dev/payment/invoices/:invoiceId/confirm',
    auth: 'guest',
    summary: 'Development only (with DEV_MAILBOX): the sandbox confirms a pending crypto deposit now.',
    tags: ['development'],
    params: invoiceId,
    response: dataOf(Invoice),
  }),
};
