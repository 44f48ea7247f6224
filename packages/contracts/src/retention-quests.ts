import { z } from 'zod';

// The quest shapes of api-contract §11.2 (decision 0061). Amounts are major units, as everywhere in the
// contract; the server keeps rewards in minor units and converts at the edge.

/**
 * A quest's state (api-contract §1.6): 1 available (a definition not taken yet), 2 active, 3 completed
 * (every task done, the reward waits for its claim), 4 reward claimed, 5 expired, 6 cancelled.
 */
export const QuestState = { available: 1, active: 2, completed: 3, claimed: 4, expired: 5, cancelled: 6 } as const;
/** Task types (api-contract §1.6): 2 fill profile fields, 3 win, 4 bet, 6 deposit. */
export const QuestTaskType = { profile: 2, win: 3, bet: 4, deposit: 6 } as const;
/** How tasks run: 1 in any order (all active at once), 2 one after another by `executionOrder`. */
export const QuestTaskExecutionOrder = { any: 1, sequential: 2 } as const;
/** Reward types: 1 money (real part, or bonus part with `lockBalance`), 2 a bonus, 3 free spins. */
export const QuestRewardType = { money: 1, bonus: 2, freeSpins: 3 } as const;

const amount = z.number().finite().min(0).max(1e12);
const identities = z.array(z.string().min(1).max(200)).max(200);
const isoCode = z.string().regex(/^[A-Z0-9]{2,10}$/, 'a currency code');

/** Type 2: the profile fields to fill. */
export const ProfileTaskConditions = z.object({ fields: z.array(z.string().min(1).max(60)).min(1).max(40) });
/** Type 3: a win (payout > 0); `multiplier` bounds are payout ÷ the round's stake. */
export const WinTaskConditions = z.object({
  games: identities.optional(),
  multiplier: amount.optional(),
  maxMultiplier: amount.optional(),
  minPayout: amount.optional(),
  maxPayout: amount.optional(),
  currencies: z.array(z.object({ isoCode, minPayout: amount.optional(), maxPayout: amount.optional() })).max(100),
});
/** Type 4: a bet; `spinAmount` is the least stake that counts, `maxSpinAmount` the most. */
export const BetTaskConditions = z.object({
  games: identities.optional(),
  spinAmount: amount.optional(),
  maxSpinAmount: amount.optional(),
  currencies: z.array(z.object({ isoCode, spinAmount: amount.optional(), maxSpinAmount: amount.optional() })).max(100),
});
/** Type 6: a successful deposit within the range. */
export const DepositTaskConditions = z.object({
  minAmount: amount.optional(),
  maxAmount: amount.optional(),
  currencies: z.array(z.object({ isoCode, minAmount: amount.optional(), maxAmount: amount.optional() })).max(100),
});
export type ProfileTaskConditions = z.infer<typeof ProfileTaskConditions>;
export type WinTaskConditions = z.infer<typeof WinTaskConditions>;
export type BetTaskConditions = z.infer<typeof BetTaskConditions>;
export type DepositTaskConditions = z.infer<typeof DepositTaskConditions>;
export type QuestTaskConditions = ProfileTaskConditions | WinTaskConditions | BetTaskConditions | DepositTaskConditions;

/** The conditions schema of a task type (definitions are checked with it before they are stored). */
export const conditionsOfType = {
  [QuestTaskType.profile]: ProfileTaskConditions,
  [QuestTaskType.win]: WinTaskConditions,
  [QuestTaskType.bet]: BetTaskConditions,
  [QuestTaskType.deposit]: DepositTaskConditions,
} as const;

export const QuestTask = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.number().int(),
  isActive: z.boolean(),
  isCompleted: z.boolean(),
  progress: z.number().int(),
  quantity: z.number().int(),
  executionOrder: z.number().int(),
  conditions: z.record(z.string(), z.unknown()),
});
export type QuestTask = z.infer<typeof QuestTask>;

export const QuestReward = z.object({
  type: z.number().int(),
  amount: z.number(),
  attributes: z.object({
    isoCode: z.string(),
    lockBalance: z.boolean(),
    /** Reward types 2 and 3: the bonus definition issued. */
    bonusId: z.string().optional(),
  }),
});
export type QuestReward = z.infer<typeof QuestReward>;

export const Quest = z.object({
  id: z.string(),
  playerId: z.string(),
  name: z.string(),
  identity: z.string(),
  description: z.string(),
  state: z.number().int(),
  order: z.number().int(),
  tasks: z.array(QuestTask),
  taskExecutionOrder: z.number().int(),
  packageOrder: z.number().int().nullable(),
  endAt: z.string().nullable(),
  rewards: z.array(QuestReward),
});
export type Quest = z.infer<typeof Quest>;

/** What `quest.task.updated` carries (api-contract §14.2). */
export const QuestTaskEvent = z.object({
  id: z.string(),
  questId: z.string(),
  playerId: z.string(),
  name: z.string(),
  type: z.number().int(),
  isActive: z.boolean(),
  isCompleted: z.boolean(),
  progress: z.number().int(),
  quantity: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
});
export type QuestTaskEvent = z.infer<typeof QuestTaskEvent>;

/** Arrays arrive as `key[]=a&key[]=b` or as one scalar `key=a` (api-contract §1.1): both become a list. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).max(10).optional());

/** GET /api/retention/quests: quests the player may start (page size 5 on the hub). */
export const QuestsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(5),
  currency: isoCode.optional(),
});
export type QuestsQuery = z.infer<typeof QuestsQuery>;

/** GET /api/retention/player-quests: the player's quests by state (2 active, 3–4 completed, 5–6 expired). */
export const PlayerQuestsQuery = QuestsQuery.extend({
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  state: list(z.coerce.number().int().min(2).max(6)),
});
export type PlayerQuestsQuery = z.infer<typeof PlayerQuestsQuery>;
