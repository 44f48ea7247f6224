import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { createComplianceConsumer } from '../../src/modules/compliance/consumer.ts';
import { depositDeclinedHook } from '../../src/modules/compliance/events.ts';
import type { ComplianceEvent } from '../../src/modules/compliance/index.ts';
import type { OutboxMessage } from '../../src/outbox/index.ts';
import { createTestApp, databaseKind, type TestApp } from '../harness.ts';
import { rows } from '../wallet/db.ts';

// The compliance consumer (decision 0114): a page of the money path's events applied once with its processed
// rows; a redelivered page changes nothing; the running totals feed the rules.

let t: TestApp;
let db: Db;
let nextId = 1_000_000n;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => t.close());

const message = (channel: string, event: ComplianceEvent): OutboxMessage => ({
  id: nextId++,
  channel,
  event: event.kind,
  data: event,
  createdAt: new Date(),
});
const game = (kind: 'game.bet' | 'game.win' | 'game.rollback', playerId: string, amount: string, at: string) =>
  message('internal:retention', {
    kind,
    playerId,
    accountId: randomUUID(),
    currency: 'EUR',
    amount,
    gameId: 'acme-slot-1',
    providerId: 'acme',
    roundId: randomUUID(),
    transactionId: randomUUID(),
    at,
    ...(kind === 'game.bet' ? { real: amount, bonus: '0' } : {}),
  } as ComplianceEvent);
const flagsOf = (playerId: string) =>
  rows(db, sql`select kind, "window", count, status from compliance.flags where player_id = ${playerId} order by kind`);

describe(`compliance consumer (${databaseKind})`, () => {
  it('applies a page once: a redelivery changes neither the totals nor the flags', async () => {
    const consumer = createComplianceConsumer(db);
    const p = randomUUID();
    // Three days of rising losses: 10, 20, then 30 today.
    const page = [
      game('game.bet', p, '1000', '2026-03-02T10:00:00Z'),
      game('game.bet', p, '2000', '2026-03-03T10:00:00Z'),
      game('game.bet', p, '2500', '2026-03-04T10:00:00Z'),
      game('game.win', p, '500', '2026-03-04T10:01:00Z'),
      game('game.bet', p, '1000', '2026-03-04T10:02:00Z'),
      game('game.rollback', p, '0', '2026-03-04T10:03:00Z'),
    ];
    await consumer.publishBatch!(page.slice(0, 2));
    await consumer.publishBatch!(page.slice(2));
    const days = () =>
      rows(
        db,
        sql`select day::text, staked::text, won::text from compliance.player_days where player_id = ${p} order by day`,
      );
    const before = await days();
    expect(before).toEqual([
      { day: '2026-03-02', staked: '1000', won: '0' },
      { day: '2026-03-03', staked: '2000', won: '0' },
      { day: '2026-03-04', staked: '3500', won: '500' },
    ]);
    expect(await flagsOf(p)).toEqual([{ kind: 'loss_chasing', window: 'EUR:2026-03-04', count: 1, status: 'open' }]);

    await consumer.publishBatch!(page);
    await consumer.publish(page[4]!);
    expect(await days()).toEqual(before);
    expect(await flagsOf(p)).toEqual([{ kind: 'loss_chasing', window: 'EUR:2026-03-04', count: 1, status: 'open' }]);
  });

  it('cycling: deposits withdrawn with little play; then the count starts again', async () => {
    const consumer = createComplianceConsumer(db);
    const p = randomUUID();
    const at = '2026-03-05T09:00:00Z';
    const deposit = (amount: string) =>
      message('internal:retention', {
        kind: 'deposit.succeeded',
        playerId: p,
        accountId: randomUUID(),
        currency: 'EUR',
        amount,
        invoiceId: randomUUID(),
        at,
      });
    const withdrawal = () =>
      message('internal:compliance', { kind: 'withdrawal.requested', playerId: p, currency: 'EUR', at });
    await consumer.publishBatch!([deposit('10000'), game('game.bet', p, '1000', at), withdrawal()]);
    expect(await flagsOf(p)).toEqual([{ kind: 'cycling', window: 'EUR:2026-03-05', count: 1, status: 'open' }]);
    // Nothing deposited since: a second request is no evidence.
    await consumer.publishBatch!([withdrawal()]);
    expect((await flagsOf(p))[0].count).toBe(1);
  });

  it("deposits declined three times in a day: one flag, through the app's own consumer", async () => {
    const p = randomUUID();
    const hook = depositDeclinedHook(() => new Date('2026-03-08T09:00:00Z'));
    const decline = () =>
      db.transaction(async (tx) =>
        hook(tx as unknown as Db, {
          invoiceId: randomUUID(),
          playerId: p,
          currency: 'EUR',
          amount: 1000n,
          reason: 'card_declined',
        }),
      );
    await decline();
    await decline();
    await t.app.outbox.drain();
    expect(await flagsOf(p)).toEqual([]);
    await decline();
    await decline();
    await t.app.outbox.drain();
    expect(await flagsOf(p)).toEqual([{ kind: 'deposits_declined', window: '2026-03-08', count: 1, status: 'open' }]);
  });

  it('large deposit after three ordinary ones; one flag per deposit', async () => {
    const consumer = createComplianceConsumer(db);
    const p = randomUUID();
    const deposit = (amount: string) =>
      message('internal:retention', {
        kind: 'deposit.succeeded',
        playerId: p,
        accountId: randomUUID(),
        currency: 'EUR',
        amount,
        invoiceId: randomUUID(),
        at: '2026-03-06T09:00:00Z',
      });
    await consumer.publishBatch!([deposit('1000'), deposit('1000'), deposit('1000'), deposit('4999')]);
    expect(await flagsOf(p)).toEqual([]);
    await consumer.publishBatch!([deposit('40000')]);
    expect((await flagsOf(p)).map((f) => f.kind)).toEqual(['large_deposit']);
  });

  it('repeated evidence in one window counts on the same flag; a new flag announces the dashboard tile', async () => {
    const consumer = createComplianceConsumer(db);
    const p = randomUUID();
    const near = (used: string) =>
      message('internal:compliance', {
        kind: 'limit.near',
        playerId: p,
        definition: 1,
        period: 'daily',
        currency: 'EUR',
        amount: '1000',
        used,
        at: '2026-03-07T09:00:00Z',
      });
    await consumer.publishBatch!([near('800')]);
    await consumer.publishBatch!([near('850'), near('900')]);
    expect(await flagsOf(p)).toEqual([
      { kind: 'limit_near', window: '1:daily:EUR:2026-03-07', count: 3, status: 'open' },
    ]);
    const tiles = (await t.published('staff:dashboard')).filter(
      (m) => (m.data as { tile?: string }).tile === 'flagsOpen',
    );
    expect(tiles.length).toBeGreaterThan(0);
  });
});
