import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/db/client.ts';
import {
  createRetentionConsumer,
  type Delivered,
  RETENTION_CHANNEL,
  type RetentionEvent,
  type RetentionHandler,
} from '../../src/modules/retention/events.ts';
import { loyaltyHandler } from '../../src/modules/retention/loyalty/handler.ts';
import { seedLoyalty } from '../../src/modules/retention/loyalty/seed.ts';
import { seededRates } from '../../src/modules/settings/rates/index.ts';
import { createOutboxDispatcher, enqueue, type OutboxMessage } from '../../src/outbox/index.ts';
import { databaseKind, freshDatabase } from '../harness.ts';

// The retention consumer (decision 0058) under duplicate, failing and reordered deliveries: each event's
// effect applied once, a failing page retried event by event, and loyalty right whatever the order.

let database: Database;
let drop: () => Promise<void>;
let db: Db;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  db = database.db;
  await seedLoyalty(db);
});
afterAll(async () => {
  await database.close();
  await drop();
});

let nextId = 1_000_000n;
const message = (event: RetentionEvent): OutboxMessage => ({
  id: nextId++,
  channel: RETENTION_CHANNEL,
  event: event.kind,
  data: event,
  createdAt: new Date(),
});
const profile = (playerId: string): RetentionEvent => ({
  kind: 'profile.completed',
  playerId,
  at: new Date().toISOString(),
});

/** A handler that records what it applied, in the consumer's transaction, and can be told to fail. */
function recorder(fails: (d: Delivered) => boolean = () => false) {
  const seen: bigint[] = [];
  const handler: RetentionHandler = {
    name: 'recorder',
    async handle(_tx, d) {
      if (fails(d)) throw new Error('handler failed');
      seen.push(d.id);
    },
  };
  return { handler, seen };
}

const processed = async (consumer: string) => {
  const r = await db.execute(
    sql`select count(*)::int as n from retention.processed_events where consumer = ${consumer}`,
  );
  return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

const processedIds = async (consumer: string) => {
  const r = await db.execute(
    sql`select event_id from retention.processed_events where consumer = ${consumer} order by event_id`,
  );
  return (r as unknown as { rows: { event_id: bigint | string }[] }).rows.map((row) => BigInt(row.event_id));
};

const player = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function game(kind: 'game.bet' | 'game.rollback', playerId: string, roundId: string, amount: string): RetentionEvent {
  const base = {
    playerId,
    accountId: player(999),
    currency: 'EUR',
    amount,
    gameId: 'neon-fruits',
    providerId: 'croupier',
    roundId,
    transactionId: `${roundId}:${kind}`,
    at: new Date().toISOString(),
  };
  if (kind === 'game.bet') return { ...base, kind, real: amount, bonus: '0' };
  // A rollback names the bet it cancels (decision 0093).
  return { ...base, kind, betTransactionId: `${roundId}:game.bet`, real: amount, bonus: '0' };
}

const pointsOf = async (playerId: string) => {
  const r = await db.execute(
    sql`select points::text as p from retention.loyalty_accounts where player_id = ${playerId}`,
  );
  const row = (r as unknown as { rows: { p: string }[] }).rows[0];
  return row ? Number(row.p) / 100 : 0;
};

describe(`retention consumer (${databaseKind})`, () => {
  it('applies an event once when it is delivered twice, alone or in a page', async () => {
    const { handler, seen } = recorder();
    const consumer = createRetentionConsumer(db, [handler], 'dup');
    const a = message(profile(player(1)));
    const b = message(profile(player(2)));
    await consumer.publishBatch!([a, b]);
    await consumer.publish(a);
    await consumer.publishBatch!([b, a]);
    expect(seen).toEqual([a.id, b.id]);
    expect(await processed('dup')).toBe(2);
  });

  it('rolls a failing page back whole, then the dispatcher applies it event by event', async () => {
    let broken = true;
    const { handler, seen } = recorder((d) => broken && (d.event as { playerId: string }).playerId === player(12));
    const consumer = createRetentionConsumer(db, [handler], 'paged');
    const dispatcher = createOutboxDispatcher({ db, database, publishers: [consumer] });
    const ids: bigint[] = [];
    for (const n of [11, 12, 13]) {
      await enqueue(db, { channel: RETENTION_CHANNEL, event: 'profile.completed', data: profile(player(n)) });
    }
    const r = await db.execute(sql`select id from outbox.events where channel = ${RETENTION_CHANNEL} order by id`);
    for (const row of (r as unknown as { rows: { id: bigint | string }[] }).rows) ids.push(BigInt(row.id));
    try {
      await dispatcher.drain();
      // The page failed as a whole: its first event was tried in the page, rolled back, then applied alone;
      // the bad one holds back its channel, so the third waits behind it.
      expect(seen.filter((id) => id === ids[0])).toHaveLength(2);
      expect(await processedIds('paged')).toEqual([ids[0]]);
      broken = false;
      await dispatcher.drain();
      expect(await processedIds('paged')).toEqual(ids);
      expect(seen.slice(-2)).toEqual([ids[1], ids[2]]);
    } finally {
      await dispatcher.stop();
    }
  });

  it('keeps loyalty right when events come reordered: an unseen round rolled back is ignored', async () => {
    const consumer = createRetentionConsumer(db, [loyaltyHandler(seededRates())], 'loyalty-order');
    const [a, b] = [player(21), player(22)];
    // A's rollback arrives before its bet (across pages); B's events interleave with A's.
    await consumer.publish(message(game('game.rollback', a, 'ra', '10')));
    await consumer.publishBatch!([
      message(game('game.bet', b, 'rb', '2500')),
      message(game('game.bet', a, 'ra', '1000')),
    ]);
    expect(await pointsOf(a)).toBe(10);
    expect(await pointsOf(b)).toBe(25);
    // A rollback of B's bet takes back what that bet earned, once.
    const rollback = message(game('game.rollback', b, 'rb', '5000'));
    await consumer.publish(rollback);
    await consumer.publish(rollback);
    await consumer.publish(message(game('game.rollback', b, 'rb', '5000')));
    expect(await pointsOf(b)).toBe(0);
    expect(await pointsOf(a)).toBe(10);
  });
});
