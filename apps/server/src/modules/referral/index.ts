import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { DepositSucceeded } from '../payment/index.ts';
import { backfillReferralCodes, type PlayerModule } from '../player/index.ts';
import { bindOnRegistration } from './bind.ts';
import { type RefereeStake, referralOnDeposit, referralOnStake } from './qualify.ts';
import { referralRoutes } from './routes.ts';
import { type MayGainValue, referralRules } from './rules.ts';
import { createReferralService, type ReferralService } from './service.ts';

// The referral module as others see it: the referral programme (issue 16 item 7, decision 0067), a module of
// its own since decision 0098 (it owns `referral.*`): binding at sign-up, qualification on the referee's deposit
// and wager, the referrer's reward through the wallet when the referee looks like another person (decision
// 0094). It uses the player, wallet and payment faces; none of them knows it.

export interface ReferralsModule {
  service: ReferralService;
  /** The payment module's hook (in the credit's transaction). */
  onDeposit: DepositSucceeded;
  /**
   * The retention consumer's stake listener (decision 0077): a referee qualifies by playing as soon as the
   * wager is reached. The app hands it to `retention.onRealStake`.
   */
  onRealStake(tx: Db, stake: RefereeStake): Promise<void>;
  routes(app: FastifyInstance): Promise<void>;
}

export function createReferrals({
  config,
  db,
  log,
  player,
  mayGainValue,
  now = () => new Date(),
}: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  player: Pick<PlayerModule, 'onRegistered'>;
  /** The risk module's exclusion check (decision 0092): a referrer who may not gain value is not paid. */
  mayGainValue: MayGainValue;
  now?: () => Date;
}): ReferralsModule {
  const rules = referralRules(config, mayGainValue);
  const service = createReferralService(db, rules, now);
  player.onRegistered(bindOnRegistration(db, rules, now));
  return {
    service,
    onDeposit: referralOnDeposit(rules, now, log),
    onRealStake: referralOnStake(rules, log),
    async routes(app) {
      // Players from before the programme was switched on get their codes at start.
      if (rules.enabled) app.addHook('onReady', async () => backfillReferralCodes(db));
      await referralRoutes(app, { service });
    },
  };
}
