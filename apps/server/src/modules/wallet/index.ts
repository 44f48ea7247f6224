import type { Db } from '../../db/client.ts';
import type { PlayerModule } from '../player/index.ts';
import { createWalletAccounts } from './accounts.ts';

// The wallet as other modules see it: commands that take the caller's transaction, never tables.
export { listAccounts, openAccount } from './accounts.ts';
export {
  type AdjustableAccount,
  adjustableAccount,
  applyStaffAdjustment,
  STAFF_ADJUSTMENT_KIND,
  type StaffAdjustmentMoney,
  type StaffAdjustmentResult,
} from './adjustment.ts';
export { type BonusMoney, createBonusHouse, creditBonus, forfeitBonus, lockPlayerAccount } from './bonus-money.ts';
export { holdWithdrawals, releaseAllWithdrawals, withdrawalsHeld } from './holds.ts';
export { largestWinSince } from './largest-win.ts';
export {
  type AccountRow,
  houseAccount,
  houseBalance,
  IdempotencyConflictError,
  InsufficientFundsError,
  type Json,
  LedgerError,
  type Leg,
  type Part,
  type TransferInput,
  type TransferResult,
  transfer,
  withTransaction,
} from './ledger.ts';
export {
  LEDGER_CHANNEL,
  type LedgerContext,
  type LedgerGame,
  type LedgerMoved,
  type LedgerSource,
} from './ledger-events.ts';
export { LEDGER_COUNT_AHEAD, type LedgerQuery, ledgerHistory, ledgerTypeOf } from './ledger-history.ts';
export {
  firstMovements,
  type LedgerDays,
  type LedgerMovementRef,
  type LedgerTotal,
  type LedgerTotals,
  ledgerTotals,
} from './ledger-totals.ts';
export { type NetLoss, netLossesBetween } from './net-loss.ts';
export {
  creditDeposit,
  type InvoiceMoney,
  lockWithdrawal,
  releaseWithdrawal,
  settleWithdrawal,
} from './payments.ts';
export { type PlayerPlayTotal, playerPlayTotalsSince } from './play-totals.ts';
export { accountsChannel, toAccount, withdrawableOf } from './present.ts';
export { payReward, type Reward } from './rewards.ts';
export { type RoundMovementRow, roundWithMovements } from './round-replay.ts';
export { walletRoutes } from './routes.ts';
// The seamless wallet (the money path of game rounds, decision 0021) is part of this face: its own index lists it.
export * from './seamless/index.ts';
export { playerRoundsForStaff, type StaffRoundsQuery } from './staff-rounds.ts';
export { type BetRef, betsAreFinal, realStakesSince } from './stakes.ts';

/** Opens the first account, in the currency chosen at registration, when a player registers. */
export function registerWalletListeners(db: Db, player: Pick<PlayerModule, 'onRegistered'>): void {
  const wallet = createWalletAccounts(db);
  player.onRegistered((event) => wallet.openFirst(event.playerId, event.currency));
}
