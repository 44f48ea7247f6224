import { z } from 'zod';

// The bonus service's shapes (api-contract §10). Amounts are major units (numbers), as everywhere in the
// contract; the server keeps minor units and converts at the edge.

/** Player bonus and free-spin status (spec §4): 1 issued, 2 active, 3 finished. */
export const PlayerBonusStatus = { issued: 1, active: 2, finished: 3 } as const;
/** Result once finished: 1 none yet (issued or active), 2 played (wagered), 3 cancelled, 4 expired, 5 lost. */
export const PlayerBonusResult = { none: 1, played: 2, cancelled: 3, expired: 4, lost: 5 } as const;
/** Bonus code status: 1 attached (waiting for the next deposit), 2 applied, 3 incorrect, 4 not available. */
export const BonusCodeStatus = { attached: 1, applied: 2, incorrect: 3, notAvailable: 4 } as const;
/** Bonus code trigger: 1 apply now, 3 attach to the next deposit. */
export const BonusCodeTrigger = { now: 1, deposit: 3 } as const;

const amount = z.number();
const time = z.string();

export const PlayerBonus = z.object({
  id: z.string(),
  playerId: z.string(),
  name: z.string(),
  amount,
  currency: z.string(),
  bonusType: z.number().int(),
  status: z.number().int(),
  result: z.number().int(),
  currentWagerPercentage: z.number(),
  currentWagerCasinoAmount: amount,
  currentWagerSportsbookAmount: amount,
  currentWagerAmount: amount,
  requiredWagerCasinoAmount: amount,
  requiredWagerSportsbookAmount: amount,
  wagerCasino: z.number(),
  wagerSportsbook: z.number(),
  openedTransactionsCount: z.number().int(),
  isBonusCancelLock: z.boolean(),
  maxBetAmount: amount.nullable(),
  activationExpiredAt: time.nullable(),
  wageringExpiredAt: time.nullable(),
  createdAt: time,
  finishedAt: time.nullable(),
  packageId: z.string(),
  packagePriority: z.number().int(),
  issueSessionId: z.string(),
});
export type PlayerBonus = z.infer<typeof PlayerBonus>;

export const BonusCode = z.object({
  id: z.string(),
  playerId: z.string(),
  bonusCode: z.string(),
  trigger: z.number().int(),
  status: z.number().int(),
  result: z.number().int(),
  createdAt: time,
});
export type BonusCode = z.infer<typeof BonusCode>;

const AmountItem = z.object({ amount, currency: z.string() });
const RangeItem = z.object({ amountFrom: amount.optional(), amountTo: amount.optional(), currency: z.string() });

export const Bonus = z.object({
  id: z.string(),
  name: z.string(),
  status: z.number().int(),
  /** 1 money (deposit match or fixed), 2 free spins, 3 cashback. */
  type: z.number().int(),
  wagerCasino: z.number(),
  wagerSportsbook: z.number(),
  baseCurrencyMaxWinAmount: amount.nullable(),
  maxWinAmountItems: z.array(AmountItem),
  assignConditions: z.object({
    amountItems: z.array(AmountItem).optional(),
    baseCurrencyAmount: amount.optional(),
    depositPercentage: z.number().optional(),
    baseCurrencyMaxAmount: amount.optional(),
    maxAmountItems: z.array(AmountItem).optional(),
    freespinDurationMinutes: z.number().optional(),
    gameId: z.string().optional(),
    providerId: z.string().optional(),
    presets: z
      .array(
        z.object({
          id: z.string(),
          currency: z.string(),
          name: z.string(),
          originalCurrency: z.string(),
          price: amount,
          quantity: z.number().int(),
        }),
      )
      .optional(),
  }),
  triggerConditions: z.object({
    baseCurrencyInvoiceAmountFrom: amount.nullable(),
    baseCurrencyInvoiceAmountTo: amount.nullable(),
    invoiceAmountItems: z.array(RangeItem),
    availableFrom: time.optional(),
    availableTo: time.optional(),
  }),
  wagerCasinoConditions: z.object({
    baseCurrencyAmountFrom: amount.nullable(),
    baseCurrencyAmountTo: amount.nullable(),
    amountItems: z.array(RangeItem),
    gameIds: z.array(z.string()),
    gameIdsExcluded: z.boolean(),
    providerIds: z.array(z.string()),
    providerIdsExcluded: z.boolean(),
  }),
  wagerSportsbookConditions: z.object({
    baseCurrencyAmountFrom: amount.nullable(),
    baseCurrencyAmountTo: amount.nullable(),
    amountItems: z.array(RangeItem),
  }),
  package: z.object({ id: z.string(), name: z.string() }).nullable(),
  packagePriority: z.number().int(),
});
export type Bonus = z.infer<typeof Bonus>;

/**
 * Arrays arrive as `key[]=a&key[]=b` or as one scalar `key=a` (api-contract §1.1): both become a list. An empty
 * value names nothing (the seed's client encodes `[null]` as `key[]=`): dropped, so the list may be empty.
 */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).filter((x) => x !== '')),
    z.array(item).max(100).optional(),
  );
const currencyCode = z.string().regex(/^[A-Z0-9]{2,10}$/, 'a currency code');

export const PlayerBonusesQuery = z.object({
  status: list(z.coerce.number().int().min(1).max(3)),
  currency: list(currencyCode),
  packageId: list(z.string().min(1).max(100)),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type PlayerBonusesQuery = z.infer<typeof PlayerBonusesQuery>;

export const BonusCodesQuery = z.object({ trigger: z.coerce.number().int().pipe(z.literal(3)).default(3) });

export const ApplyBonusCode = z.object({
  bonusCode: z.string().trim().min(1, 'Enter a bonus code.').max(64),
  trigger: z.union([z.literal(1), z.literal(3)]),
});
export type ApplyBonusCode = z.infer<typeof ApplyBonusCode>;

export const RemoveBonusCode = z.object({ playerBonusCodeId: z.string().uuid() });

export const BonusesQuery = z.object({
  currency: currencyCode,
  amount: z.coerce.number().positive().max(1e12).optional(),
  bonusIds: list(z.string().uuid()),
});
export type BonusesQuery = z.infer<typeof BonusesQuery>;

export const BonusStatusQuery = z.object({ bonusIds: list(z.string().uuid()), currency: currencyCode });
export const BonusIssueStatus = z.object({ id: z.string(), issueStatus: z.number().int() });

export const CashbackQuery = z.object({ currency: currencyCode });
export const Cashback = z.object({ bonusId: z.string(), bonusName: z.string(), amount, date: time });

/** A player's free spins (api-contract §10): statuses and results as bonuses, without 5 (lost). */
export const PlayerFreespin = z.object({
  id: z.string(),
  playerId: z.string(),
  name: z.string(),
  status: z.number().int(),
  result: z.number().int(),
  count: z.number().int(),
  usedCount: z.number().int(),
  /** Percent of the spins played (> 0 words a cancel as "cancel active"). */
  progress: z.number(),
  gameId: z.string(),
  currency: z.string(),
  /** Bet per spin and the winnings so far, major units (ours; the contract's client does not read them). */
  betAmount: amount,
  winAmount: amount,
  activationExpiredAt: time.nullable(),
  wageringExpiredAt: time.nullable(),
  issuedAt: time,
  expiredAt: time.nullable(),
  createdAt: time,
  finishedAt: time.nullable(),
  packageId: z.string(),
  packagePriority: z.number().int(),
  issueSessionId: z.string(),
});
export type PlayerFreespin = z.infer<typeof PlayerFreespin>;

/** Free spins a studio session may play now (the studio's own API; docs/decisions/0065). */
export const StudioFreeRound = z.object({
  id: z.string(),
  count: z.number().int(),
  usedCount: z.number().int(),
  /** Bet per spin, minor units as a string (the studio API's unit). */
  bet: z.string(),
});
export type StudioFreeRound = z.infer<typeof StudioFreeRound>;
