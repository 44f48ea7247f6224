import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';

// Rollback tests (decision 0093): bets left open so the provider can cancel them, the rollback itself, and
// the win that decides a round; the outbox drained so the retention consumer has applied every event.

export interface RollbackTestApp extends SeamlessTestApp {
  /** A bet in an open round (EUR, acme/slot-1 unless `gameId`); answers the bet's transaction id. */
  bet(token: string, roundId: string, amount: string, gameId?: string): Promise<string>;
  /** The provider cancels bet `betId` of `roundId`. */
  rollback(token: string, roundId: string, betId: string): Promise<void>;
  /** A win that closes the round (0: lost). */
  settle(token: string, roundId: string, amount?: string): Promise<void>;
  /** Runs the outbox until empty: the retention consumer has applied every event. */
  drain(): Promise<void>;
}

let seq = 0;
/** A round id of the tests' own. */
export const newRound = () => `rb${++seq}-${Date.now()}`;

export async function createRollbackTestApp(env: Record<string, string> = {}): Promise<RollbackTestApp> {
  const t = await createSeamlessTestApp({}, env);
  let tx = 0;
  return {
    ...t,
    async bet(token, roundId, amount, gameId) {
      const transactionId = `${roundId}:b${++tx}`;
      const res = await t.seamless('bet', {
        token,
        transactionId,
        roundId,
        amount,
        currency: 'EUR',
        ...(gameId ? { gameId } : {}),
      });
      if (res.json?.status !== 'OK') throw new Error(`bet refused: ${JSON.stringify(res.json)}`);
      return transactionId;
    },
    async rollback(token, roundId, betId) {
      const res = await t.seamless('rollback', {
        token,
        transactionId: `${betId}:rb`,
        rollbackTransactionId: betId,
        roundId,
      });
      if (res.json?.status !== 'OK') throw new Error(`rollback refused: ${JSON.stringify(res.json)}`);
    },
    async settle(token, roundId, amount = '0') {
      const res = await t.seamless('win', {
        token,
        transactionId: `${roundId}:w${++tx}`,
        roundId,
        amount,
        currency: 'EUR',
        closeRound: true,
      });
      if (res.json?.status !== 'OK') throw new Error(`win refused: ${JSON.stringify(res.json)}`);
    },
    async drain() {
      await t.app.outbox.drain();
    },
  };
}
