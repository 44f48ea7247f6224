// What other features use of payment; they import it from here only (issue 15: one-way imports).
export { markCancelledHere, wasCancelledHere } from './cancelled-here.ts';
export { CopyButton } from './copy-button.tsx';
export { InvoiceListener } from './invoice-listener.tsx';
