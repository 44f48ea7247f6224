import { currencies } from '@croupier/contracts/reference/index';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AmountMap } from './schema.ts';
import { bonuses, codes, packages } from './schema.ts';

// The demo's bonuses (issue 12 §10): the WELCOME100 deposit code and a welcome package of three deposit
// bonuses. Amounts are set per currency from a euro amount at the reference rates (operator data: a back
// office would set each currency by hand).

/** `euros` in every enabled currency's minor units, at the reference rate (1 EUR = `rate` minor units). */
function everywhere(euros: number): AmountMap {
  const map: AmountMap = {};
  for (const c of currencies) {
    if (c.isEnabled) map[c.code] = String(Math.round(euros * c.rate.rate));
  }
  return map;
}

/**
 * The slot's minimum bet per currency (about 0.10 EUR, up to a 1-2-5 step and at least 10 minor units, as the
 * studio's limits): the demo's free spins play at it.
 */
function minimumBets(): AmountMap {
  const map: AmountMap = {};
  for (const c of currencies) {
    if (!c.isEnabled) continue;
    let step = 10;
    search: for (; ; step *= 10) {
      for (const s of [1, 2, 5]) {
        if (s * step >= c.rate.rate * 0.1) {
          step *= s;
          break search;
        }
      }
    }
    map[c.code] = String(step);
  }
  return map;
}

/**
 * The identities of the demo's prize definitions, which retention's seeders find through the bonus index
 * (`bonusDefinitionByIdentity`): reusable, so every spin or place that lands on one issues it again.
 */
export const demoPrizeBonuses = { freeSpins: 'prize-freespins-10', cash: 'prize-cash-5' } as const;

const wagering = { wagerMultiplier: '30', maxBets: everywhere(5), activationDays: 7, wageringDays: 30 };

export async function seedBonuses(db: Db): Promise<void> {
  const [welcome] = await db
    .insert(packages)
    .values({ identity: 'welcome', name: 'Welcome package' })
    .onConflictDoUpdate({ target: packages.identity, set: { name: sql`excluded.name` } })
    .returning();
  const deposit = (identity: string, name: string, percentage: number, priority: number, packaged: boolean) => ({
    identity,
    name,
    kind: 'deposit',
    depositPercentage: percentage,
    maxAmounts: everywhere(100),
    minDeposits: everywhere(10),
    ...wagering,
    packageId: packaged ? welcome!.id : null,
    packagePriority: priority,
  });
  const rows = [
    deposit('welcome-100', 'Welcome 100% up to 100 EUR', 100, 0, false),
    deposit('welcome-1', 'First deposit: 100%', 100, 1, true),
    deposit('welcome-2', 'Second deposit: 50%', 50, 2, true),
    deposit('welcome-3', 'Third deposit: 25%', 25, 3, true),
  ];
  const cashback = {
    identity: 'weekly-cashback',
    name: 'Weekly cashback 10%',
    kind: 'cashback',
    // For cashback the percentage is of the week's net real-money loss.
    depositPercentage: 10,
    wagerMultiplier: '1',
    reusable: true,
  };
  // FREESPINS20 (issue 12 §10): 20 free spins on Neon Fruits at the minimum bet, winnings wagered ×20.
  const freeSpins = {
    identity: 'freespins-20',
    name: '20 free spins on Neon Fruits',
    kind: 'freespins',
    amounts: minimumBets(),
    freeSpinGame: 'neon-fruits',
    freeSpinCount: 20,
    wagerMultiplier: '20',
    activationDays: 7,
    wageringDays: 7,
  };
  // Retention prizes (decision 0077): 10 free spins on Neon Fruits (a wheel sector, a tournament place) and a
  // 5 EUR cash bonus wagered ×10 (a wheel sector). Neither is an offer: offers list deposit bonuses only.
  const prizeSpins = {
    ...freeSpins,
    identity: demoPrizeBonuses.freeSpins,
    name: '10 free spins on Neon Fruits',
    freeSpinCount: 10,
    reusable: true,
  };
  const prizeCash = {
    identity: demoPrizeBonuses.cash,
    name: '5 EUR bonus',
    kind: 'cash',
    amounts: everywhere(5),
    wagerMultiplier: '10',
    maxBets: everywhere(5),
    activationDays: 7,
    wageringDays: 7,
    reusable: true,
  };
  for (const row of [...rows, cashback, freeSpins, prizeSpins, prizeCash]) {
    await db.insert(bonuses).values(row).onConflictDoNothing({ target: bonuses.identity });
  }
  const [code] = await db.select().from(bonuses).where(sql`${bonuses.identity} = 'welcome-100'`);
  await db
    .insert(codes)
    .values({ code: 'WELCOME100', bonusId: code!.id, triggers: [3] })
    .onConflictDoNothing();
  const [spins] = await db.select().from(bonuses).where(sql`${bonuses.identity} = 'freespins-20'`);
  await db
    .insert(codes)
    .values({ code: 'FREESPINS20', bonusId: spins!.id, triggers: [1] })
    .onConflictDoNothing();
}
