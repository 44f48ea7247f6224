import type { Db } from '../../../db/client.ts';
import type { Sql, Statement } from '../../../db/lean-sql.ts';
import type { AccountRow } from '../ledger-types.ts';
import type { HouseAccounts } from './caches.ts';
import type { Funding } from './funding.ts';
import type { LockColumn, MoneyRule, PlayStatus } from './rules.ts';

// What a seamless movement is made of (decision 0021): the provider's actions and the answer they get, the
// launch token's session, the open movement under the account lock, and a claimed transaction id.

export interface OkAnswer {
  status: 'OK';
  balance: string;
  currency: string;
  transactionId: string;
  ledgerTransactionId: string | null;
}

export type BetAction = {
  action: 'bet';
  transactionId: string;
  roundId: string;
  amount: string;
  currency: string;
  gameId?: string;
  /** A free round of casino-issued free spins (stake 0): the bonus rule checks it (decision 0065). */
  freeSpinId?: string;
};
export type WinAction = {
  action: 'win';
  transactionId: string;
  roundId: string;
  betTransactionId?: string;
  amount: string;
  currency: string;
  closeRound?: boolean;
};
export type RollbackAction = {
  action: 'rollback';
  transactionId: string;
  rollbackTransactionId: string;
  roundId: string;
};
export type Action = BetAction | WinAction | RollbackAction;

/** What a launch token binds: one player account (one currency), provider and game. */
export interface Session {
  tokenHash: string;
  playerId: string;
  accountId: string;
  providerId: string;
  gameId: string;
  currency: string;
  expiresAt: Date;
}

export interface SeamlessDeps {
  db: Db;
  houseAccounts: HouseAccounts;
  rules: readonly MoneyRule[];
  funding: Funding;
  now: () => Date;
  /** The locking statement, built once with the player module's columns (decisions 0086, 0106). */
  lockByToken: Statement;
  playerName: LockColumn<string>;
  playStatus: LockColumn<PlayStatus | null>;
  /** false: movements write no `ledger.moved` event (REPORTS_ENABLED=false, decision 0121). */
  ledgerEvents: boolean;
}

/** One movement's (or one batch's) state: the open transaction, the token's session, the locked account. */
export interface MovementContext {
  sql: Sql;
  session: Session;
  /** The locked account as it is now (after earlier actions of a batch). */
  account: AccountRow;
  houseId: string;
  /** House accounts the rules' legs may use (in the movement's currency). */
  ruleHouses: Set<string>;
  /** The player's status and bet block as the locking statement read them (null: no player row). */
  playerStatus: PlayStatus | null;
  /** The player's public display name, from the same statement (decision 0086). */
  playerName: string;
  /**
   * The transaction's only movement (not a batch): its last statement, the ledger move, carries the COMMIT
   * (decision 0088).
   */
  alone: boolean;
  deps: SeamlessDeps;
}

/** A stored seamless transaction under a claimed id. */
export interface Prior {
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  playerId: string;
  accountId: string;
  currency: string;
  roundId: string;
  amount: bigint;
  requestHash: string;
  answer: unknown;
  rolledBackAt: Date | null;
}

/** A transaction id to claim, with the answer its request gets. */
export interface Claim {
  kind: Prior['kind'];
  transactionId: string;
  roundId: string;
  amount: bigint;
  refTxId?: string | null;
  ledgerId: string | null;
  requestHash: string;
  answer: unknown;
  rolledBack?: boolean;
}
