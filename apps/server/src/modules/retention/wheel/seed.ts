import { WheelInput } from '@croupier/contracts';
import { currencies } from '@croupier/contracts/reference/index';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { bonusDefinitionByIdentity, demoPrizeBonuses } from '../../bonus/index.ts';
import { withTransaction } from '../../wallet/index.ts';
import { majorAmounts } from '../editor-kit.ts';
import { createWheel } from './editor.ts';
import { type PrizeAmounts, wheelSectors, wheels } from './schema.ts';

// The demo's daily wheel (issue 13 §6): one free spin a day for every player, and one more per deposit of
// 10 EUR or more. Drop rates in hundredths of a percent add up to 100 %.

function everywhere(euros: number): PrizeAmounts {
  const map: PrizeAmounts = {};
  for (const c of currencies) if (c.isEnabled) map[c.code] = String(Math.round(euros * c.rate.rate));
  return map;
}

const WHOLE = 10_000;

/**
 * The sectors, in position order. Two name a bonus definition of the bonus engine, found by its identity
 * through the bonus index (decision 0077): 5 EUR as a wagering cash bonus, and 10 free spins on Neon Fruits.
 * Without those definitions (the bonus seed not run) the cash sector credits the bonus part and the free
 * spins' share goes to "Try again".
 */
async function sectorsOf(db: Db) {
  const cash = await bonusDefinitionByIdentity(db, demoPrizeBonuses.cash);
  const spins = await bonusDefinitionByIdentity(db, demoPrizeBonuses.freeSpins);
  const rest = [
    { title: '1 EUR bonus', weight: 2500, prizeType: 'bonus' as const, amounts: everywhere(1) },
    { title: '10 points', weight: 2000, prizeType: 'points' as const, points: 1000n },
    { title: '0.50 EUR', weight: 1500, prizeType: 'real' as const, amounts: everywhere(0.5) },
    {
      title: '5 EUR bonus',
      weight: 700,
      prizeType: 'bonus' as const,
      amounts: everywhere(5),
      bonusId: cash?.id ?? null,
    },
    { title: '100 points', weight: 250, prizeType: 'points' as const, points: 10_000n },
    { title: '10 EUR', weight: 50, prizeType: 'real' as const, amounts: everywhere(10) },
    ...(spins
      ? [{ title: '10 free spins on Neon Fruits', weight: 400, prizeType: 'bonus' as const, bonusId: spins.id }]
      : []),
  ];
  const lost = WHOLE - rest.reduce((sum, s) => sum + s.weight, 0);
  return [{ title: 'Try again', weight: lost, prizeType: 'none' as const }, ...rest].map((s) => ({
    amounts: {},
    points: 0n,
    bonusId: null,
    ...s,
  }));
}

/**
 * Idempotent: the wheel keyed by identity, created once through the editor's own service (the one way a wheel
 * comes to be); a wheel that exists is left as staff may have edited it.
 */
export async function seedWheels(db: Db): Promise<void> {
  const [exists] = await db.select({ id: wheels.id }).from(wheels).where(eq(wheels.identity, 'daily'));
  if (exists) return upgradeSeeded(db, exists.id);
  const sectors = (await sectorsOf(db)).map((s) => ({
    ...s,
    amounts: majorAmounts(s.amounts),
    points: Number(s.points) / 100,
  }));
  const input = WheelInput.parse({
    identity: 'daily',
    title: 'Daily wheel',
    startAt: '2026-01-01T00:00:00.000Z',
    dailySpins: 1,
    depositSpins: 1,
    depositMin: majorAmounts(everywhere(10)),
    sectors,
  });
  await withTransaction(db, (tx) => createWheel(tx, input));
}

/**
 * A demo database seeded before a sector was added gets it at the next start (its sectors written in place,
 * by position), as long as staff never replaced them: once the editor has (it retires sectors, never
 * changes one), the wheel is theirs and the seed leaves it alone.
 */
async function upgradeSeeded(db: Db, wheelId: string): Promise<void> {
  const [edited] = await db
    .select({ id: wheelSectors.id })
    .from(wheelSectors)
    .where(and(eq(wheelSectors.wheelId, wheelId), isNotNull(wheelSectors.retiredAt)))
    .limit(1);
  if (edited) return;
  for (const [position, s] of (await sectorsOf(db)).entries()) {
    await db
      .insert(wheelSectors)
      .values({ wheelId, position, ...s })
      .onConflictDoUpdate({
        target: [wheelSectors.wheelId, wheelSectors.position],
        targetWhere: sql`${wheelSectors.retiredAt} is null`,
        set: {
          title: sql`excluded.title`,
          weight: sql`excluded.weight`,
          prizeType: sql`excluded.prize_type`,
          amounts: sql`excluded.amounts`,
          points: sql`excluded.points`,
          bonusId: sql`excluded.bonus_id`,
        },
      });
  }
}
