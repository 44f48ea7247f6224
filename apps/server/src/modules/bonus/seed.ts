import type { CreateBonusRequest } from '@croupier/contracts';
import { currencies, toMajor } from '@croupier/contracts/reference/index';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createCode } from './editor/codes.ts';
import { createDefinition } from './editor/definitions.ts';
import { createPackage, listPackages, updatePackage } from './editor/packages.ts';
import { codes } from './schema.ts';
import { bonusByIdentity } from './store.ts';

// The demo's bonuses (issue 12 §10): the WELCOME100 deposit code, a welcome package of three deposit bonuses,
// weekly cashback, FREESPINS20 and retention's prize bonuses. Created through the back office's own service
// functions (issue 27: one way to create a bonus), without an audit row (nobody changed anything); each is
// created only when its identity is missing, so a re-run, or a staff edit since, is left alone. Amounts are set per
// currency from a euro amount at the reference rates (operator data: the back office sets each currency by hand).

/** `euros` in every enabled currency, in major units, at the reference rate (1 EUR = `rate` minor units). */
function everywhere(euros: number): Record<string, number> {
  const map: Record<string, number> = {};
  for (const c of currencies) {
    if (c.isEnabled) map[c.code] = toMajor(BigInt(Math.round(euros * c.rate.rate)), c.code);
  }
  return map;
}

/**
 * The slot's minimum bet per currency (about 0.10 EUR, up to a 1-2-5 step and at least 10 minor units, as the
 * studio's limits): the demo's free spins play at it.
 */
function minimumBets(): Record<string, number> {
  const map: Record<string, number> = {};
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
    map[c.code] = toMajor(BigInt(step), c.code);
  }
  return map;
}

/**
 * The identities of the demo's prize definitions, which retention's seeders find through the bonus index
 * (`bonusDefinitionByIdentity`): reusable, so every spin or place that lands on one issues it again.
 */
export const demoPrizeBonuses = { freeSpins: 'prize-freespins-10', cash: 'prize-cash-5' } as const;

const reason = 'The demo data (seed).';
const wagering = { wagerMultiplier: 30, maxBets: everywhere(5), activationDays: 7, wageringDays: 30 };

function deposit(identity: string, name: string, percentage: number): CreateBonusRequest {
  return {
    identity,
    name,
    kind: 'deposit',
    depositPercentage: percentage,
    maxAmounts: everywhere(100),
    minDeposits: everywhere(10),
    ...wagering,
    reason,
  };
}

// FREESPINS20 (issue 12 §10): 20 free spins on Neon Fruits at the minimum bet, winnings wagered ×20.
const freeSpins: CreateBonusRequest = {
  identity: 'freespins-20',
  name: '20 free spins on Neon Fruits',
  kind: 'freespins',
  amounts: minimumBets(),
  freeSpinGame: 'neon-fruits',
  freeSpinCount: 20,
  wagerMultiplier: 20,
  activationDays: 7,
  wageringDays: 7,
  reason,
};

function definitions(): CreateBonusRequest[] {
  return [
    deposit('welcome-100', 'Welcome 100% up to 100 EUR', 100),
    deposit('welcome-1', 'First deposit: 100%', 100),
    deposit('welcome-2', 'Second deposit: 50%', 50),
    deposit('welcome-3', 'Third deposit: 25%', 25),
    // For cashback the percentage is of the week's net real-money loss.
    {
      identity: 'weekly-cashback',
      name: 'Weekly cashback 10%',
      kind: 'cashback',
      depositPercentage: 10,
      wagerMultiplier: 1,
      reusable: true,
      reason,
    },
    freeSpins,
    // Retention prizes (decision 0077): 10 free spins on Neon Fruits (a wheel sector, a tournament place) and a
    // 5 EUR cash bonus wagered ×10 (a wheel sector). Neither is an offer: offers list deposit bonuses only.
    {
      ...freeSpins,
      identity: demoPrizeBonuses.freeSpins,
      name: '10 free spins on Neon Fruits',
      freeSpinCount: 10,
      reusable: true,
    },
    {
      identity: demoPrizeBonuses.cash,
      name: '5 EUR bonus',
      kind: 'cash',
      amounts: everywhere(5),
      wagerMultiplier: 10,
      maxBets: everywhere(5),
      activationDays: 7,
      wageringDays: 7,
      reusable: true,
      reason,
    },
  ];
}

async function idOf(db: Db, identity: string): Promise<string> {
  return (await bonusByIdentity(db, identity))!.id;
}

export async function seedBonuses(db: Db): Promise<void> {
  for (const d of definitions()) {
    if (!(await bonusByIdentity(db, d.identity))) await createDefinition(db, null, d);
  }
  // The welcome package: the three deposit steps in order, set when the package is first made.
  if (!(await listPackages(db)).some((p) => p.identity === 'welcome')) {
    const welcome = await createPackage(db, null, { identity: 'welcome', name: 'Welcome package', reason });
    const steps = [await idOf(db, 'welcome-1'), await idOf(db, 'welcome-2'), await idOf(db, 'welcome-3')];
    await updatePackage(db, null, welcome.id, { name: welcome.name, steps });
  }
  const demoCodes = [
    { code: 'WELCOME100', identity: 'welcome-100', triggers: [3 as const] },
    { code: 'FREESPINS20', identity: 'freespins-20', triggers: [1 as const] },
  ];
  for (const c of demoCodes) {
    const [exists] = await db.select({ code: codes.code }).from(codes).where(eq(codes.code, c.code));
    if (!exists) {
      await createCode(db, null, { code: c.code, bonusId: await idOf(db, c.identity), triggers: c.triggers, reason });
    }
  }
}
