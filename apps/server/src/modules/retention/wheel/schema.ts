import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../../db/columns.ts';
import { retention } from '../schema.ts';

// Wheels of fortune (decision 0060): wheels and sectors are operator data; a spin row is granted by a rule
// (daily, per deposit) with its own committed server seed, and used once.

/** Currency code → minor units (decimal strings, exact). */
export type PrizeAmounts = Record<string, string>;

export const wheels = retention.table('wheels', {
  id: uuid('id').primaryKey().defaultRandom(),
  identity: text('identity').notNull().unique(),
  title: text('title').notNull(),
  startAt: instant('start_at').notNull().defaultNow(),
  endAt: instant('end_at'),
  /** Spins every player gets per UTC day (0: none). */
  dailySpins: integer('daily_spins').notNull().default(0),
  /** Spins granted per successful deposit of at least `depositMin` in its currency (0: none). */
  depositSpins: integer('deposit_spins').notNull().default(0),
  depositMin: jsonb('deposit_min').$type<PrizeAmounts>().notNull().default({}),
  /** How long a deposit's spins stay usable. */
  depositSpinDays: integer('deposit_spin_days').notNull().default(7),
  createdAt: instant('created_at').notNull().defaultNow(),
  /** 'paused' and 'archived' wheels are not shown, spun or granted spins (spins granted stay for a resume). */
  status: text('status').$type<'active' | 'paused' | 'archived'>().notNull().default('active'),
});

/** `weight` is the drop rate in hundredths of a percent; `none` sectors pay nothing. */
export const wheelSectors = retention.table(
  'wheel_sectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wheelId: uuid('wheel_id')
      .notNull()
      .references(() => wheels.id),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    weight: integer('weight').notNull(),
    prizeType: text('prize_type').$type<'none' | 'real' | 'bonus' | 'points'>().notNull().default('none'),
    /** For `real` and `bonus`: the prize per currency. */
    amounts: jsonb('amounts').$type<PrizeAmounts>().notNull().default({}),
    /** For `points`: loyalty points in hundredths. */
    points: bigint('points', { mode: 'bigint' }).notNull().default(sql`0`),
    /**
     * For `bonus`: a bonus definition of the bonus engine (bonus.bonuses.id, no foreign key across module
     * schemas) issued as a player bonus with its wagering, `amounts` overriding its amount (decision 0077).
     * Without it a `bonus` sector credits the bonus part directly.
     */
    bonusId: uuid('bonus_id'),
    /** Replaced by an edit: kept for the spins that landed on it (their prize is their own), never drawn again. */
    retiredAt: instant('retired_at'),
  },
  (t) => [
    uniqueIndex('wheel_sectors_live_position').on(t.wheelId, t.position).where(sql`${t.retiredAt} is null`),
    check('wheel_sectors_weight', sql`${t.weight} >= 0`),
    check('wheel_sectors_prize_type', sql`${t.prizeType} in ('none', 'real', 'bonus', 'points')`),
  ],
);

export interface SpinPrize {
  type: 'none' | 'real' | 'bonus' | 'points';
  /** Minor units for money, hundredths for points, as a decimal string. */
  amount: string;
  currency: string | null;
  /** A bonus definition's prize: the definition issued (its player bonus is keyed `wheel:{spinId}`). */
  bonusId?: string;
  /** Free spins (a free-spins definition, kind `freespins`): how many; `amount` is then that count, not money. */
  freeSpins?: number;
}

export const wheelSpins = retention.table(
  'wheel_spins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wheelId: uuid('wheel_id')
      .notNull()
      .references(() => wheels.id),
    playerId: uuid('player_id').notNull(),
    /** Why it was granted, unique per wheel and player: `daily:2026-11-25`, `deposit:{invoiceId}:1`. */
    grantKey: text('grant_key').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    expireAt: instant('expire_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    usedAt: instant('used_at'),
    clientSeed: text('client_seed'),
    nonce: integer('nonce'),
    sectorId: uuid('sector_id').references(() => wheelSectors.id),
    prize: jsonb('prize').$type<SpinPrize>(),
  },
  (t) => [
    unique('wheel_spins_grant').on(t.wheelId, t.playerId, t.grantKey),
    index('wheel_spins_unused').on(t.playerId, t.wheelId).where(sql`${t.usedAt} is null`),
  ],
);
