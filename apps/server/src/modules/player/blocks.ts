import { ApiError, ErrorCode } from '@croupier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PlayerDeps } from './context.ts';
import { players } from './schema.ts';
import { closeAllSessions, notifySessionsClosed } from './sessions/sessions.ts';

// Staff blocks by scope (backoffice-api.md §4, docs/decisions/0106): four flags apart from `status`, so lifting
// one never undoes a self-exclusion. Each path that a block closes reads its flag where it decides.

/** The blocks of one player, as the operator API's `Blocks`. */
export interface PlayerBlocks {
  login: boolean;
  deposit: boolean;
  bet: boolean;
  withdrawal: boolean;
}

/** What a staff change sets; an absent scope stays as it is. */
export type BlocksPatch = Partial<PlayerBlocks>;

/** A change committed by the caller's transaction: `afterCommit` ends the closed sessions' sockets. */
export interface BlocksChange {
  before: PlayerBlocks;
  after: PlayerBlocks;
  /** Sessions closed by a login block. */
  closed: number;
  afterCommit: () => void;
}

/** Session `close_reason` of a login block and of a staff member's "close sessions". */
export const CLOSED_BY_LOGIN_BLOCK = 'login_block';
export const CLOSED_BY_STAFF = 'staff';

const columns = {
  login: players.blockLogin,
  deposit: players.blockDeposit,
  bet: players.blockBet,
  withdrawal: players.blockWithdrawal,
};

/**
 * The player's blocks; null for an unknown player. With `lock`, inside an invoice's transaction, the row is
 * read FOR KEY SHARE: a staff change (FOR UPDATE) waits for that transaction, and the transaction started
 * after a change sees it, so no invoice slips in beside a block. Other updates of the row do not wait.
 */
export async function blocksOf(
  db: Db,
  playerId: string,
  options: { lock?: boolean } = {},
): Promise<PlayerBlocks | null> {
  const query = db.select(columns).from(players).where(eq(players.id, playerId));
  const [row] = options.lock ? await query.for('key share') : await query;
  return row ?? null;
}

/**
 * Sets the given blocks in the caller's transaction, the player's row locked FOR UPDATE; null for an unknown
 * player. With the login block on, every open session closes in the same transaction (a session opened in a
 * race with an earlier block included); their tokens are refused on the next request, and `afterCommit`
 * ends their sockets on every instance (decision 0033).
 */
export async function setBlocks(
  deps: Pick<PlayerDeps, 'sessionsClosed' | 'log'>,
  tx: Db,
  playerId: string,
  patch: BlocksPatch,
): Promise<BlocksChange | null> {
  const [before] = await tx.select(columns).from(players).where(eq(players.id, playerId)).for('update');
  if (!before) return null;
  const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => typeof value === 'boolean'));
  const after: PlayerBlocks = { ...before, ...given };
  await tx
    .update(players)
    .set({
      blockLogin: after.login,
      blockDeposit: after.deposit,
      blockBet: after.bet,
      blockWithdrawal: after.withdrawal,
      updatedAt: sql`now()`,
    })
    .where(eq(players.id, playerId));
  const closed = after.login ? await closeAllSessions(tx, playerId, CLOSED_BY_LOGIN_BLOCK) : [];
  return { before, after, closed: closed.length, afterCommit: () => notifySessionsClosed(deps, closed) };
}

/**
 * Closes every open session of the player in the caller's transaction (`reason` goes on each session);
 * null for an unknown player. `afterCommit` ends their sockets.
 */
export async function closePlayerSessions(
  deps: Pick<PlayerDeps, 'sessionsClosed' | 'log'>,
  tx: Db,
  playerId: string,
  reason: string = CLOSED_BY_STAFF,
): Promise<{ closed: number; afterCommit: () => void } | null> {
  const [player] = await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId));
  if (!player) return null;
  const closed = await closeAllSessions(tx, playerId, reason);
  return { closed: closed.length, afterCommit: () => notifySessionsClosed(deps, closed) };
}

/**
 * The game module's launch hook: a real-money launch of a bet-blocked player is refused as limited real play
 * (14103, HTTP 422: the client goes home with its "limited real game" alert). Demo play stays open.
 */
export function refuseBetBlockedLaunch(db: Db) {
  return async (launch: { playerId: string; mode: 'demo' | 'real' }): Promise<void> => {
    if (launch.mode !== 'real') return;
    if ((await blocksOf(db, launch.playerId))?.bet) {
      throw ApiError.of(ErrorCode.realPlayLimited, 'Real-money play is blocked on this account.', {}, 422);
    }
  };
}
