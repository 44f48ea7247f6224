import { QuestInput, QuestRewardType, QuestTaskExecutionOrder, QuestTaskType } from '@croupier/contracts';
import { currencies } from '@croupier/contracts/reference/index';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { withTransaction } from '../../wallet/index.ts';
import { majorAmounts } from '../editor-kit.ts';
import { createQuest } from './editor.ts';
import { type QuestAmounts, quests, type RewardDefinition } from './schema.ts';

// The demo's quests (issue 13 §6): one a fresh player finishes with a few spins of any house game, a win
// streak one after another, a profile-and-deposit one, and a day-long high-roller one. Amounts are set per
// currency from euros at the reference rates (operator data), in minor units for rewards and in major
// units for task conditions, as api-contract §11.2 shows them.

const enabled = currencies.filter((c) => c.isEnabled);

function everywhere(euros: number): QuestAmounts {
  return Object.fromEntries(enabled.map((c) => [c.code, String(Math.round(euros * c.rate.rate))]));
}

/** Per-currency entries of a condition key, in major units. */
function perCurrency(key: string, euros: number) {
  return enabled.map((c) => ({ isoCode: c.code, [key]: Math.round(euros * c.rate.rate) / c.subunitToUnit }));
}

const money = (euros: number, lockBalance = false): RewardDefinition => ({
  type: QuestRewardType.money,
  amounts: everywhere(euros),
  lockBalance,
});

interface SeedQuest {
  identity: string;
  name: string;
  description: string;
  order: number;
  taskExecutionOrder: number;
  durationMinutes: number | null;
  rewards: RewardDefinition[];
  tasks: { name: string; description: string; type: number; quantity: number; conditions: Record<string, unknown> }[];
}

const demo: SeedQuest[] = [
  {
    identity: 'first-spins',
    name: 'First spins',
    description: 'Place 3 bets of 0.10 EUR or more on any house game.',
    order: 1,
    taskExecutionOrder: QuestTaskExecutionOrder.any,
    durationMinutes: 7 * 24 * 60,
    rewards: [money(1)],
    tasks: [
      {
        name: 'Place 3 bets',
        description: 'Any game counts: Neon Fruits, roulette, blackjack, dice, mines or plinko.',
        type: QuestTaskType.bet,
        quantity: 3,
        conditions: { currencies: perCurrency('spinAmount', 0.1) },
      },
    ],
  },
  {
    identity: 'winning-streak',
    name: 'Winning streak',
    description: 'Win 3 times, then land a win of 5× your stake or more.',
    order: 2,
    taskExecutionOrder: QuestTaskExecutionOrder.sequential,
    durationMinutes: 7 * 24 * 60,
    rewards: [money(5, true)],
    tasks: [
      {
        name: 'Win 3 times',
        description: 'Any win counts.',
        type: QuestTaskType.win,
        quantity: 3,
        conditions: { currencies: [] },
      },
      {
        name: 'A 5× win',
        description: 'A single win of at least 5 times its stake.',
        type: QuestTaskType.win,
        quantity: 1,
        conditions: { multiplier: 5, currencies: [] },
      },
    ],
  },
  {
    identity: 'welcome-journey',
    name: 'Welcome journey',
    description: 'Complete your profile and make a deposit of 10 EUR or more.',
    order: 3,
    taskExecutionOrder: QuestTaskExecutionOrder.any,
    durationMinutes: null,
    rewards: [money(10)],
    tasks: [
      {
        name: 'Complete your profile',
        description: 'Fill in your first name, last name, date of birth and city.',
        type: QuestTaskType.profile,
        quantity: 4,
        conditions: { fields: ['firstName', 'lastName', 'birthdate', 'city'] },
      },
      {
        name: 'Make a deposit',
        description: 'A deposit of 10 EUR or more.',
        type: QuestTaskType.deposit,
        quantity: 1,
        conditions: { currencies: perCurrency('minAmount', 10) },
      },
    ],
  },
  {
    identity: 'high-roller-day',
    name: 'High roller day',
    description: 'Place 20 bets of 1 EUR or more within 24 hours.',
    order: 4,
    taskExecutionOrder: QuestTaskExecutionOrder.any,
    durationMinutes: 24 * 60,
    rewards: [money(15)],
    tasks: [
      {
        name: 'Place 20 bets',
        description: 'Bets of 1 EUR or more on any game.',
        type: QuestTaskType.bet,
        quantity: 20,
        conditions: { currencies: perCurrency('spinAmount', 1) },
      },
    ],
  },
];

/** The editor's input of a demo quest (amounts back in major units, as the editor takes them). */
const inputOf = ({ rewards, ...quest }: SeedQuest): QuestInput =>
  QuestInput.parse({
    ...quest,
    rewards: rewards.map((r) => ({ ...r, amounts: majorAmounts(r.amounts) })),
  });

/**
 * Idempotent: a quest that exists (by identity) is left as it is, tasks included (staff may have edited it).
 * Created through the editor's own service, the one way a quest comes to be.
 */
export async function seedQuests(db: Db): Promise<void> {
  for (const quest of demo) {
    const [exists] = await db.select({ id: quests.id }).from(quests).where(eq(quests.identity, quest.identity));
    if (exists) continue;
    await withTransaction(db, (tx) => createQuest(tx, inputOf(quest)));
  }
}
