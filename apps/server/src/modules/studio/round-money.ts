import type { StudioRoundAnswer } from '@croupier/contracts';
import { toMajorString, toMinor } from '@croupier/contracts/reference/money';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { armGuard, disarmGuard, queueRollbacks } from './bet-guard.ts';
import { StudioError } from './errors.ts';
import type { WithLock } from './lock.ts';
import { betTx, rollbackCalls } from './round-calls.ts';
import type { RoundRow, RoundViews } from './round-view.ts';
import { studioRounds, studioWalletCalls } from './schema.ts';
import { type SeamlessAnswer, type SeamlessClient, SeamlessUnavailable } from './seamless-client.ts';
import type { Seeds } from './seeds.ts';
import { type SessionRow, walletToken } from './sessions.ts';
import { refusal, unavailable, type WalletCalls } from './wallet-calls.ts';

/** The money steps every real-money round shares: a guarded bet, keeping or undoing it, and the win. */

export interface RoundDeps {
  db: Db;
  wallet: SeamlessClient;
  log: FastifyBaseLogger;
  calls: WalletCalls;
  activePair: Seeds['active'];
  views: RoundViews;
  balanceOf: (s: SessionRow) => Promise<string>;
  withLock: WithLock;
}

type BetOk = Extract<SeamlessAnswer<'bet'>, { kind: 'ok' }>;

/** Inside a save: the bet's guard, or the save gives way to the rollback already under way. */
export async function keepBet(tx: Db, roundId: string, k: number): Promise<void> {
  if (!(await disarmGuard(tx, roundId, k))) throw new Error(`bet ${k} of round ${roundId} is being rolled back`);
}

/**
 * Bet `k` of a round on the wallet, behind its guard. A refusal is the player's 4xx. Not answered, the bet
 * may or may not have landed: the round is cancelled (`cancel` records it, with every bet up to this one
 * queued for rollback and retried until the wallet answers) and the request fails.
 */
export async function walletBet(
  d: RoundDeps,
  s: SessionRow,
  roundId: string,
  k: number,
  amount: bigint,
  cancel: (tx: Db) => Promise<void>,
  /** A free round of casino-issued free spins (decision 0065): stake 0, the casino's free-spin id. */
  freeSpinId?: string,
): Promise<BetOk> {
  await armGuard(d.db, s, roundId, k);
  let answer: SeamlessAnswer<'bet'>;
  try {
    answer = await d.wallet.call('bet', {
      token: walletToken(s),
      transactionId: betTx(roundId, k),
      roundId,
      amount: toMajorString(amount, s.currency),
      currency: s.currency,
      gameId: s.game,
      ...(freeSpinId ? { freeSpinId } : {}),
    });
  } catch (e) {
    if (!(e instanceof SeamlessUnavailable)) throw e;
    await d.db.transaction(async (tx) => {
      await cancel(tx as unknown as Db);
      await queueRollbacks(tx as unknown as Db, rollbackCalls(s, roundId, k + 1));
    });
    return rollBack(d, s, roundId, k + 1);
  }
  if (answer.kind === 'refused') {
    await disarmGuard(d.db, roundId, k);
    throw refusal(answer);
  }
  return answer;
}

async function rollBack(d: RoundDeps, s: SessionRow, roundId: string, bets: number): Promise<never> {
  for (const c of rollbackCalls(s, roundId, bets)) await d.calls.sendNow(c.transactionId);
  throw unavailable();
}

/**
 * A bet the wallet took but the studio could not record (a database failure, a nonce taken by another
 * instance): cancel it, queued when possible, else sent once directly; then fail the request.
 */
export async function undoBet(d: RoundDeps, s: SessionRow, roundId: string, k: number, error: unknown): Promise<never> {
  const [call] = rollbackCalls(s, roundId, k + 1).slice(k);
  try {
    await d.db.insert(studioWalletCalls).values(call!).onConflictDoNothing();
    await d.calls.sendNow(call!.transactionId);
  } catch {
    await d.wallet.callRaw('rollback', call!.body).catch(() => undefined);
  }
  d.log.error({ err: error, roundId }, 'studio could not record a round after its bet; the bet was rolled back');
  if (error instanceof StudioError) throw error;
  throw unavailable();
}

/** The answer to a real-money play or act, once the round is saved. */
export async function finish(
  d: RoundDeps,
  s: SessionRow,
  round: RoundRow,
  fallbackBalance: string | null,
): Promise<StudioRoundAnswer> {
  // The round is settled in the studio; the win is queued, sent now, and retried until answered.
  let balance = fallbackBalance;
  if (s.mode === 'real' && round.status === 'settled') {
    const answer = await d.calls.sendNow(`${round.id}:w`);
    if (answer?.kind === 'ok') balance = toMinor(answer.body.balance, s.currency).toString();
  }
  if (balance === null) balance = await d.balanceOf(s).catch(() => null);
  const [fresh] = await d.db.select().from(studioRounds).where(eq(studioRounds.id, round.id));
  return { round: await d.views.view(fresh ?? round), balance };
}
