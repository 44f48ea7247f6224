import type { Currency } from './actions.ts';

// The operator data the model-based test plays with, in both currencies: what the oracle knows of the
// product's configuration. The driver writes these rows; the oracle computes with the same numbers.

/** Real money each account starts a sequence with (minor units), credited through the development credit. */
export const START_FUNDS = 2_00n;

export interface BonusTerms {
  identity: string;
  code: string;
  kind: 'cash' | 'deposit';
  /** Cash: the amount; deposit: the cap of the 100 % match (minor units, same in EUR and USD). */
  amount: bigint;
  minDeposit: bigint;
  /** Multiplier of the amount. */
  wager: bigint;
  maxBet: bigint;
  maxWin: bigint;
  cancelLock: boolean;
}

/** Applied now: 10.00, wagered ×1, max bet 5.00 per round, max win 15.00. */
export const CASH_BONUS: BonusTerms = {
  identity: 'mm-cash',
  code: 'MMCASH',
  kind: 'cash',
  amount: 10_00n,
  minDeposit: 0n,
  wager: 1n,
  maxBet: 5_00n,
  maxWin: 15_00n,
  cancelLock: false,
};

/** Attached to the next deposit or chosen in the form: 100 % up to 25.00 from 10.00, ×1, cancel-locked. */
export const DEPOSIT_BONUS: BonusTerms = {
  identity: 'mm-deposit',
  code: 'MMDEP',
  kind: 'deposit',
  amount: 25_00n,
  minDeposit: 10_00n,
  wager: 1n,
  maxBet: 10_00n,
  maxWin: 30_00n,
  cancelLock: true,
};

/** The deposit bonus of a deposit, or null when the deposit is below its minimum. */
export function depositMatch(deposit: bigint): bigint | null {
  if (deposit < DEPOSIT_BONUS.minDeposit) return null;
  return deposit < DEPOSIT_BONUS.amount ? deposit : DEPOSIT_BONUS.amount;
}

/** A quest of two bets of at least 1.00 (any currency), paying 2.00 real in the activation's currency. */
export const QUEST = { identity: 'mm-quest', bets: 2, minStake: 1_00n, reward: 2_00n };

/** A wheel with one daily spin and one sector: 0.50 real in the active account's currency. */
export const WHEEL = { identity: 'mm-wheel', prize: 50n };

/** The referral programme (decision 0067): euro amounts at the reference rate (1 EUR = 1.08 USD). */
export const REFERRAL = {
  env: { REFERRAL_MIN_DEPOSIT_EUR: '10', REFERRAL_WAGER_EUR: '5', REFERRAL_REWARD_EUR: '5' },
  minDeposit: { EUR: 10_00n, USD: 10_80n } as Record<Currency, bigint>,
  wager: { EUR: 5_00n, USD: 5_40n } as Record<Currency, bigint>,
  /** Paid in the referrer's registration currency (EUR). */
  reward: 5_00n,
};

/** Monday 2030-06-10 12:00 UTC: every offered zone is on that week's Monday or Tuesday, no DST change near. */
export const CLOCK_START = Date.UTC(2030, 5, 10, 12);
export const STEP_HOURS = 48;
export const MAX_STEPS = 2;
