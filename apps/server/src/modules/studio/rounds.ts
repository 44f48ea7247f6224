import { randomUUID } from 'node:crypto';
import type { StudioRoundAnswer } from '@croupier/contracts';
import { toMajorString } from '@croupier/contracts/reference/money';
import { FairStream, GameInputError } from '@croupier/games';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { armGuard, disarmGuard, GUARD_DELAY_MS, queueRollbacks } from './bet-guard.ts';
import { StudioError } from './errors.ts';
import { adapters, asStudioError, decode, encode, type GameId, type Step, type StoredAction } from './games/index.ts';
import { limitsFor } from './limits.ts';
import type { WithLock } from './lock.ts';
import { betTx, rollbackCalls, winCall } from './round-calls.ts';
import type { RoundRow, RoundViews } from './round-view.ts';
import { studioRounds, studioSeedPairs, studioSessions, studioWalletCalls } from './schema.ts';
import { type SeamlessAnswer, type SeamlessClient, SeamlessUnavailable } from './seamless-client.ts';
import type { Seeds } from './seeds.ts';
import { minorBalance, ownerOf, type SessionRow, walletToken } from './sessions.ts';
import { refusal, unavailable, type WalletCalls } from './wallet-calls.ts';

function parseBet(s: SessionRow, raw: unknown, divisor: bigint): bigint {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,17}$/.test(raw)) {
    throw new StudioError(422, 'invalid_bet', 'The bet is a string of minor units, e.g. "100".', 'bet');
  }
  const bet = BigInt(raw);
  const { minBet, maxBet } = limitsFor(s.currency);
  if (bet < minBet || bet > maxBet) {
    throw new StudioError(422, 'invalid_bet', `The bet must be from ${minBet} to ${maxBet} minor units.`, 'bet');
  }
  if (bet % divisor !== 0n) {
    throw new StudioError(422, 'invalid_bet', `The bet must be a multiple of ${divisor} minor units.`, 'bet');
  }
  return bet;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Runs an engine step, turning its input errors into 4xx. */
function engine<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof GameInputError || e instanceof StudioError) asStudioError(e);
    throw e;
  }
}

export interface Rounds {
  play(s: SessionRow, body: unknown): Promise<StudioRoundAnswer>;
  act(s: SessionRow, roundId: string, body: unknown): Promise<StudioRoundAnswer>;
}

/** Rounds: the first bet, the actions (and their extra bets), the win, and cancelling bets the studio cannot keep. */
export function createRounds(deps: {
  db: Db;
  wallet: SeamlessClient;
  log: FastifyBaseLogger;
  calls: WalletCalls;
  activePair: Seeds['active'];
  views: RoundViews;
  balanceOf: (s: SessionRow) => Promise<string>;
  withLock: WithLock;
}): Rounds {
  const { db, wallet, log, calls, activePair, views, balanceOf, withLock } = deps;
  if (wallet.timeoutMs * 2 >= GUARD_DELAY_MS) {
    throw new Error(`the wallet time-out (${wallet.timeoutMs} ms) must be well under the bet guard's delay`);
  }

  /** Inside a save: the bet's guard, or the save gives way to the rollback already under way. */
  async function keepBet(tx: Db, roundId: string, k: number): Promise<void> {
    if (!(await disarmGuard(tx, roundId, k))) throw new Error(`bet ${k} of round ${roundId} is being rolled back`);
  }

  async function finish(s: SessionRow, round: RoundRow, fallbackBalance: string | null): Promise<StudioRoundAnswer> {
    // The round is settled in the studio; the win is queued, sent now, and retried until answered.
    let balance = fallbackBalance;
    if (s.mode === 'real' && round.status === 'settled') {
      const answer = await calls.sendNow(`${round.id}:w`);
      if (answer?.kind === 'ok') balance = minorBalance(s, answer.body.balance);
    }
    if (balance === null) balance = await balanceOf(s).catch(() => null);
    const [fresh] = await db.select().from(studioRounds).where(eq(studioRounds.id, round.id));
    return { round: await views.view(fresh ?? round), balance };
  }

  /**
   * A bet the wallet took but the studio could not record (a database failure, a nonce taken by another
   * instance): cancel it, queued when possible, else sent once directly; then fail the request.
   */
  async function undoBet(s: SessionRow, roundId: string, k: number, error: unknown): Promise<never> {
    const [call] = rollbackCalls(s, roundId, k + 1).slice(k);
    try {
      await db.insert(studioWalletCalls).values(call!).onConflictDoNothing();
      await calls.sendNow(call!.transactionId);
    } catch {
      await wallet.callRaw('rollback', call!.body).catch(() => undefined);
    }
    log.error({ err: error, roundId }, 'studio could not record a round after its bet; the bet was rolled back');
    if (error instanceof StudioError) throw error;
    throw unavailable();
  }

  async function rollBack(s: SessionRow, roundId: string, bets: number): Promise<never> {
    for (const c of rollbackCalls(s, roundId, bets)) await calls.sendNow(c.transactionId);
    throw unavailable();
  }

  return {
    async play(s, body) {
      if (!isObject(body)) throw new StudioError(400, 'invalid_request', 'The body must be a JSON object.');
      const adapter = adapters[s.game as GameId];
      const bet = parseBet(s, body.bet, adapter.betDivisor);
      const rawChoice = body.choice;
      if (!isObject(rawChoice) || rawChoice.game !== s.game) {
        throw new StudioError(
          422,
          'invalid_choice',
          `The choice must be an object with game "${s.game}".`,
          'choice.game',
        );
      }
      const choice = engine(() => adapter.parseChoice(rawChoice, bet));
      const owner = ownerOf(s);
      return withLock(owner, async () => {
        if (await views.openOf(s.id)) throw new StudioError(409, 'round_open', 'Finish the open round first.');
        const pair = await activePair(owner);
        const rng = new FairStream({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce });
        const step = engine(() => adapter.start(bet, choice, rng));
        const roundId = randomUUID();
        const row = (status: RoundRow['status'], st: Step) => ({
          id: roundId,
          sessionId: s.id,
          owner,
          game: s.game,
          status,
          bet: st.stake,
          payout: status === 'settled' ? st.payout : 0n,
          bets: 1,
          seedPairId: pair.id,
          nonce: pair.nonce,
          clientSeed: pair.clientSeed,
          choice,
          state: encode(st.state),
          settledAt: status === 'open' ? null : new Date(),
        });
        const status = step.done ? 'settled' : 'open';
        const advance = (tx: Db) =>
          tx
            .update(studioSeedPairs)
            .set({ nonce: sql`${studioSeedPairs.nonce} + 1` })
            .where(and(eq(studioSeedPairs.id, pair.id), eq(studioSeedPairs.nonce, pair.nonce)))
            .returning({ id: studioSeedPairs.id });

        if (s.mode === 'demo') {
          const result = await db.transaction(async (tx) => {
            const [debited] = await tx
              .update(studioSessions)
              .set({ demoBalance: sql`${studioSessions.demoBalance} - ${bet} + ${step.done ? step.payout : 0n}` })
              .where(and(eq(studioSessions.id, s.id), sql`${studioSessions.demoBalance} >= ${bet}`))
              .returning({ balance: studioSessions.demoBalance });
            if (!debited) throw new StudioError(402, 'insufficient_funds', 'Not enough balance for this bet.', 'bet');
            if ((await advance(tx as unknown as Db)).length === 0) throw new StudioError(409, 'conflict', 'Try again.');
            const [r] = await tx.insert(studioRounds).values(row(status, step)).returning();
            return { round: r!, balance: String(debited.balance) };
          });
          return { round: await views.view(result.round), balance: result.balance };
        }

        await armGuard(db, s, roundId, 0);
        let answer: SeamlessAnswer<'bet'>;
        try {
          answer = await wallet.call('bet', {
            token: walletToken(s),
            transactionId: betTx(roundId, 0),
            roundId,
            amount: toMajorString(bet, s.currency),
            currency: s.currency,
            gameId: s.game,
          });
        } catch (e) {
          if (!(e instanceof SeamlessUnavailable)) throw e;
          // Not answered: the bet may or may not have landed. Cancel it (retried until the wallet answers).
          await db.transaction(async (tx) => {
            await advance(tx as unknown as Db);
            await tx.insert(studioRounds).values(row('rolled_back', step));
            await queueRollbacks(tx as unknown as Db, rollbackCalls(s, roundId, 1));
          });
          return rollBack(s, roundId, 1);
        }
        if (answer.kind === 'refused') {
          await disarmGuard(db, roundId, 0);
          throw refusal(answer);
        }
        const saved = await db
          .transaction(async (tx) => {
            await keepBet(tx as unknown as Db, roundId, 0);
            await advance(tx as unknown as Db);
            const [r] = await tx.insert(studioRounds).values(row(status, step)).returning();
            if (step.done) await tx.insert(studioWalletCalls).values(winCall(s, r!, step.payout));
            return r!;
          })
          .catch((e) => undoBet(s, roundId, 0, e));
        return finish(s, saved, minorBalance(s, answer.body.balance));
      });
    },

    async act(s, roundId, body) {
      if (!isObject(body)) throw new StudioError(400, 'invalid_request', 'The body must be a JSON object.');
      if (typeof body.action !== 'string') throw new StudioError(422, 'invalid_action', 'Name an action.', 'action');
      if (body.tile !== undefined && (typeof body.tile !== 'number' || !Number.isInteger(body.tile))) {
        throw new StudioError(422, 'invalid_action', 'The tile is a whole number from 0 to 24.', 'tile');
      }
      const action: StoredAction =
        body.tile === undefined ? { action: body.action } : { action: body.action, tile: body.tile as number };
      if (!/^[0-9a-f-]{36}$/.test(roundId)) throw new StudioError(404, 'round_not_found', 'Unknown round.');
      const owner = ownerOf(s);
      return withLock(owner, async () => {
        const [r] = await db
          .select()
          .from(studioRounds)
          .where(and(eq(studioRounds.id, roundId), eq(studioRounds.sessionId, s.id)));
        if (!r) throw new StudioError(404, 'round_not_found', 'Unknown round.');
        if (r.status !== 'open') throw new StudioError(409, 'round_finished', 'This round is over.');
        const adapter = adapters[r.game as GameId];
        if (!adapter.act) throw new StudioError(422, 'invalid_action', 'This game has no actions.', 'action');
        if (action.action === 'reveal' && action.tile === undefined) {
          throw new StudioError(422, 'invalid_action', 'Name the tile to reveal.', 'tile');
        }
        const [pair] = await db.select().from(studioSeedPairs).where(eq(studioSeedPairs.id, r.seedPairId));
        const seeds = { serverSeed: pair!.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce };
        const step = engine(() => adapter.act!(decode(r.state), action, seeds));
        const extra = step.stake - r.bet;
        const update = (tx: Db, bets: number) =>
          tx
            .update(studioRounds)
            .set({
              state: encode(step.state),
              bet: step.stake,
              bets,
              status: step.done ? 'settled' : 'open',
              payout: step.done ? step.payout : 0n,
              settledAt: step.done ? new Date() : null,
              actions: [...(r.actions as unknown[]), action],
            })
            .where(and(eq(studioRounds.id, r.id), eq(studioRounds.status, 'open'), eq(studioRounds.bets, r.bets)))
            .returning();

        if (s.mode === 'demo') {
          const result = await db.transaction(async (tx) => {
            const [moved] = await tx
              .update(studioSessions)
              .set({ demoBalance: sql`${studioSessions.demoBalance} - ${extra} + ${step.done ? step.payout : 0n}` })
              .where(and(eq(studioSessions.id, s.id), sql`${studioSessions.demoBalance} >= ${extra}`))
              .returning({ balance: studioSessions.demoBalance });
            if (!moved) throw new StudioError(402, 'insufficient_funds', 'Not enough balance for this bet.', 'action');
            const [u] = await update(tx as unknown as Db, r.bets + (extra > 0n ? 1 : 0));
            if (!u) throw new StudioError(409, 'conflict', 'Try again.');
            return { round: u, balance: String(moved.balance) };
          });
          return { round: await views.view(result.round, pair), balance: result.balance };
        }

        let balance: string | null = null;
        let bets = r.bets;
        if (extra > 0n) {
          await armGuard(db, s, r.id, r.bets);
          let answer: SeamlessAnswer<'bet'>;
          try {
            answer = await wallet.call('bet', {
              token: walletToken(s),
              transactionId: betTx(r.id, r.bets),
              roundId: r.id,
              amount: toMajorString(extra, s.currency),
              currency: s.currency,
              gameId: s.game,
            });
          } catch (e) {
            if (!(e instanceof SeamlessUnavailable)) throw e;
            // The whole round is cancelled: every bet of it, the unanswered one included.
            await db.transaction(async (tx) => {
              await tx
                .update(studioRounds)
                .set({ status: 'rolled_back', bets: r.bets + 1, settledAt: new Date() })
                .where(eq(studioRounds.id, r.id));
              await queueRollbacks(tx as unknown as Db, rollbackCalls(s, r.id, r.bets + 1));
            });
            return rollBack(s, r.id, r.bets + 1);
          }
          if (answer.kind === 'refused') {
            await disarmGuard(db, r.id, r.bets);
            throw refusal(answer);
          }
          balance = minorBalance(s, answer.body.balance);
          bets += 1;
        }
        const saved = await db
          .transaction(async (tx) => {
            if (extra > 0n) await keepBet(tx as unknown as Db, r.id, r.bets);
            const [u] = await update(tx as unknown as Db, bets);
            if (!u) throw new StudioError(409, 'conflict', 'The round changed meanwhile; try again.');
            if (step.done) await tx.insert(studioWalletCalls).values(winCall(s, u, step.payout));
            return u;
          })
          .catch((e) => (extra > 0n ? undoBet(s, r.id, r.bets, e) : Promise.reject(e)));
        return finish(s, saved, balance);
      });
    },
  };
}
