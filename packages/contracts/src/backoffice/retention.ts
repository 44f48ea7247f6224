import { z } from 'zod';
import { conditionsOfType, QuestRewardType, QuestTaskExecutionOrder, QuestTaskType } from '../retention-quests.ts';
import {
  TournamentConditions,
  TournamentPrizeType,
  TournamentRates,
  TournamentType,
} from '../retention-tournaments.ts';
import { Reason } from './staff.ts';

/**
 * The back office's retention editors (backoffice-api.md §9, issue 27): quests, tournaments, the wheel and
 * loyalty. One schema per object, used by the server (422 with `fields`) and by the editor's form (the same
 * messages beside the same fields). Amounts are major units per currency, as everywhere in the API.
 */

const identity = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'Lowercase letters, digits and dashes (it is part of the address).');
const title = z.string().trim().min(1, 'This field is required.').max(200);
const description = z.string().trim().max(2000);
const isoCode = z.string().regex(/^[A-Z0-9]{2,10}$/, 'a currency code');
const money = z.number().finite().min(0).max(1e12);
/** Currency code → amount in major units. */
const amounts = z.record(isoCode, money);
const instant = z.iso.datetime({ offset: true, error: 'A date and time (ISO 8601).' });

/** What every editor's list shows and filters by. Tournaments add their own life (upcoming, running…). */
export const RetentionStatus = z.enum(['active', 'paused', 'archived']);
export type RetentionStatus = z.infer<typeof RetentionStatus>;

export const RetentionListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  status: RetentionStatus.optional(),
  /** Part of the name or identity. */
  q: z.string().trim().max(100).optional(),
});
export type RetentionListQuery = z.infer<typeof RetentionListQuery>;

export const retentionIdParams = z.object({ id: z.uuid() });
export const RetentionStatusRequest = z.object({ reason: Reason });

// ——— Quests ———

export const QuestTaskInput = z
  .object({
    name: title,
    description: description.default(''),
    type: z.union([
      z.literal(QuestTaskType.profile),
      z.literal(QuestTaskType.win),
      z.literal(QuestTaskType.bet),
      z.literal(QuestTaskType.deposit),
    ]),
    quantity: z.number().int().min(1, 'At least 1.').max(1_000_000),
    conditions: z.record(z.string(), z.unknown()),
  })
  .superRefine((task, ctx) => {
    // The conditions are checked by the schema of their task type (what the quest engine reads).
    const parsed = conditionsOfType[task.type].safeParse(task.conditions);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'These conditions do not fit the task type.' });
    }
  });
export type QuestTaskInput = z.infer<typeof QuestTaskInput>;

export const QuestRewardInput = z
  .object({
    type: z.union([
      z.literal(QuestRewardType.money),
      z.literal(QuestRewardType.bonus),
      z.literal(QuestRewardType.freeSpins),
    ]),
    /** Money: the amount per currency (a currency left out pays nothing in it). Bonus: overrides its amount. */
    amounts,
    /** Money: true pays into the bonus part. */
    lockBalance: z.boolean().default(false),
    bonusId: z.uuid().nullable().default(null),
  })
  .superRefine((r, ctx) => {
    if (r.type === QuestRewardType.money && Object.keys(r.amounts).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['amounts'], message: 'A money reward needs an amount in a currency.' });
    }
    if (r.type !== QuestRewardType.money && !r.bonusId) {
      ctx.addIssue({ code: 'custom', path: ['bonusId'], message: 'Choose the bonus definition this reward issues.' });
    }
  });
export type QuestRewardInput = z.infer<typeof QuestRewardInput>;

export const QuestInput = z.object({
  identity,
  name: title,
  description: description.default(''),
  order: z.number().int().min(0).max(1_000_000).default(0),
  taskExecutionOrder: z
    .union([z.literal(QuestTaskExecutionOrder.any), z.literal(QuestTaskExecutionOrder.sequential)])
    .default(QuestTaskExecutionOrder.any),
  /** Offered until (null: no end). */
  availableTo: instant.nullable().default(null),
  /** A player's run ends this long after activation (null: at `availableTo` only). */
  durationMinutes: z.number().int().min(1).max(525_600).nullable().default(null),
  rewards: z.array(QuestRewardInput).min(1, 'A quest needs a reward.').max(10),
  tasks: z.array(QuestTaskInput).min(1, 'A quest needs at least one task.').max(20),
});
export type QuestInput = z.infer<typeof QuestInput>;
export const QuestRequest = QuestInput.extend({ reason: Reason });
export type QuestRequest = z.infer<typeof QuestRequest>;

/** POST …/quests/preview: the quest as a player would see it, in `currency`. */
export const QuestPreviewRequest = QuestInput.extend({ currency: isoCode.default('EUR') });
export type QuestPreviewRequest = z.infer<typeof QuestPreviewRequest>;

export const QuestEditorView = QuestInput.extend({
  id: z.string(),
  status: RetentionStatus,
  /** Player runs still in flight (active or completed, unclaimed): they keep the terms they started with. */
  runsInFlight: z.number().int(),
  createdAt: z.string(),
});
export type QuestEditorView = z.infer<typeof QuestEditorView>;

// ——— Tournaments ———

export const TournamentPrizeInput = z
  .object({
    place: z.number().int().min(1).max(10_000),
    type: z.union([
      z.literal(TournamentPrizeType.money),
      z.literal(TournamentPrizeType.bonusMoney),
      z.literal(TournamentPrizeType.bonus),
    ]),
    title,
    currency: isoCode.nullable().default(null),
    amount: money.nullable().default(null),
    bonusId: z.uuid().nullable().default(null),
  })
  .superRefine((p, ctx) => {
    if (p.type === TournamentPrizeType.bonus) {
      if (!p.bonusId) ctx.addIssue({ code: 'custom', path: ['bonusId'], message: 'Choose the bonus definition.' });
      return;
    }
    if (!p.currency) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'A money prize needs a currency.' });
    if (!p.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A money prize needs an amount.' });
  });
export type TournamentPrizeInput = z.infer<typeof TournamentPrizeInput>;

export const TournamentInput = z
  .object({
    identity,
    title,
    type: z.union([z.literal(TournamentType.stake), z.literal(TournamentType.multiplier)]),
    startAt: instant,
    endAt: instant,
    confirmationRequired: z.boolean().default(false),
    /** Which games count (`gameCollections`) and which stakes. */
    conditions: TournamentConditions.default({}),
    /** The scoring: points per base-currency unit staked, per currency if set. */
    rates: TournamentRates.default({ baseCurrencyRate: 1 }),
    prizes: z.array(TournamentPrizeInput).min(1, 'A tournament needs a prize.').max(100),
  })
  .superRefine((t, ctx) => {
    if (Date.parse(t.endAt) <= Date.parse(t.startAt)) {
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'The end must come after the start.' });
    }
    // Places 1, 2, 3… in order: no gap, no place twice.
    t.prizes.forEach((p, i) => {
      if (p.place !== i + 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['prizes', i, 'place'],
          message: `Places go 1, 2, 3… in order without gaps or repeats: this one should be ${i + 1}.`,
        });
      }
    });
  });
export type TournamentInput = z.infer<typeof TournamentInput>;
export const TournamentRequest = TournamentInput.and(z.object({ reason: Reason }));
export type TournamentRequest = z.infer<typeof TournamentRequest>;
export const TournamentPreviewRequest = TournamentInput;

/** A tournament's editor status: its stored status (draft is "paused"), and whether it has started. */
export const TournamentEditorView = z.object({
  id: z.string(),
  identity: z.string(),
  title: z.string(),
  type: z.number().int(),
  startAt: z.string(),
  endAt: z.string(),
  confirmationRequired: z.boolean(),
  conditions: TournamentConditions,
  rates: TournamentRates,
  prizes: z.array(TournamentPrizeInput),
  status: z.enum(['draft', 'scheduled', 'finished', 'cancelled']),
  /** Started (or over): its scoring, games, prizes and dates are fixed; only the title may change. */
  started: z.boolean(),
  series: z.string().nullable(),
  createdAt: z.string(),
});
export type TournamentEditorView = z.infer<typeof TournamentEditorView>;

// ——— The wheel ———

/**
 * Weights are basis points (hundredths of a percent): each a positive integer, all a wheel's summing to exactly
 * 10 000 (100 %). The player sees each as `dropRate` = weight ÷ 100 percent.
 */
export const WHEEL_WEIGHT_TOTAL = 10_000;

export const WheelSectorInput = z
  .object({
    title,
    weight: z.number().int('A whole number of hundredths of a percent.').min(1, 'At least 1 (0.01 %).'),
    prizeType: z.enum(['none', 'real', 'bonus', 'points']),
    /** `real` and `bonus`: the prize per currency (major units). */
    amounts: amounts.default({}),
    /** `points`: loyalty points (two decimals at most). */
    points: z.number().min(0).max(1e9).default(0),
    /** `bonus`: a bonus definition issued with its wagering (without one the bonus part is credited). */
    bonusId: z.uuid().nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.prizeType === 'real' && Object.keys(s.amounts).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['amounts'], message: 'A money prize needs an amount in a currency.' });
    }
    if (s.prizeType === 'bonus' && !s.bonusId && Object.keys(s.amounts).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['amounts'], message: 'A bonus needs an amount or a bonus definition.' });
    }
    if (s.prizeType === 'points' && !(s.points > 0)) {
      ctx.addIssue({ code: 'custom', path: ['points'], message: 'A points prize needs points.' });
    }
  });
export type WheelSectorInput = z.infer<typeof WheelSectorInput>;

export const WheelInput = z
  .object({
    identity,
    title,
    startAt: instant,
    endAt: instant.nullable().default(null),
    /** Spins every player gets per UTC day. */
    dailySpins: z.number().int().min(0).max(100).default(0),
    /** Spins per deposit of at least `depositMin` in its currency. */
    depositSpins: z.number().int().min(0).max(100).default(0),
    depositMin: amounts.default({}),
    depositSpinDays: z.number().int().min(1).max(365).default(7),
    sectors: z.array(WheelSectorInput).min(2, 'A wheel needs at least two sectors.').max(24),
  })
  .superRefine((w, ctx) => {
    const total = w.sectors.reduce((sum, s) => sum + s.weight, 0);
    if (total !== WHEEL_WEIGHT_TOTAL) {
      ctx.addIssue({
        code: 'custom',
        path: ['sectors'],
        message: `The weights must add up to 10000 (100 %); they add up to ${total} (${total / 100} %).`,
      });
    }
    if (w.endAt && Date.parse(w.endAt) <= Date.parse(w.startAt)) {
      ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'The end must come after the start.' });
    }
  });
export type WheelInput = z.infer<typeof WheelInput>;
export const WheelRequest = WheelInput.and(z.object({ reason: Reason }));
export type WheelRequest = z.infer<typeof WheelRequest>;
export const WheelPreviewRequest = WheelInput;

export const WheelEditorView = z.object({
  id: z.string(),
  identity: z.string(),
  title: z.string(),
  startAt: z.string(),
  endAt: z.string().nullable(),
  dailySpins: z.number().int(),
  depositSpins: z.number().int(),
  depositMin: amounts,
  depositSpinDays: z.number().int(),
  sectors: z.array(WheelSectorInput),
  status: RetentionStatus,
  createdAt: z.string(),
});
export type WheelEditorView = z.infer<typeof WheelEditorView>;

// ——— Loyalty ———

export const LoyaltyLevelInput = z.object({
  name: title,
  /** The points that reach the level (two decimals at most). */
  points: z.number().min(0).max(1e12),
});

/**
 * The whole programme at once: its levels lowest first (the first reached at 0 points, each threshold above the
 * one before), points per base-currency unit staked, and each game's contribution in percent.
 */
const LoyaltyShape = z.object({
  levels: z.array(LoyaltyLevelInput).max(50),
  pointsPerBaseUnit: z.number().min(0).max(10_000),
  defaultContribution: z.number().int().min(0).max(100),
  contributions: z
    .array(z.object({ game: z.string().trim().min(1).max(200), percent: z.number().int().min(0).max(100) }))
    .max(500)
    .default([]),
});

export const LoyaltyInput = LoyaltyShape.extend({
  levels: z.array(LoyaltyLevelInput).min(1, 'The programme needs a level.').max(50),
}).superRefine((l, ctx) => {
  if (l.levels[0] && l.levels[0].points !== 0) {
    ctx.addIssue({ code: 'custom', path: ['levels', 0, 'points'], message: 'The first level starts at 0 points.' });
  }
  l.levels.forEach((level, i) => {
    const before = l.levels[i - 1];
    if (before && level.points <= before.points) {
      ctx.addIssue({
        code: 'custom',
        path: ['levels', i, 'points'],
        message: 'Each level needs more points than the one before.',
      });
    }
  });
  const seen = new Set<string>();
  l.contributions.forEach((c, i) => {
    if (seen.has(c.game))
      ctx.addIssue({ code: 'custom', path: ['contributions', i, 'game'], message: 'This game is listed twice.' });
    seen.add(c.game);
  });
});
export type LoyaltyInput = z.infer<typeof LoyaltyInput>;
export const LoyaltyRequest = LoyaltyInput.and(z.object({ reason: Reason }));
export type LoyaltyRequest = z.infer<typeof LoyaltyRequest>;
export const LoyaltyPreviewRequest = LoyaltyInput;
/** As read (a programme with no level yet reads as one: the editor then adds the first). */
export const LoyaltyEditorView = LoyaltyShape;
export type LoyaltyEditorView = z.infer<typeof LoyaltyEditorView>;
