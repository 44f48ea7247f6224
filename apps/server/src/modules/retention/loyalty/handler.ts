import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { RatesSource } from '../../settings/index.ts';
import type { BetEvent, Delivered, RetentionHandler, RollbackEvent } from '../events.ts';
import { pointsForStake } from './points.ts';
import { publishAccount } from './publish.ts';
import { loyaltyBets } from './schema.ts';
import { addPoints, levelsOf, programOf } from './store.ts';

// Loyalty's reaction to the money path's events (decision 0059). A bet's real-money stake earns points; a
// rollback takes back exactly what its bet earned (decision 0093: the bet's row, deleted once), so a bet that
// was never seen, or earned nothing, costs nothing. The consumer already applies each event once.

async function changePoints(tx: Db, playerId: string, delta: bigint, at: Date): Promise<void> {
  if (delta === 0n) return;
  const account = await addPoints(tx, playerId, delta, at);
  const before = account.points - delta < 0n ? 0n : account.points - delta;
  await publishAccount(tx, account, before, await levelsOf(tx));
}

async function onBet(tx: Db, rates: RatesSource, e: BetEvent): Promise<void> {
  const points = pointsForStake(BigInt(e.real), e.currency, e.gameId, await programOf(tx), rates);
  if (points <= 0n) return;
  await tx
    .insert(loyaltyBets)
    .values({
      providerId: e.providerId,
      roundId: e.roundId,
      transactionId: e.transactionId,
      playerId: e.playerId,
      points,
    })
    .onConflictDoNothing();
  await changePoints(tx, e.playerId, points, new Date(e.at));
}

async function onRollback(tx: Db, e: RollbackEvent): Promise<void> {
  if (!e.betTransactionId) return;
  const [bet] = await tx
    .delete(loyaltyBets)
    .where(
      and(
        eq(loyaltyBets.providerId, e.providerId),
        eq(loyaltyBets.roundId, e.roundId),
        eq(loyaltyBets.transactionId, e.betTransactionId),
      ),
    )
    .returning({ points: loyaltyBets.points });
  if (bet) await changePoints(tx, e.playerId, -bet.points, new Date(e.at));
}

export function loyaltyHandler(rates: RatesSource): RetentionHandler {
  return {
    name: 'loyalty',
    async handle(tx: Db, { event }: Delivered) {
      if (event.kind === 'game.bet') await onBet(tx, rates, event);
      else if (event.kind === 'game.rollback') await onRollback(tx, event);
    },
  };
}
