import { z } from 'zod';
import { currencies } from './reference/currencies.ts';
import { CashPeriod, CoolingOffPeriod, LimitDefinition, SelfExclusionPeriod } from './reference/statuses.ts';

/**
 * Responsible-gaming limits (api-contract §6). Cash limits (bet 1, loss 2, deposit 3) are per currency and
 * per period; self-exclusion (4) and cooling-off (5) take a period id from the constants. Amounts are
 * major units of the limit's currency, like every amount of the player API.
 */
export const Limit = z.object({
  id: z.string(),
  definition: z.number().int(),
  /** 1 active; 2 pending (a self-exclusion whose time is over, waiting for the account to reopen). */
  status: z.number().int(),
  /** The amount in force now (an increase waiting out its 24 hours is not in force yet). */
  amount: z.number().nullable(),
  /** Used in the current period window (cash limits). */
  currentAmount: z.number().nullable(),
  currency: z.string().nullable(),
  period: z.string().nullable(),
  /** Cash limits: the current window's start; exclusions: when they began. */
  startedAt: z.string().nullable(),
  /** Cash limits: when the current window ends; exclusions: when they end (null: permanent). */
  expiredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  /** A removal is waiting out its 24 hours. */
  cancelProcess: z.boolean(),
  /** An increase is waiting out its 24 hours. */
  pendingExist: z.boolean(),
});
export type Limit = z.infer<typeof Limit>;

const definitions = new Set<number>(Object.values(LimitDefinition));
const cashDefinitions = new Set<number>([LimitDefinition.bet, LimitDefinition.loss, LimitDefinition.deposit]);
const periodsOf = (definition: number): readonly string[] =>
  cashDefinitions.has(definition)
    ? Object.values(CashPeriod)
    : definition === LimitDefinition.coolingOff
      ? Object.values(CoolingOffPeriod)
      : Object.values(SelfExclusionPeriod);
const currencyCodes = new Set(currencies.filter((c) => c.isEnabled).map((c) => c.code));

export const isCashDefinition = (definition: number) => cashDefinitions.has(definition);

/** Major units; the server checks the currency's precision. An upper bound keeps any amount a safe bigint. */
const amount = z.number().finite().min(0, 'The amount must not be negative.').max(1e12);

export const CreateLimitRequest = z
  .object({
    definition: z
      .number()
      .int()
      .refine((d) => definitions.has(d), 'Unknown limit definition.'),
    period: z.string().max(20).optional(),
    currency: z.string().max(10).optional(),
    amount: amount.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.period || !periodsOf(body.definition).includes(body.period)) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'Unknown period for this limit.' });
    }
    if (!cashDefinitions.has(body.definition)) return;
    if (body.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'This field is required.' });
    if (!body.currency || !currencyCodes.has(body.currency)) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'Unknown currency.' });
    }
  });
export type CreateLimitRequest = z.infer<typeof CreateLimitRequest>;

/** Cash limits change `amount`; cooling-off and self-exclusion change `period` (only to a longer one). */
export const UpdateLimitRequest = z.object({ period: z.string().max(20).optional(), amount: amount.optional() });
export type UpdateLimitRequest = z.infer<typeof UpdateLimitRequest>;

/** What `game:bets#{playerId}` carries when a bet is refused by a limit, cooling-off or self-exclusion. */
export const BetRestricted = z.object({
  event: z.literal('game.bet.restricted'),
  /** The provider's game id (the catalogue's identity for the studio). */
  gameId: z.string(),
  gameIdentity: z.string(),
  /** Why: 'bet_limit', 'loss_limit', 'cooling_off', 'self_excluded'. */
  reason: z.string(),
});
export type BetRestricted = z.infer<typeof BetRestricted>;
