import type { accounts } from './schema.ts';

// The ledger's value types, apart from its functions so the one-statement move and `transfer` share them.

export type Part = 'real' | 'bonus' | 'locked';
export const parts: readonly Part[] = ['real', 'bonus', 'locked'];

/** One leg of a movement: a signed amount in minor units on one part of one account. */
export interface Leg {
  accountId: string;
  part: Part;
  amount: bigint;
}

export type AccountRow = typeof accounts.$inferSelect;

/** JSON the ledger stores as a transaction's answer (bigint amounts as decimal strings). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
