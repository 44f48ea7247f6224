import type { Db } from '../../db/client.ts';
import type { JobDefinition } from '../../jobs/index.ts';
import { noExclusionCheck } from '../risk/index.ts';
import { type CashbackData, payCashback, scheduleCashback } from './cashback.ts';
import { onDeposit } from './deposit.ts';
import type { BonusDeps, ExpiryData, FreeRoundsPort, FreeSpinJob, SendJob } from './deps.ts';
import { issueWinnings } from './free-spin-finish.ts';
import { expireFreeSpins, tellProviderNow } from './free-spins.ts';
import { expire } from './lifecycle.ts';
import { bonusWagering } from './wagering-rule.ts';

// The bonus module as the app sees it (decision 0055): its money rule for the seamless wallet, its jobs for
// the app's queue, and its routes. Other modules call these, never the bonus tables.

export { bonusBackofficeRoutes } from './backoffice-routes.ts';
export { cashbackEstimate, payCashback, weekStartOf } from './cashback.ts';
export type { BonusDeps, FreeRoundAward, FreeRoundsPort } from './deps.ts';
export { studioFreeRoundsPort } from './free-rounds-port.ts';
export type { FreeSpinRow as PlayerFreespinRow } from './free-spin-present.ts';
export { issuePlayerFreeSpins } from './free-spins.ts';
export { expire as expirePlayerBonus, issue as issuePlayerBonus } from './lifecycle.ts';
export { bonusNames } from './names.ts';
export { bonusRoutes } from './routes.ts';
export { demoPrizeBonuses, seedBonuses } from './seed.ts';
export { playerBonusesForStaff, STAFF_BONUSES_SHOWN } from './staff-view.ts';
export { bonusById as bonusDefinitionById, bonusByIdentity as bonusDefinitionByIdentity } from './store.ts';
export { activeBonusFlag } from './withdrawal-flag.ts';

export interface BonusModule {
  deps: BonusDeps;
  /** Runs inside every seamless movement, under the account lock. */
  rule: ReturnType<typeof bonusWagering>;
  /** Jobs to hand to the app's queue. */
  jobs: JobDefinition<never>[];
  /** The payment module's hook: issues the deposit bonus inside the credit's transaction. */
  onDeposit: ReturnType<typeof onDeposit>;
  start: () => Promise<void>;
  /** The game provider's free-round API (the studio, decision 0065), once it exists. */
  setFreeRounds: (port: FreeRoundsPort) => void;
}

export function createBonusModule({
  db,
  now = () => new Date(),
  send,
  mayClaim = noExclusionCheck,
}: {
  db: Db;
  now?: () => Date;
  send: SendJob;
  mayClaim?: BonusDeps['mayClaim'];
}): BonusModule {
  const deps = { db, now, send, mayClaim, freeRounds: { port: null } } as unknown as BonusDeps;
  const expiry: JobDefinition<ExpiryData> = {
    name: 'bonus-expiry',
    retryLimit: 5,
    handle: async (data) =>
      void (await (data.stage.startsWith('freespin') ? expireFreeSpins(deps, data) : expire(deps, data))),
  };
  deps.expiry = expiry;
  // Free spins: telling the provider (retried until it answers) and issuing the winnings as a bonus.
  const award: JobDefinition<FreeSpinJob> = {
    name: 'bonus-freespin-award',
    retryLimit: 10,
    handle: async ({ freeSpinId }) => {
      if (!deps.freeRounds.port) throw new Error('No game provider for free spins yet');
      await tellProviderNow(deps, [freeSpinId]);
    },
  };
  const finish: JobDefinition<FreeSpinJob> = {
    name: 'bonus-freespin-finish',
    retryLimit: 10,
    handle: async (data) => void (await issueWinnings(deps, data)),
  };
  deps.freeSpinJobs = { award, finish };
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
    rule: bonusWagering(deps),
    jobs: [expiry, cashback, award, finish] as JobDefinition<never>[],
    onDeposit: onDeposit(deps),
    /** Call once the app's queue runs: queues this week's cashback (a no-op when it is queued already). */
    start: () => scheduleCashback(deps, cashback, now()),
    setFreeRounds: (port) => {
      deps.freeRounds.port = port;
    },
  };
}
