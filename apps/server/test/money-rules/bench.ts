import { sql } from 'drizzle-orm';
import { bonuses, codes } from '../../src/modules/bonus/schema.ts';
import { quests, questTasks } from '../../src/modules/retention/quests/schema.ts';
import { WEBHOOK_SECRET } from '../payment/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { CURRENCIES } from './actions.ts';
import { type BonusTerms, CASH_BONUS, CLOCK_START, DEPOSIT_BONUS, QUEST, REFERRAL, WHEEL } from './definitions.ts';

// One app per test file (issue 23: fresh players per sequence, not a fresh database), with the operator data
// of definitions.ts and a risk clock the sequences move.

export interface Bench {
  t: SeamlessTestApp;
  clock: { now: () => Date; reset(): void; advance(hours: number): void };
  depositBonusId: string;
  questId: string;
  wheelId: string;
}

const both = (minor: bigint): Record<string, string> => Object.fromEntries(CURRENCIES.map((c) => [c, String(minor)]));

async function defineBonus(t: SeamlessTestApp, terms: BonusTerms): Promise<string> {
  const deposit = terms.kind === 'deposit';
  const [row] = await t.database.db
    .insert(bonuses)
    .values({
      identity: terms.identity,
      name: `Model ${terms.identity}`,
      kind: terms.kind,
      amounts: deposit ? {} : both(terms.amount),
      depositPercentage: deposit ? 100 : null,
      maxAmounts: deposit ? both(terms.amount) : {},
      minDeposits: deposit ? both(terms.minDeposit) : {},
      wagerMultiplier: String(terms.wager),
      maxBets: both(terms.maxBet),
      maxWins: both(terms.maxWin),
      cancelLock: terms.cancelLock,
      reusable: true,
    })
    .returning();
  await t.database.db.insert(codes).values({ code: terms.code, bonusId: row!.id, triggers: [deposit ? 3 : 1] });
  return row!.id;
}

export async function createBench(): Promise<Bench> {
  let now = CLOCK_START;
  const clock = {
    now: () => new Date(now),
    reset() {
      now = CLOCK_START;
    },
    advance(hours: number) {
      now += hours * 3_600_000;
    },
  };
  const t = await createSeamlessTestApp(
    { riskClock: clock.now },
    {
      QUESTS_ENABLED: 'true',
      REFERRALS_ENABLED: 'true',
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...REFERRAL.env,
    },
  );
  const db = t.database.db;
  await defineBonus(t, CASH_BONUS);
  const depositBonusId = await defineBonus(t, DEPOSIT_BONUS);
  const [quest] = await db
    .insert(quests)
    .values({
      identity: QUEST.identity,
      name: 'Model quest',
      rewards: [{ type: 1, amounts: both(QUEST.reward) }],
    })
    .returning();
  await db.insert(questTasks).values({
    questId: quest!.id,
    name: 'Bets',
    type: 4,
    quantity: QUEST.bets,
    conditions: { spinAmount: Number(QUEST.minStake) / 100 },
    executionOrder: 1,
  });
  const wheel = await db.execute(sql`
    insert into retention.wheels (identity, title, start_at, daily_spins, deposit_spins, deposit_min)
    values (${WHEEL.identity}, 'Model wheel', now() - interval '1 day', 1, 0, '{}'::jsonb) returning id`);
  const wheelId = (wheel as unknown as { rows: { id: string }[] }).rows[0]!.id;
  await db.execute(sql`
    insert into retention.wheel_sectors (wheel_id, position, title, weight, prize_type, amounts, points)
    values (${wheelId}, 0, 'Cash', 10000, 'real', ${JSON.stringify(both(WHEEL.prize))}::jsonb, 0)`);
  return { t, clock, depositBonusId, questId: quest!.id, wheelId };
}
