import type { Db } from '../../../db/client.ts';
import { leanTransaction } from '../../../db/lean-transaction.ts';
import { enqueue, notifyCommitted } from '../../../outbox/index.ts';
import { withTransaction } from '../ledger.ts';
import { createBalance } from './balance.ts';
import { batch as runBatch } from './batch.ts';
import { bet } from './bet.ts';
import { createHouseAccounts } from './caches.ts';
import { SeamlessError } from './errors.ts';
import { type Funding, realThenBonus } from './funding.ts';
import { openMovement } from './movement.ts';
import type { Action, MovementContext, OkAnswer, SeamlessDeps } from './movement-types.ts';
import { rollback } from './rollback.ts';
import type { LockColumn, MoneyRule, PlayStatus } from './rules.ts';
import { lockByToken } from './statements.ts';
import { win } from './win.ts';

export interface SeamlessOptions {
  db: Db;
  /** Run inside every movement's transaction, under the account lock (limits, bonus rules, counters). */
  rules?: readonly MoneyRule[];
  /** The player module's public name, read by the locking statement for the rules (decision 0086). */
  playerName: LockColumn<string>;
  /** The player module's status and bet block, read by the same statement for the player-status rule (0106). */
  playStatus: LockColumn<PlayStatus | null>;
  /** Which parts stakes come from and payouts go to; default real money first, then bonus (decision 0013). */
  funding?: Funding;
  now?: () => Date;
  /** false: no `ledger.moved` events (the reports are off, decision 0121). Default true. */
  ledgerEvents?: boolean;
}

const one = (ctx: MovementContext, action: Action): Promise<OkAnswer> => {
  if (action.action === 'bet') return bet(ctx, action);
  if (action.action === 'win') return win(ctx, action);
  return rollback(ctx, action);
};

/**
 * The seamless wallet's commands (decision 0021): each request is one lean transaction on the raw driver:
 * lock the account, claim the transaction id, the round, the rules, one statement for the ledger move.
 */
export function createSeamlessWallet({
  db,
  rules = [],
  playerName,
  playStatus,
  funding = realThenBonus,
  now = () => new Date(),
  ledgerEvents = true,
}: SeamlessOptions) {
  const houseAccounts = createHouseAccounts();
  const deps: SeamlessDeps = {
    db,
    houseAccounts,
    rules,
    funding,
    now,
    lockByToken: lockByToken(playerName, playStatus),
    playerName,
    playStatus,
    ledgerEvents,
  };
  const { balance, balanceOf } = createBalance(deps);

  /** Runs `fn` under the account lock; a rule's notice to the player is published once the refusal rolled back. */
  async function inTransaction<T>(
    providerId: string,
    token: string,
    alone: boolean,
    fn: (ctx: MovementContext) => Promise<T>,
  ): Promise<T> {
    try {
      return await leanTransaction(db, async (sql) => fn(await openMovement(sql, providerId, token, deps, alone)), {
        afterCommit: notifyCommitted,
      });
    } catch (error) {
      const publication = error instanceof SeamlessError ? error.publication : undefined;
      if (publication) await withTransaction(db, (tx) => enqueue(tx, publication));
      throw error;
    }
  }

  return {
    balance,
    balanceOf,
    /** One action, in its own transaction. */
    async act(providerId: string, token: string, action: Action): Promise<OkAnswer> {
      return inTransaction(providerId, token, true, (ctx) => one(ctx, action));
    },
    /** Several actions in one transaction: all of them or none (the first refusal rolls back the rest). */
    async batch(providerId: string, token: string, actions: Action[]) {
      return inTransaction(providerId, token, false, (ctx) => runBatch(ctx, actions, one));
    },
  };
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;
