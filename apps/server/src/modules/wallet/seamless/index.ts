// The seamless wallet as other modules see it (game launch, limits, bonus): functions, never tables.

export { type SeamlessCode, SeamlessError } from './errors.ts';
export { type Funding, realMoneyOnly, realThenBonus } from './funding.ts';
export { latestSettled, latestWins, listRounds, type RoundRow, type RoundStatus, roundIn } from './history.ts';
export { issueLaunchToken } from './launch.ts';
export type { Action, OkAnswer } from './movement-types.ts';
export { parseProviders, resolveStudioSecret } from './providers.ts';
export { seamlessRoutes, signatureOf } from './routes.ts';
export {
  type LockColumn,
  type MoneyRule,
  type Movement,
  type MovementKind,
  type PlayStatus,
  playerMayPlay,
  type RefusalReason,
  type RuleContext,
  type RuleEffect,
  RuleRefusal,
} from './rules.ts';
export { createSeamlessWallet, type SeamlessOptions, type SeamlessWallet } from './service.ts';
