import type { SeamlessRequestOf } from '@croupier/contracts';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { StudioError } from './errors.ts';
import { studioWalletCalls } from './schema.ts';
import {
  type SeamlessAnswer,
  type SeamlessClient,
  type SeamlessRefusal,
  SeamlessUnavailable,
} from './seamless-client.ts';

type CallRow = typeof studioWalletCalls.$inferSelect;

/** A claimed call is not due again before its attempt has surely ended (the wallet time-out is 5 s). */
const CLAIM_MS = 30_000;

/** Seamless refusals as the player's 4xx. */
export function refusal(answer: SeamlessRefusal): StudioError {
  switch (answer.code) {
    case 'INSUFFICIENT_FUNDS':
      return new StudioError(402, 'insufficient_funds', 'Not enough balance for this bet.', 'bet');
    case 'LIMIT_REACHED':
      return new StudioError(403, 'limit_reached', 'A responsible-gaming limit refuses this bet.', 'bet');
    case 'PLAYER_DISABLED':
      return new StudioError(403, 'player_disabled', 'Your account cannot play now.');
    case 'TOKEN_EXPIRED':
    case 'INVALID_TOKEN':
      return new StudioError(410, 'session_expired', 'The game session has expired: reopen the game.');
    default:
      return new StudioError(409, 'wallet_refused', `The casino refused the request (${answer.code}).`);
  }
}
export const unavailable = () =>
  new StudioError(503, 'wallet_unavailable', 'The casino wallet did not answer; your bet was cancelled.');

export interface WalletCalls {
  /** One direct call; no answer is the player's 503. */
  call<P extends 'balance' | 'bet'>(path: P, body: SeamlessRequestOf<P>): Promise<SeamlessAnswer<P>>;
  /** Sends a queued call now unless already answered; null when it was not (it stays queued). */
  sendNow(transactionId: string): Promise<SeamlessAnswer | null>;
  /** Sends due pending wallet calls once (the retry loop calls it; tests too). */
  retryPending(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

interface CallDeps {
  db: Db;
  wallet: SeamlessClient;
  log: FastifyBaseLogger;
}

/**
 * Claims a queued call for one attempt: counts the attempt and pushes `next_at` past the wallet's time-out,
 * so another instance's loop does not send it meanwhile, and a bet guard can no longer be disarmed.
 * `dueOnly` (the retry loop) claims only a call that is due.
 */
async function claim(db: Db, transactionId: string, dueOnly: boolean): Promise<CallRow | null> {
  const [call] = await db
    .update(studioWalletCalls)
    .set({ attempts: sql`${studioWalletCalls.attempts} + 1`, nextAt: new Date(Date.now() + CLAIM_MS) })
    .where(
      and(
        eq(studioWalletCalls.transactionId, transactionId),
        isNull(studioWalletCalls.doneAt),
        dueOnly ? lte(studioWalletCalls.nextAt, new Date()) : undefined,
      ),
    )
    .returning();
  return call ?? null;
}

/** One attempt at a claimed call; its answer when the wallet answered (done), else null (retried later). */
async function send({ db, wallet, log }: CallDeps, call: CallRow): Promise<SeamlessAnswer | null> {
  try {
    const answer = await wallet.callRaw(call.kind, call.body);
    const outcome = answer.kind === 'ok' ? 'OK' : answer.code;
    if (answer.kind === 'refused')
      log.error({ call: call.transactionId, code: answer.code }, 'studio wallet call refused');
    await db
      .update(studioWalletCalls)
      .set({ outcome, doneAt: new Date() })
      .where(eq(studioWalletCalls.transactionId, call.transactionId));
    return answer;
  } catch (e) {
    if (!(e instanceof SeamlessUnavailable)) throw e;
    const delay = Math.min(60_000, 1000 * 2 ** Math.min(call.attempts - 1, 6));
    await db
      .update(studioWalletCalls)
      .set({ lastError: e.message, nextAt: new Date(Date.now() + delay) })
      .where(eq(studioWalletCalls.transactionId, call.transactionId));
    log.warn({ call: call.transactionId, err: e.message }, 'studio wallet call failed; will retry');
    return null;
  }
}

/** Sends up to 50 due calls, oldest due first; answers how many the wallet answered. */
async function retryDue(d: CallDeps): Promise<number> {
  const due = await d.db
    .select({ transactionId: studioWalletCalls.transactionId })
    .from(studioWalletCalls)
    .where(and(isNull(studioWalletCalls.doneAt), lte(studioWalletCalls.nextAt, new Date())))
    .orderBy(asc(studioWalletCalls.nextAt))
    .limit(50);
  let answered = 0;
  for (const { transactionId } of due) {
    const call = await claim(d.db, transactionId, true);
    if (call && (await send(d, call))) answered += 1;
  }
  return answered;
}

/** The seamless calls of the studio, and the retry loop over the ones persisted in wallet_calls. */
export function createWalletCalls(opts: {
  db: Db;
  wallet: SeamlessClient;
  log: FastifyBaseLogger;
  retryIntervalMs?: number;
}): WalletCalls {
  const { db, wallet, log } = opts;
  const deps: CallDeps = { db, wallet, log };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const retryPending = () => retryDue(deps);

  return {
    async call(path, body) {
      try {
        return await wallet.call(path, body);
      } catch (e) {
        if (e instanceof SeamlessUnavailable) throw unavailable();
        throw e;
      }
    },
    async sendNow(transactionId) {
      const call = await claim(db, transactionId, false);
      return call ? send(deps, call) : null;
    },
    retryPending,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = retryPending()
          .catch((err) => log.error({ err }, 'studio wallet retry failed'))
          .then(() => {
            running = null;
          });
      }, opts.retryIntervalMs ?? 1000);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
