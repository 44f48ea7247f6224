import { createHash, randomBytes } from 'node:crypto';
import { AmountError, toMinor } from '@croupier/contracts/reference/index';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { openAccount } from '../accounts.ts';
import {
  type AccountRow,
  houseAccount,
  InsufficientFundsError,
  type Leg,
  transfer,
  withTransaction,
} from '../ledger.ts';
import { enabledCurrencies, subunitOf } from '../present.ts';
import { accounts } from '../schema.ts';
import {
  seamlessPendingRollbacks,
  seamlessProviders,
  seamlessRounds,
  seamlessSessions,
  seamlessTransactions,
} from './schema.ts';

export type SeamlessCode =
  | 'INSUFFICIENT_FUNDS'
  | 'CURRENCY_MISMATCH'
  | 'INVALID_TOKEN'
  | 'TOKEN_EXPIRED'
  | 'PLAYER_DISABLED'
  | 'LIMIT_REACHED'
  | 'BET_NOT_FOUND'
  | 'DUPLICATE_CONFLICT'
  | 'INVALID_SIGNATURE'
  | 'INVALID_REQUEST';

/** A refusal the provider gets as `{status: 'ERROR', code, message, balance?}`; nothing of the request is kept. */
export class SeamlessError extends Error {
  constructor(
    readonly code: SeamlessCode,
    message: string,
    /** The account whose balance the answer carries (read after the rollback). */
    readonly accountId?: string,
  ) {
    super(message);
    this.name = 'SeamlessError';
  }
}

/** Thrown by a pre-debit hook (responsible-gaming limits, bonus max bet): the bet is refused with LIMIT_REACHED. */
export class LimitReachedError extends Error {
  constructor(message = 'A limit refuses this bet') {
    super(message);
    this.name = 'LimitReachedError';
  }
}

/** What a pre-debit hook sees, inside the bet's database transaction (before any money moves). */
export interface BeforeBetContext {
  tx: Db;
  playerId: string;
  accountId: string;
  providerId: string;
  gameId: string;
  roundId: string;
  currency: string;
  /** Minor units. */
  amount: bigint;
}
export type BeforeBetHook = (ctx: BeforeBetContext) => void | Promise<void>;

const beforeBetHooks: BeforeBetHook[] = [];
/** Registers a pre-debit hook (limits, bonus max-bet); answers the unregister function. */
export function onBeforeBet(hook: BeforeBetHook): () => void {
  beforeBetHooks.push(hook);
  return () => {
    const i = beforeBetHooks.indexOf(hook);
    if (i >= 0) beforeBetHooks.splice(i, 1);
  };
}

export interface OkAnswer {
  status: 'OK';
  balance: string;
  currency: string;
  transactionId: string;
  ledgerTransactionId: string | null;
}

export type Action =
  | { action: 'bet'; transactionId: string; roundId: string; amount: string; currency: string; gameId?: string }
  | {
      action: 'win';
      transactionId: string;
      roundId: string;
      betTransactionId?: string;
      amount: string;
      currency: string;
      closeRound?: boolean;
    }
  | { action: 'rollback'; transactionId: string; rollbackTransactionId: string; roundId: string };

export interface SeamlessDeps {
  db: Db;
  /** The player's status (PlayerStatus), null when unknown. Anything but 1 (active) or 2 refuses bets. */
  playerStatus?: (playerId: string) => Promise<number | null>;
  now?: () => Date;
}

type Session = typeof seamlessSessions.$inferSelect;

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Exact major-unit decimal string of a minor amount ("10.50" for 1050 EUR cents). */
export function majorString(minor: bigint, currency: string): string {
  const subunit = BigInt(subunitOf(currency));
  const digits = String(subunit).length - 1;
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  if (digits === 0) return `${sign}${abs}`;
  return `${sign}${abs / subunit}.${String(abs % subunit).padStart(digits, '0')}`;
}

/** What the player can stake now. The bonus issue extends it (real + bonus) together with `stakeLegs`. */
const playableOf = (row: Pick<AccountRow, 'real'>): bigint => row.real;

/**
 * The one place that decides which parts a stake comes from. Now: real money only; the bonus issue adds
 * the real → bonus order here (and wins/refunds back to the parts they came from).
 */
function stakeLegs(player: AccountRow, house: AccountRow, amount: bigint): Leg[] {
  return [
    { accountId: player.id, part: 'real', amount: -amount },
    { accountId: house.id, part: 'real', amount },
  ];
}
function payoutLegs(player: AccountRow, house: AccountRow, amount: bigint): Leg[] {
  return [
    { accountId: house.id, part: 'real', amount: -amount },
    { accountId: player.id, part: 'real', amount },
  ];
}

function amountOf(text: string, currency: string): bigint {
  try {
    const minor = toMinor(text, subunitOf(currency));
    if (minor < 0n) throw new SeamlessError('INVALID_REQUEST', 'amount must not be negative');
    return minor;
  } catch (error) {
    if (error instanceof AmountError) {
      throw new SeamlessError(
        'INVALID_REQUEST',
        error.reason === 'precision' ? `amount has more decimals than ${currency} allows` : 'amount is not valid',
      );
    }
    throw error;
  }
}

export async function issueLaunchToken(
  db: Db,
  input: { playerId: string; currency: string; providerId: string; gameId: string; ttlSeconds?: number },
): Promise<{ token: string; expiresAt: Date; accountId: string }> {
  const currency = input.currency.trim().toUpperCase();
  if (!enabledCurrencies.has(currency)) throw new Error(`Currency ${currency} is not enabled`);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (input.ttlSeconds ?? 4 * 3600) * 1000);
  const accountId = await withTransaction(db, async (tx) => {
    const [provider] = await tx.select().from(seamlessProviders).where(eq(seamlessProviders.id, input.providerId));
    if (!provider?.enabled) throw new Error(`Unknown or disabled provider ${input.providerId}`);
    if (provider.games.length > 0 && !provider.games.includes(input.gameId)) {
      throw new Error(`Provider ${input.providerId} does not offer ${input.gameId}`);
    }
    const account = await openAccount(tx, input.playerId, currency);
    await tx.insert(seamlessSessions).values({
      tokenHash: tokenHashOf(token),
      playerId: input.playerId,
      accountId: account.id,
      providerId: input.providerId,
      gameId: input.gameId,
      currency,
      expiresAt,
    });
    return account.id;
  });
  return { token, expiresAt, accountId };
}

/** The seamless wallet's commands: each runs in one database transaction (a batch: all of it in one). */
export function createSeamlessWallet({ db, playerStatus, now = () => new Date() }: SeamlessDeps) {
  async function sessionOf(tx: Db, providerId: string, token: string): Promise<Session> {
    const [session] = await tx
      .select()
      .from(seamlessSessions)
      .where(eq(seamlessSessions.tokenHash, tokenHashOf(token)));
    if (!session || session.providerId !== providerId) throw new SeamlessError('INVALID_TOKEN', 'Unknown token');
    return session;
  }

  /** Locks the player's account: every request of one player is serialised from here on. */
  async function lockAccount(tx: Db, accountId: string): Promise<AccountRow> {
    const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
    if (!row) throw new SeamlessError('INVALID_TOKEN', 'The token names no account');
    return row;
  }

  const ok = (account: AccountRow, transactionId: string, ledgerTransactionId: string | null): OkAnswer => ({
    status: 'OK',
    balance: majorString(playableOf(account), account.currency),
    currency: account.currency,
    transactionId,
    ledgerTransactionId,
  });

  /** The player's status, read before the transaction opens (the player module uses its own connection). */
  async function statusBefore(session: Session, actions: Action[]): Promise<number | null> {
    if (!playerStatus || !actions.some((a) => a.action === 'bet')) return 1;
    return playerStatus(session.playerId);
  }

  async function apply(tx: Db, session: Session, action: Action, status: number | null): Promise<OkAnswer> {
    const providerId = session.providerId;
    let account = await lockAccount(tx, session.accountId);
    const requestHash = createHash('sha256')
      .update(JSON.stringify([session.playerId, action]))
      .digest('hex');
    const [prior] = await tx
      .select()
      .from(seamlessTransactions)
      .where(
        and(
          eq(seamlessTransactions.providerId, providerId),
          eq(seamlessTransactions.providerTxId, action.transactionId),
        ),
      );
    if (prior) {
      if (prior.requestHash !== requestHash) {
        throw new SeamlessError(
          'DUPLICATE_CONFLICT',
          'This transactionId was used for a different request',
          account.id,
        );
      }
      return prior.answer as OkAnswer;
    }
    const house = await houseAccount(tx, session.currency, 'game');
    const record = async (
      kind: Action['action'],
      amount: bigint,
      answer: OkAnswer,
      extra: { refTxId?: string; rolledBackAt?: Date } = {},
    ) => {
      await tx.insert(seamlessTransactions).values({
        providerId,
        providerTxId: action.transactionId,
        kind,
        roundId: action.roundId,
        playerId: session.playerId,
        accountId: account.id,
        currency: session.currency,
        amount,
        refTxId: extra.refTxId ?? null,
        ledgerTransactionId: answer.ledgerTransactionId,
        requestHash,
        answer,
        rolledBackAt: extra.rolledBackAt ?? null,
      });
      return answer;
    };
    const move = async (kind: string, legs: Leg[]) => {
      const result = await transfer({
        tx,
        kind,
        idempotencyKey: `seamless:${providerId}:${action.transactionId}`,
        legs,
      });
      account = result.accounts.find((a) => a.id === account.id) ?? account;
      return result.transactionId;
    };
    const [round] = await tx
      .select()
      .from(seamlessRounds)
      .where(and(eq(seamlessRounds.providerId, providerId), eq(seamlessRounds.roundId, action.roundId)))
      .for('update');
    if (round && round.playerId !== session.playerId) {
      throw new SeamlessError('INVALID_REQUEST', 'This roundId belongs to another player', account.id);
    }

    if (action.action === 'bet') {
      if (session.expiresAt <= now())
        throw new SeamlessError('TOKEN_EXPIRED', 'The game token has expired', account.id);
      if (action.currency !== session.currency) {
        throw new SeamlessError('CURRENCY_MISMATCH', `The session plays in ${session.currency}`, account.id);
      }
      const amount = amountOf(action.amount, session.currency);
      if (status !== 1 && status !== 2) {
        throw new SeamlessError('PLAYER_DISABLED', 'The player may not play', account.id);
      }
      if (round?.status === 'settled') {
        throw new SeamlessError('INVALID_REQUEST', `Round ${action.roundId} is ${round.status}`, account.id);
      }
      const gameId = action.gameId ?? session.gameId;
      const [pending] = await tx
        .select()
        .from(seamlessPendingRollbacks)
        .where(
          and(
            eq(seamlessPendingRollbacks.providerId, providerId),
            eq(seamlessPendingRollbacks.betTxId, action.transactionId),
          ),
        );
      if (!round) {
        await tx.insert(seamlessRounds).values({
          providerId,
          roundId: action.roundId,
          playerId: session.playerId,
          gameId,
          currency: session.currency,
        });
      }
      if (pending) {
        // Its rollback came first: the bet is accepted and cancelled at once, nothing moves.
        await tx
          .update(seamlessPendingRollbacks)
          .set({ appliedAt: now() })
          .where(
            and(
              eq(seamlessPendingRollbacks.providerId, providerId),
              eq(seamlessPendingRollbacks.betTxId, action.transactionId),
            ),
          );
        if (!round) await settleRound(tx, providerId, action.roundId, 0n, 0n);
        return record('bet', amount, ok(account, action.transactionId, null), { rolledBackAt: now() });
      }
      for (const hook of beforeBetHooks) {
        try {
          await hook({
            tx,
            playerId: session.playerId,
            accountId: account.id,
            providerId,
            gameId,
            roundId: action.roundId,
            currency: session.currency,
            amount,
          });
        } catch (error) {
          if (error instanceof LimitReachedError) throw new SeamlessError('LIMIT_REACHED', error.message, account.id);
          throw error;
        }
      }
      let ledgerId: string | null = null;
      if (amount > 0n) {
        if (playableOf(account) < amount) {
          throw new SeamlessError('INSUFFICIENT_FUNDS', 'Insufficient funds', account.id);
        }
        try {
          ledgerId = await move('game.bet', stakeLegs(account, house, amount));
        } catch (error) {
          if (error instanceof InsufficientFundsError) {
            throw new SeamlessError('INSUFFICIENT_FUNDS', 'Insufficient funds', account.id);
          }
          throw error;
        }
      }
      await tx
        .update(seamlessRounds)
        .set({ betTotal: sql`${seamlessRounds.betTotal} + ${amount}`, status: 'open', settledAt: null })
        .where(and(eq(seamlessRounds.providerId, providerId), eq(seamlessRounds.roundId, action.roundId)));
      return record('bet', amount, ok(account, action.transactionId, ledgerId));
    }

    if (action.action === 'win') {
      if (action.currency !== session.currency) {
        throw new SeamlessError('CURRENCY_MISMATCH', `The session plays in ${session.currency}`, account.id);
      }
      const amount = amountOf(action.amount, session.currency);
      if (action.betTransactionId) {
        const [bet] = await tx
          .select()
          .from(seamlessTransactions)
          .where(
            and(
              eq(seamlessTransactions.providerId, providerId),
              eq(seamlessTransactions.providerTxId, action.betTransactionId),
              eq(seamlessTransactions.kind, 'bet'),
            ),
          );
        if (!bet || bet.playerId !== session.playerId || bet.roundId !== action.roundId) {
          throw new SeamlessError('BET_NOT_FOUND', `No bet ${action.betTransactionId} in this round`, account.id);
        }
        if (bet.rolledBackAt)
          throw new SeamlessError('BET_NOT_FOUND', `Bet ${action.betTransactionId} was rolled back`, account.id);
      }
      if (!round) throw new SeamlessError('BET_NOT_FOUND', `No bet in round ${action.roundId}`, account.id);
      if (round.status === 'rolled_back') {
        throw new SeamlessError('BET_NOT_FOUND', `Round ${action.roundId} was rolled back`, account.id);
      }
      const ledgerId = amount > 0n ? await move('game.win', payoutLegs(account, house, amount)) : null;
      await tx
        .update(seamlessRounds)
        .set({
          winTotal: sql`${seamlessRounds.winTotal} + ${amount}`,
          ...(action.closeRound ? { status: 'settled', settledAt: now() } : {}),
        })
        .where(and(eq(seamlessRounds.providerId, providerId), eq(seamlessRounds.roundId, action.roundId)));
      return record('win', amount, ok(account, action.transactionId, ledgerId), { refTxId: action.betTransactionId });
    }

    // Rollback: cancels one bet (refunds its stake); a rollback before its bet is remembered.
    const [bet] = await tx
      .select()
      .from(seamlessTransactions)
      .where(
        and(
          eq(seamlessTransactions.providerId, providerId),
          eq(seamlessTransactions.providerTxId, action.rollbackTransactionId),
        ),
      )
      .for('update');
    if (bet && (bet.kind !== 'bet' || bet.playerId !== session.playerId)) {
      throw new SeamlessError(
        'BET_NOT_FOUND',
        `${action.rollbackTransactionId} is not a bet of this player`,
        account.id,
      );
    }
    if (!bet) {
      await tx
        .insert(seamlessPendingRollbacks)
        .values({
          providerId,
          betTxId: action.rollbackTransactionId,
          rollbackTxId: action.transactionId,
          roundId: action.roundId,
          playerId: session.playerId,
        })
        .onConflictDoNothing();
      return record('rollback', 0n, ok(account, action.transactionId, null), { refTxId: action.rollbackTransactionId });
    }
    if (bet.rolledBackAt) {
      // Already cancelled by another rollback: nothing more to give back.
      return record('rollback', 0n, ok(account, action.transactionId, null), { refTxId: bet.providerTxId });
    }
    const ledgerId = bet.amount > 0n ? await move('game.rollback', payoutLegs(account, house, bet.amount)) : null;
    await tx.update(seamlessTransactions).set({ rolledBackAt: now() }).where(eq(seamlessTransactions.id, bet.id));
    await settleRound(tx, providerId, bet.roundId, -bet.amount, 0n);
    return record('rollback', bet.amount, ok(account, action.transactionId, ledgerId), { refTxId: bet.providerTxId });
  }

  /** Adds to the round's bet total; a round left with no stake and no win is marked rolled back. */
  async function settleRound(tx: Db, providerId: string, roundId: string, betDelta: bigint, winDelta: bigint) {
    await tx
      .update(seamlessRounds)
      .set({
        betTotal: sql`${seamlessRounds.betTotal} + ${betDelta}`,
        winTotal: sql`${seamlessRounds.winTotal} + ${winDelta}`,
      })
      .where(and(eq(seamlessRounds.providerId, providerId), eq(seamlessRounds.roundId, roundId)));
    await tx
      .update(seamlessRounds)
      .set({ status: 'rolled_back', settledAt: now() })
      .where(
        and(
          eq(seamlessRounds.providerId, providerId),
          eq(seamlessRounds.roundId, roundId),
          sql`${seamlessRounds.betTotal} = 0 and ${seamlessRounds.winTotal} = 0`,
          sql`not exists (select 1 from wallet.seamless_transactions t where t.provider_id = ${providerId} and t.round_id = ${roundId} and t.kind = 'bet' and t.rolled_back_at is null)`,
        ),
      );
  }

  async function balanceOf(accountId: string): Promise<{ balance: string; currency: string } | null> {
    const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
    return row ? { balance: majorString(playableOf(row), row.currency), currency: row.currency } : null;
  }

  return {
    balanceOf,
    async balance(providerId: string, token: string): Promise<{ status: 'OK'; balance: string; currency: string }> {
      const session = await sessionOf(db, providerId, token);
      const answer = await balanceOf(session.accountId);
      if (!answer) throw new SeamlessError('INVALID_TOKEN', 'The token names no account');
      return { status: 'OK', ...answer };
    },
    /** One action, in its own transaction. */
    async act(providerId: string, token: string, action: Action): Promise<OkAnswer> {
      const session = await sessionOf(db, providerId, token);
      const status = await statusBefore(session, [action]);
      return withTransaction(db, async (tx) => apply(tx, session, action, status));
    },
    /** Several actions in one transaction: all of them or none (the first refusal rolls back the rest). */
    async batch(
      providerId: string,
      token: string,
      actions: Action[],
    ): Promise<{ status: 'OK'; balance: string; currency: string; results: OkAnswer[] }> {
      const session = await sessionOf(db, providerId, token);
      const status = await statusBefore(session, actions);
      return withTransaction(db, async (tx) => {
        const results: OkAnswer[] = [];
        for (const [index, action] of actions.entries()) {
          try {
            results.push(await apply(tx, session, action, status));
          } catch (error) {
            if (error instanceof SeamlessError) Object.assign(error, { actionIndex: index });
            throw error;
          }
        }
        const last = results.at(-1)!;
        return { status: 'OK', balance: last.balance, currency: last.currency, results };
      });
    },
  };
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;
