import { toMajorString } from '@croupier/contracts/reference/index';
import type { Sql } from '../../../db/lean-sql.ts';
import type { LedgerContext } from '../ledger-events.ts';
import type { AccountRow, Leg, Part } from '../ledger-types.ts';
import { applyMove, assertBalanced } from '../move.ts';
import { invariant, SeamlessError } from './errors.ts';
import { tokenHashOf } from './launch.ts';
import type { MovementContext, OkAnswer, SeamlessDeps, Session } from './movement-types.ts';
import type { RulesOutcome } from './rules.ts';

// A seamless movement from its lock to its ledger write (decision 0021): the token's account is locked, the
// command works on the context, and one statement writes what moved.

type LockedRow = AccountRow &
  Pick<Session, 'tokenHash' | 'gameId' | 'expiresAt'> & {
    playStatusSource: unknown;
    playerNameSource: unknown;
  };

/** Resolves the token and locks its account in one statement: the player's requests queue from here on. */
export async function openMovement(
  sql: Sql,
  providerId: string,
  token: string,
  deps: SeamlessDeps,
  alone: boolean,
): Promise<MovementContext> {
  const [row] = await sql.query<LockedRow>(deps.lockByToken, [tokenHashOf(token), providerId]);
  if (!row?.playerId) throw new SeamlessError('INVALID_TOKEN', 'Unknown token');
  const { tokenHash, gameId, expiresAt, playStatusSource, playerNameSource, ...account } = row;
  const session: Session = {
    tokenHash,
    playerId: row.playerId,
    accountId: row.id,
    providerId,
    gameId,
    currency: row.currency,
    expiresAt,
  };
  const houseId = await deps.houseAccounts(sql, session.currency);
  const playerName = deps.playerName.read(playerNameSource);
  const playerStatus = deps.playStatus.read(playStatusSource);
  return { sql, session, account, houseId, ruleHouses: new Set(), playerStatus, playerName, alone, deps };
}

export function answerOf(ctx: MovementContext, transactionId: string, ledgerId: string | null, account = ctx.account) {
  return {
    status: 'OK',
    balance: toMajorString(ctx.deps.funding.playable(account), account.currency),
    currency: account.currency,
    transactionId,
    ledgerTransactionId: ledgerId,
  } satisfies OkAnswer;
}

/** The account after `delta` (the row stays locked; the move writes the same sums). */
export function applied(account: AccountRow, delta: Record<Part, bigint>): AccountRow {
  return {
    ...account,
    real: account.real + delta.real,
    bonus: account.bonus + delta.bonus,
    locked: account.locked + delta.locked,
  };
}

/** The player part changes of `legs` on the context's account. */
export function deltaOf(ctx: MovementContext, legs: readonly Leg[]): Record<Part, bigint> {
  const delta: Record<Part, bigint> = { real: 0n, bonus: 0n, locked: 0n };
  for (const leg of legs) if (leg.accountId === ctx.account.id) delta[leg.part] += leg.amount;
  return delta;
}

/**
 * Writes the ledger movement (one statement) and makes `after` the context's account. Legs may touch only
 * this account and house accounts (the game account, or those a rule names): never another player's. The
 * rules' events and their say on the account's withdrawal hold go into the same statement, and so does the
 * movement's `ledger.moved` event with `ledger`'s context (false: none).
 */
export async function move(
  ctx: MovementContext,
  kind: string,
  id: string,
  legs: Leg[],
  after: AccountRow,
  rules: Pick<RulesOutcome, 'events' | 'withdrawalsHeld'> = { events: [] },
  last = false,
  ledger: LedgerContext | false = false,
) {
  const currencyOf = (accountId: string) => {
    invariant(
      accountId === ctx.account.id || accountId === ctx.houseId || ctx.ruleHouses.has(accountId),
      `leg on a foreign account ${accountId}`,
    );
    return ctx.session.currency;
  };
  assertBalanced(legs, currencyOf);
  for (const part of ['real', 'bonus', 'locked'] as const) invariant(after[part] >= 0n, `${part} would go negative`);
  const withdrawalsHeld = rules.withdrawalsHeld === undefined ? undefined : { [after.id]: rules.withdrawalsHeld };
  await applyMove(ctx.sql, { id, kind, legs, after: [after], events: rules.events, withdrawalsHeld, last, ledger });
  ctx.account = after;
}
