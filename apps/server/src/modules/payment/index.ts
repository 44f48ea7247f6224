// The payment module as other modules see it (docs/decisions/0015).

export { type DepositTotal, depositTotalsSince } from './deposit-totals.ts';
export { depositedSince } from './deposited.ts';
export type { DepositSucceeded, DepositSuccess } from './deps.ts';
export { sharePaymentInstrument } from './instruments.ts';
export { type BeforeDeposit, type BeforeDepositCheck, DepositLimitError } from './limits.ts';
export { type PlayerPaymentTotal, playerPaymentTotalsSince } from './player-totals.ts';
export { paymentRoutes } from './routes.ts';
export { INVOICE_COUNT_AHEAD, playerInvoicesForStaff, type StaffInvoicesQuery } from './staff-invoices.ts';
