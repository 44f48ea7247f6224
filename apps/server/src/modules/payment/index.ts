// The payment module as other modules see it (docs/decisions/0015).
export { type BeforeDeposit, type BeforeDepositCheck, DepositLimitError } from './limits.ts';
