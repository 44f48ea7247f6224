import { TournamentType } from '@croupier/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRetentionConsumer, RETENTION_CHANNEL, type RetentionEvent } from '../../src/modules/retention/events.ts';
import { createTournaments } from '../../src/modules/retention/tournaments/index.ts';
import { tournamentEntries } from '../../src/modules/retention/tournaments/schema.ts';
import { seededRates } from '../../src/modules/settings/rates/index.ts';
import type { OutboxMessage } from '../../src/outbox/index.ts';
import { databaseKind } from '../harness.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { running } from './tournaments-helpers.ts';

// Tournament points through the retention consumer (issue 13 §7) under duplicate and reordered deliveries:
// the same event twice (alone, in a page, or re-sent by the provider under a new event id) counts once, and
// players' events interleaved in any order give the same points as in order.

let t: SeamlessTestApp;
beforeAll(async () => {
  t = await createSeamlessTestApp();
}, 180_000);
afterAll(() => t.close(), 60_000);

let nextId = 5_000_000n;
const message = (event: RetentionEvent): OutboxMessage => ({
  id: nextId++,
  channel: RETENTION_CHANNEL,
  event: event.kind,
  data: event,
  createdAt: new Date(),
});
const player = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function game(kind: RetentionEvent['kind'], playerId: string, roundId: string, amount: string): RetentionEvent {
  const base = {
    playerId,
    accountId: player(999),
    currency: 'EUR',
    amount,
    gameId: 'acme-slot-1',
    providerId: 'acme',
    roundId,
    transactionId: `${roundId}:${kind}`,
    at: new Date().toISOString(),
  };
  if (kind === 'game.bet') return { ...base, kind, real: amount, bonus: '0' };
  // A rollback names the bet it cancels (decision 0093).
  if (kind === 'game.rollback') return { ...base, kind, betTransactionId: `${roundId}:game.bet` };
  return { ...base, kind } as RetentionEvent;
}

const pointsOf = async (tournamentId: string, playerId: string) => {
  const [row] = await t.database.db
    .select({ points: tournamentEntries.points })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.playerId, playerId)));
  return row?.points ?? null;
};

describe(`tournament consumer under duplicate and reordered events (${databaseKind})`, { timeout: 120_000 }, () => {
  it('counts each event once and the same totals whatever the order across players', async () => {
    const byStake = await running(t, { prizes: [] });
    const byMultiplier = await running(t, { type: TournamentType.multiplier, prizes: [] });
    const feature = createTournaments({
      config: t.config,
      db: t.database.db,
      send: async () => null,
      rates: seededRates(),
      now: () => new Date(),
    });
    const consumer = createRetentionConsumer(t.database.db, [feature.handler], `tournament-order-${Date.now()}`);
    const [a, b, c] = [player(31), player(32), player(33)];
    const betA = message(game('game.bet', a, 'ra', '200'));
    const winA = message(game('game.win', a, 'ra', '1000'));
    const betB = message(game('game.bet', b, 'rb', '300'));
    const refundB = message(game('game.rollback', b, 'rb', '300'));
    const betB2 = message(game('game.bet', b, 'rb2', '100'));

    // B's bet before A's; A's bet again alone and inside the next page; the win and refund interleaved.
    await consumer.publishBatch!([betB, betA]);
    await consumer.publish(betA);
    await consumer.publishBatch!([refundB, winA, betA]);
    await consumer.publish(winA);
    // The provider re-sends B's refund: a new event id, the same round, nothing left to refund.
    await consumer.publish(message(game('game.rollback', b, 'rb', '300')));
    await consumer.publish(betB2);
    await consumer.publish(betB2);

    // By stake (hundredths, rate 1): A 2.00; B 3.00 refunded, then 1.00.
    expect(await pointsOf(byStake.id, a)).toBe(200n);
    expect(await pointsOf(byStake.id, b)).toBe(100n);
    // By multiplier: A's 10.00 on a 2.00 stake is ×5, once; B never won.
    expect(await pointsOf(byMultiplier.id, a)).toBe(500n);
    expect(await pointsOf(byMultiplier.id, b)).toBe(0n);

    // A rollback that comes before its bet finds no round and is ignored (as loyalty does); the bet counts.
    await consumer.publish(message(game('game.rollback', c, 'rc', '50')));
    await consumer.publish(message(game('game.bet', c, 'rc', '50')));
    expect(await pointsOf(byStake.id, c)).toBe(50n);
  });
});
