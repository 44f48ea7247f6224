import type { SeamlessRollbackRequest, SeamlessWinRequest } from '@croupier/contracts';
import { toMajorString } from '@croupier/contracts/reference/money';
import { type SessionRow, walletToken } from './sessions.ts';

// A round's wallet transaction ids derive from the round (`<round>:b<k>`, `:w`, `:rb<k>`): every retry is a replay.
export const betTx = (roundId: string, k: number) => `${roundId}:b${k}`;

/** The round's one win (0 for a loss), closing it; as a wallet_calls row. */
export const winCall = (s: SessionRow, r: { id: string }, payout: bigint) => {
  const transactionId = `${r.id}:w`;
  const body = JSON.stringify({
    token: walletToken(s),
    transactionId,
    roundId: r.id,
    betTransactionId: betTx(r.id, 0),
    amount: toMajorString(payout, s.currency),
    currency: s.currency,
    closeRound: true,
  } satisfies SeamlessWinRequest);
  return { transactionId, kind: 'win' as const, roundId: r.id, body };
};

/** Rollbacks of the round's first `bets` bets; as wallet_calls rows. */
export const rollbackCalls = (s: SessionRow, roundId: string, bets: number) =>
  Array.from({ length: bets }, (_, k) => ({
    transactionId: `${roundId}:rb${k}`,
    kind: 'rollback' as const,
    roundId,
    body: JSON.stringify({
      token: walletToken(s),
      transactionId: `${roundId}:rb${k}`,
      rollbackTransactionId: betTx(roundId, k),
      roundId,
    } satisfies SeamlessRollbackRequest),
  }));
