import { SeamlessError } from './errors.ts';
import type { MovementContext } from './movement-types.ts';
import { ROUND } from './statements.ts';

interface RoundRow {
  playerId: string;
  currency: string;
  status: 'open' | 'settled' | 'rolled_back';
  winTotal: bigint;
}

/**
 * Why a round statement matched nothing, as the protocol's error. Runs only on the refusal path; another
 * player's round is answered like a missing one, so ids of other players' rounds reveal nothing.
 */
export async function refuseRound(ctx: MovementContext, roundId: string, kind: 'bet' | 'win'): Promise<never> {
  const [round] = await ctx.sql.query<RoundRow>(ROUND, [ctx.session.providerId, roundId]);
  const accountId = ctx.account.id;
  if (!round || round.playerId !== ctx.session.playerId) {
    if (kind === 'bet')
      throw new SeamlessError('INVALID_REQUEST', `Round ${roundId} belongs to another player`, accountId);
    throw new SeamlessError('BET_NOT_FOUND', `No bet in round ${roundId}`, accountId);
  }
  if (round.currency !== ctx.session.currency) {
    throw new SeamlessError('CURRENCY_MISMATCH', `Round ${roundId} plays in ${round.currency}`, accountId);
  }
  if (round.status === 'settled') throw new SeamlessError('INVALID_REQUEST', `Round ${roundId} is settled`, accountId);
  if (round.status === 'rolled_back')
    throw new SeamlessError('BET_NOT_FOUND', `Round ${roundId} was rolled back`, accountId);
  throw new SeamlessError(
    'BET_NOT_FOUND',
    `The named bet is not a live bet of this account in round ${roundId}`,
    accountId,
  );
}
