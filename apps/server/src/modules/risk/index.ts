// The risk module as other modules see it (docs/decisions/0038): responsible gaming. Functions, never tables.
import type { Db } from '../../db/client.ts';
import type { PlayerModule } from '../player/index.ts';
import type { MoneyRule } from '../wallet/index.ts';
import { beforeDeposit, beforeLaunch } from './checks.ts';
import { assertMayGainValue } from './may-gain-value.ts';
import { limitsRule } from './money-rule.ts';
import { createRealityCheckApi, sessionOnSignIn } from './reality-check.ts';
import { createLimitsApi, type RiskDeps } from './service.ts';
import { signInGuard } from './sign-in.ts';

export {
  COMPLIANCE_CHANNEL,
  type ExclusionEndedEvent,
  type LimitNearEvent,
  type LimitRaiseEvent,
  type RiskComplianceEvent,
} from './compliance-events.ts';
export { type MayGainValue, mayGainValueNow, noExclusionCheck } from './may-gain-value.ts';
export { riskRoutes } from './routes.ts';
export {
  STAFF_EXCLUSION_MIN_MONTHS,
  type StaffExclusion,
  type StaffExclusionInput,
  staffSelfExclude,
} from './staff-exclusion.ts';
export { limitsForStaff, type StaffLimitInput, staffLowerLimit } from './staff-limits.ts';
export { historyOf } from './store.ts';
export {
  addDeposit as turnOverOnDeposit,
  assertTurnOverMet,
  seedTurnOver,
  setTurnOverSetting,
} from './turn-over.ts';
export { turnOverRoutes } from './turn-over-routes.ts';
export { type CashPeriod, type Window, windowOf } from './windows.ts';
export { selfExclusionHistoryFlag, turnOverOwedFlag } from './withdrawal-flags.ts';

export interface RiskOptions {
  db: Db;
  player: PlayerModule;
  /** The clock of every limit rule; tests move it across the 24-hour delays. */
  now?: () => Date;
}

/**
 * Builds the risk module and hooks its sign-in guard into the player module. The caller passes the money
 * rule to the seamless wallet, the checks to the game launch and the payment module, and the exclusion check
 * (`assertMayGainValue`) to every module that gives value: bonus, retention, referrals.
 */
export function createRiskModule({ db, player, now = () => new Date() }: RiskOptions) {
  const deps: RiskDeps = { db, player, now };
  player.onSignIn(signInGuard(deps));
  player.onSignIn(sessionOnSignIn(deps));
  const mayGainValue = assertMayGainValue(deps);
  return {
    limits: createLimitsApi(deps),
    /** Bet and loss limits, cooling-off, self-exclusion and the session's totals in every seamless movement. */
    moneyRule: limitsRule({ now }) satisfies MoneyRule,
    /** The reality-check interval and the session's play since sign-in (docs/decisions/0057). */
    reality: createRealityCheckApi(deps),
    beforeLaunch: beforeLaunch(deps),
    beforeDeposit: beforeDeposit(deps),
    /**
     * The one exclusion check (docs/decisions/0092): 409 during a cooling-off or self-exclusion, or when the
     * player's status is not active or deposits-restricted; fails closed. Every way to gain value asks it.
     */
    assertMayGainValue: mayGainValue,
    /** The bonus module's claim check: the same check. */
    assertMayClaimBonus: mayGainValue,
  };
}

export type RiskModule = ReturnType<typeof createRiskModule>;
