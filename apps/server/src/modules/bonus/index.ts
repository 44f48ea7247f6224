import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/index.ts';
import { type CashbackData, payCashback, scheduleCashback } from './cashback.ts';
import { onDeposit } from './deposit.ts';
import type { BonusDeps, ExpiryData, SendJob } from './deps.ts';
import { expire } from './lifecycle.ts';
import { bonusWagering } from './wagering-rule.ts';

// The bonus module as the app sees it (decision 0055): its money rule for the seamless wallet, its jobs for
// the app's queue, and its routes. Other modules call these, never the bonus tables.

export { cashbackEstimate, payCashback, weekStartOf } from './cashback.ts';
export type { BonusDeps } from './deps.ts';
export { expire as expirePlayerBonus, issue as issuePlayerBonus } from './lifecycle.ts';
export { bonusRoutes } from './routes.ts';
export { seedBonuses } from './seed.ts';

export interface BonusModule {
  deps: BonusDeps;
  /** Runs inside every seamless movement, under the account lock. */
  rule: ReturnType<typeof bonusWagering>;
  /** Jobs to hand to the app's queue. */
  jobs: JobDefinition<never>[];
  /** The payment module's hook: issues the deposit bonus inside the credit's transaction. */
  onDeposit: ReturnType<typeof onDeposit>;
  start: () => Promise<void>;
}

export function createBonusModule({
  db,
  now = () => new Date(),
  send,
  mayClaim = async () => {},
}: {
  db: Db;
  now?: () => Date;
  send: SendJob;
  mayClaim?: BonusDeps['mayClaim'];
}): BonusModule {
  const deps = { db, now, send, mayClaim } as BonusDeps;
  const expiry: JobDefinition<ExpiryData> = {
    name: 'bonus-expiry',
    retryLimit: 5,
    handle: async (data) => void (await expire(deps, data)),
  };
  deps.expiry = expiry;
  // Each week's cashback is paid when the week ends, then the next week is queued.
  const cashback: JobDefinition<CashbackData> = {
    name: 'bonus-cashback',
    retryLimit: 5,
    async handle(data) {
      await payCashback(deps, data);
      await scheduleCashback(deps, cashback, new Date(new Date(data.week).getTime() + 8 * 24 * 60 * 60 * 1000));
    },
  };
  return {
    deps,
    rule: bonusWagering(),
    jobs: [expiry as JobDefinition<never>, cashback as JobDefinition<never>],
    onDeposit: onDeposit(deps),
    /** Call once the app's queue runs: queues this week's cashback (a no-op when it is queued already). */
    start: () => scheduleCashback(deps, cashback, now()),
  };
}
