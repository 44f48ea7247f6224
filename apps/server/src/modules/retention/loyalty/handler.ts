import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { RatesSource } from '../../settings/rates/index.ts';
import type { BetEvent, Delivered, RetentionHandler, RollbackEvent } from '../events.ts';
import { pointsForStake } from './points.ts';
import { publishAccount } from './publish.ts';
import { loyaltyRounds } from './schema.ts';
import { addPoints, levelsOf, programOf } from './store.ts';

// Loyalty's reaction to the money path's events (decision 0059). A bet's real-money stake earns points; a
// rollback of a stake takes back at most what its round earned (a rollback of a round never seen earns or
// costs nothing). The consumer already applies each event once; rounds make rollbacks exact.

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
    .insert(loyaltyRounds)
    .values({ playerId: e.playerId, roundId: e.roundId, points })
    .onConflictDoUpdate({
      target: [loyaltyRounds.playerId, loyaltyRounds.roundId],
      set: { points: sql`${loyaltyRounds.points} + ${points}` },
    });
  await changePoints(tx, e.playerId, points, new Date(e.at));
}

async function onRollback(tx: Db, rates: RatesSource, e: RollbackEvent): Promise<void> {
  const refunded = BigInt(e.amount);
  if (refunded <= 0n) return; // a win undone: stakes are what earn points
  const where = and(eq(loyaltyRounds.playerId, e.playerId), eq(loyaltyRounds.roundId, e.roundId));
  const [round] = await tx.select().from(loyaltyRounds).where(where).for('update');
  if (!round || round.points === 0n) return;
  const computed = pointsForStake(refunded, e.currency, e.gameId, await programOf(tx), rates);
  const back = computed > round.points ? round.points : computed;
  if (back === 0n) return;
  await tx
    .update(loyaltyRounds)
    .set({ points: sql`${loyaltyRounds.points} - ${back}` })
    .where(where);
  await changePoints(tx, e.playerId, -back, new Date(e.at));
}

export function loyaltyHandler(rates: RatesSource): RetentionHandler {
  return {
    name: 'loyalty',
    async handle(tx: Db, { event }: Delivered) {
      if (event.kind === 'game.bet') await onBet(tx, rates, event);
      else if (event.kind === 'game.rollback') await onRollback(tx, rates, event);
    },
  };
}
