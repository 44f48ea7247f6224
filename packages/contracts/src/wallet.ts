import { z } from 'zod';

/**
 * A wallet account as the client reads it (api-contract §7). Every amount is in major units of the
 * account currency, converted exactly from integer minor units with toMajor.
 * - `balance` = real + bonus (the header balance: what can be staked);
 * - `realBalance` = the player's free real money; `lockedBalance` = real money held (a pending withdrawal);
 *   the client shows "real" as realBalance + lockedBalance;
 * - `bonusBalance` = bonus money (not withdrawable);
 * - `withdrawalBalance` = what a withdrawal may take now: the free real part (docs/decisions/0013).
 */
export const Account = z.object({
  id: z.string(),
  currency: z.string(),
  /** 1 = the active (selected) account, 2 = inactive. Exactly one visible account has 1. */
  status: z.number().int(),
  balance: z.number(),
  realBalance: z.number(),
  bonusBalance: z.number(),
  lockedBalance: z.number(),
  withdrawalBalance: z.number(),
});
export type Account = z.infer<typeof Account>;

export const AccountStatus = { active: 1, inactive: 2 } as const;

export const CreateAccountRequest = z.object({ currency: z.string().min(1).max(10) });
export type CreateAccountRequest = z.infer<typeof CreateAccountRequest>;

/** Development only: funds a player account from the house through a real ledger transaction. */
export const DevCreditRequest = z.object({
  playerId: z.string().uuid(),
  currency: z.string().min(1).max(10),
  /** Major units, positive; exact for the currency (no more decimals than its subunitToUnit allows). */
  amount: z.union([z.number(), z.string().max(40)]),
  /** Replaying the same key answers the first result without a second credit. */
  idempotencyKey: z.string().min(1).max(200).optional(),
});
export type DevCreditRequest = z.infer<typeof DevCreditRequest>;

/** What the real-time channel `wallet:accounts#{playerId}` carries (api-contract §14.2). */
export const AccountBalanceUpdated = z.object({ event: z.literal('account.balance.updated'), account: Account });
export type AccountBalanceUpdated = z.infer<typeof AccountBalanceUpdated>;
