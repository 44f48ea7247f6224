import type { AccountRow, Leg, Part } from '../ledger-types.ts';

/**
 * Which account parts a stake comes from and a payout goes to: the one place that decides it. Default:
 * real money only. The bonus issue passes its own (real first, then bonus; wins split by the same share)
 * to `createSeamlessWallet`; rollbacks need none, they reverse the bet's own entries.
 */
export interface Funding {
  /** What the player can stake now (the `balance` of every answer). */
  playable(account: AccountRow): bigint;
  /** The player legs of a stake of `amount` (negative), or null when the parts cannot cover it. */
  stake(account: AccountRow, amount: bigint): Partial<Record<Part, bigint>> | null;
  /** The player legs of a payout of `amount` (positive). */
  payout(account: AccountRow, amount: bigint): Partial<Record<Part, bigint>>;
}

export const realMoneyOnly: Funding = {
  playable: (account) => account.real,
  stake: (account, amount) => (account.real >= amount ? { real: -amount } : null),
  payout: (_account, amount) => ({ real: amount }),
};

/**
 * Real money first, then bonus money (decision 0013: stakeable = real + bonus). Payouts go to the real part;
 * the bonus module's rule moves a win's bonus share to the bonus part when the stake was partly bonus money.
 */
export const realThenBonus: Funding = {
  playable: (account) => account.real + account.bonus,
  stake(account, amount) {
    if (account.real + account.bonus < amount) return null;
    const real = account.real < amount ? account.real : amount;
    const bonus = amount - real;
    return { ...(real > 0n ? { real: -real } : {}), ...(bonus > 0n ? { bonus: -bonus } : {}) };
  },
  payout: (_account, amount) => ({ real: amount }),
};

/** Player legs by part, and the house leg that balances them. */
export function legsOf(
  accountId: string,
  houseId: string,
  byPart: Partial<Record<Part, bigint>>,
): { legs: Leg[]; delta: Record<Part, bigint> } {
  const delta: Record<Part, bigint> = { real: 0n, bonus: 0n, locked: 0n };
  const legs: Leg[] = [];
  let total = 0n;
  for (const [part, amount] of Object.entries(byPart) as [Part, bigint][]) {
    if (amount === 0n) continue;
    legs.push({ accountId, part, amount });
    delta[part] += amount;
    total += amount;
  }
  if (total !== 0n) legs.push({ accountId: houseId, part: 'real', amount: -total });
  return { legs, delta };
}
