// What other features use of loyalty; they import it from here only (issue 15: one-way imports).
export { LoyaltyListener } from './loyalty-listener.tsx';
export { LoyaltyPage } from './loyalty-page.tsx';
export { useLoyaltyAccount } from './loyalty-store.ts';
