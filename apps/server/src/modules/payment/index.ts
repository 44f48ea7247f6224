// The payment module as other modules see it (docs/decisions/0015).

export { type DepositTotal, depositTotalsSince } from './deposit-totals.ts';
export { depositedSince } from './deposited.ts';
export type { DepositSucceeded, DepositSuccess } from './deps.ts';
export { type InstrumentPlayers, instrumentPlayers, sharePaymentInstrument } from './instruments.ts';
export { type BeforeDeposit, type BeforeDepositCheck, DepositLimitError } from './limits.ts';
export { type PlayerPaymentTotal, playerPaymentTotalsSince } from './player-totals.ts';
export type { WithdrawalDecision } from './review/decide.ts';
export { seedDemoWithdrawalSettings } from './review/demo.ts';
export type { WithdrawalRiskFlag, WithdrawalUnderReview } from './review/flag.ts';
export { type WithdrawalReviewsFilter, withdrawalReviewsPage, withdrawalsWaiting } from './review/list.ts';
export type { ReviewedWithdrawal, ReviewRow } from './review/row.ts';
export { withdrawalSettings } from './review/settings.ts';
export { paymentRoutes } from './routes.ts';
export type { WithdrawalDesk, WithdrawalQueueChanged } from './service.ts';
export { INVOICE_COUNT_AHEAD, playerInvoicesForStaff, type StaffInvoicesQuery } from './staff-invoices.ts';
