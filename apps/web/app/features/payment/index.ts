// What routes and other features use of payment; they import it from here only (issue 15, decision 0100).
export { markCancelledHere, wasCancelledHere } from './cancelled-here.ts';
export { CopyButton } from './copy-button.tsx';
export { isDepositInProgress } from './deposit-guard.ts';
export { InvoiceListener } from './invoice-listener.tsx';
