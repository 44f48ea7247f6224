import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_CHANNEL } from '../../src/modules/reporting/index.ts';
import { MemoryPublisher } from '../../src/outbox/index.ts';
import { databaseKind } from '../harness.ts';
import { card, deposit, paymentPlayer, WEBHOOK_SECRET } from '../payment/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';

// REPORTS_ENABLED=false (decision 0121), the wallet bench's baseline: game movements write no ledger event and no
// consumer keeps rollups.

let t: SeamlessTestApp;
const recorder = new MemoryPublisher({ internal: true });

beforeAll(async () => {
  t = await createSeamlessTestApp({}, { REPORTS_ENABLED: 'false', PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET });
  t.app.outbox.addPublisher(recorder);
});
afterAll(() => t.close());

describe(`reports off (${databaseKind})`, () => {
  it('bets and wins write no ledger event; a deposit leaves the rollups empty', async () => {
    const p = await paymentPlayer(t);
    expect((await deposit(t, p, card('4242 4242 4242 4242', 20))).status).toBe(200);
    const token = await t.launch(p.playerId);
    const round = `off-${Date.now()}`;
    const body = { token, roundId: round, currency: 'EUR' };
    expect((await t.seamless('bet', { ...body, transactionId: `${round}:b`, amount: '2.00' })).json.status).toBe('OK');
    expect((await t.seamless('win', { ...body, transactionId: `${round}:w`, amount: '1.00' })).json.status).toBe('OK');
    await t.app.outbox.drain();
    const games = recorder.published.filter(
      (m) => m.channel === LEDGER_CHANNEL && (m.data as { type: string }).type.startsWith('game.'),
    );
    expect(games).toEqual([]);
    const figures = await t.database.db.execute(sql`select count(*)::int as n from reporting.daily_figures`);
    expect((figures as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
