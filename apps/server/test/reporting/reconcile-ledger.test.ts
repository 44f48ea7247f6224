import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileWithin } from '../../src/modules/reporting/reconcile/run.ts';
import { lastReconciliation } from '../../src/modules/reporting/reconcile/store.ts';
import { ledgerTotals } from '../../src/modules/wallet/index.ts';
import { databaseKind } from '../harness.ts';
import type { SeamlessTestApp } from '../seamless/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from '../staff/helpers.ts';
import {
  bet,
  exec,
  type Gamer,
  gamer,
  reconcileNow,
  reconcileTestApp,
  rollback,
  rowsOf,
  sql,
  today,
  win,
  withdrawalOf,
} from './reconcile-helpers.ts';

// Reconciliation against hand-written rollups (decision 0121): with the reports off, the money path writes no
// ledger event and no consumer keeps a rollup, so the rows the test writes are the only ones, computed by hand
// from a scenario. The ledger's side must agree with them to the cent, and a changed row is one finding.

let t: SeamlessTestApp;
let owner: TestStaff;
let p: Gamer;
const day = today();

beforeAll(async () => {
  ({ t, owner } = await reconcileTestApp({ REPORTS_ENABLED: 'false' }));
  // Deposit 50.00; a round of 10.00 paying 4.00; a bet of 5.00 rolled back; a lost round of 2.00; withdraw 20.00.
  p = await gamer(t, 50);
  const b1 = await bet(t, p, 'r1', '10.00');
  expect((await win(t, p, 'r1', '4.00', b1.transactionId)).status).toBe('OK');
  const b2 = await bet(t, p, 'r2', '5.00');
  expect((await rollback(t, p, 'r2', b2.transactionId!)).status).toBe('OK');
  await bet(t, p, 'r3', '2.00');
  expect((await win(t, p, 'r3', '0', undefined)).status).toBe('OK');
  await withdrawalOf(t, p, 20);
  // A development credit is no figure of any report.
  await t.call('POST', '/api/dev/wallet/credit', { body: { playerId: p.playerId, currency: 'EUR', amount: 7 } });
  // Transfers write their ledger events even with the reports off (nobody consumes them): once they are delivered
  // no run takes them for movements still waiting for the consumer.
  await t.app.outbox.drain();
});
afterAll(() => t.close());

/** The rollups as the consumer would have written them, by hand. */
async function writeRollups() {
  for (const table of ['daily_figures', 'daily_games', 'monthly_games', 'daily_players']) {
    await exec(t, sql`delete from ${sql.raw(`reporting.${table}`)}`);
  }
  await exec(
    t,
    sql`insert into reporting.daily_figures (day, currency, deposits, deposit_count, withdrawals, withdrawal_count, bets,
          wins, bonus_cost, adjustments, active_players, new_players, first_deposits)
        values (${day}, 'EUR', 5000, 1, 2000, 1, 1200, 400, 0, 0, 1, 1, 1)`,
  );
  await exec(
    t,
    sql`insert into reporting.daily_games (day, game_id, provider_id, currency, rounds, stakes, payouts, real_stakes,
          real_payouts)
        values (${day}, 'slot-1', 'acme', 'EUR', 2, 1200, 400, 1200, 400)`,
  );
  // Its month, as the consumer keeps it with the day.
  await exec(
    t,
    sql`insert into reporting.monthly_games (month, game_id, provider_id, currency, rounds, stakes, payouts,
          real_stakes, real_payouts)
        values (date_trunc('month', ${day}::date)::date, 'slot-1', 'acme', 'EUR', 2, 1200, 400, 1200, 400)`,
  );
  await exec(
    t,
    sql`insert into reporting.daily_players (day, player_id, currency, bets, wins, deposits, withdrawals, stake_count)
        values (${day}, ${p.playerId}, 'EUR', 1200, 400, 5000, 2000, 2)`,
  );
}

describe(`reconciliation against hand-written rollups (${databaseKind})`, () => {
  it('the ledger face sums the day per kind, per game and per player; a rollback names the real stake it refunded', async () => {
    const totals = await ledgerTotals(t.database.db, { from: day, to: day });
    const byKind = Object.fromEntries(totals.days.map((d) => [d.kind, d]));
    expect(byKind['payment.deposit']).toMatchObject({ real: 5000n, movements: 1, players: 1 });
    expect(byKind['game.bet']).toMatchObject({ real: -1700n, movements: 3, gameAmount: 1700n });
    expect(byKind['game.rollback']).toMatchObject({ real: 500n, refundedReal: 500n, movements: 1, gameAmount: 500n });
    expect(byKind['game.win']).toMatchObject({ real: 400n, movements: 1, gameAmount: 400n });
    expect(byKind['payment.withdrawal.settle']).toMatchObject({ locked: -2000n, movements: 1 });
    expect(byKind['dev.credit']).toMatchObject({ real: 700n });
    expect(totals.games.map((g) => [g.kind, g.gameId, g.providerId, g.movements])).toEqual([
      ['game.bet', 'slot-1', 'acme', 3],
      ['game.rollback', 'slot-1', 'acme', 1],
      ['game.win', 'slot-1', 'acme', 1],
    ]);
    expect(totals.players.every((r) => r.playerId === p.playerId)).toBe(true);
    // A movement left out (its event not applied yet, say) is not counted.
    const bets = await rowsOf<{ id: string; account_id: string }>(
      t,
      sql`select t.id, e.account_id from wallet.transactions t join wallet.entries e on e.transaction_id = t.id
           join wallet.accounts a on a.id = e.account_id and a.owner_kind = 'player' where t.kind = 'game.bet' limit 1`,
    );
    const less = await ledgerTotals(t.database.db, { from: day, to: day }, [
      { ledgerId: bets[0]!.id, accountId: bets[0]!.account_id },
    ]);
    expect(less.days.find((d) => d.kind === 'game.bet')?.movements).toBe(2);
  });

  it('finds nothing when the rollups are right, and exactly the figure a changed row holds', async () => {
    await writeRollups();
    const clean = await reconcileNow(t, owner);
    expect(clean.findings).toEqual([]);
    expect(clean.run).toMatchObject({ findings: 0, finishedAt: expect.any(String) });
    expect(clean.run.compared).toBeGreaterThan(15);

    await exec(t, sql`update reporting.daily_figures set bets = bets + 1 where day = ${day} and currency = 'EUR'`);
    const tampered = await reconcileNow(t, owner);
    expect(tampered.run.findings).toBe(1);
    expect(tampered.lastRunId).toBe(tampered.run.id);
    expect(tampered.findings).toEqual([
      expect.objectContaining({
        figure: 'daily.bets',
        date: day,
        currency: 'EUR',
        key: null,
        rollup: '1201',
        ledger: '1200',
      }),
    ]);
    // Nothing was fixed: the row still says what it said.
    const [row] = await rowsOf<{ bets: string }>(
      t,
      sql`select bets::text from reporting.daily_figures where day = ${day}`,
    );
    expect(row!.bets).toBe('1201');
  });

  it('a game row and a player row are compared per key; a missing row is a difference of each figure', async () => {
    await writeRollups();
    await exec(t, sql`update reporting.daily_games set payouts = 300 where day = ${day}`);
    await exec(t, sql`update reporting.daily_players set stake_count = 3 where day = ${day}`);
    const found = await reconcileNow(t, owner);
    expect(found.findings.map((f) => [f.figure, f.key, f.rollup, f.ledger])).toEqual([
      // The month no longer sums its days either (month row 400, days 300).
      ['games-monthly.payouts', 'slot-1', '400', '300'],
      ['games.payouts', 'slot-1', '300', '400'],
      ['players.stakeCount', p.playerId, '3', '2'],
    ]);

    // The day's games row gone, and its month with it (else the month is a finding of its own: next test).
    await exec(t, sql`delete from reporting.daily_games`);
    await exec(t, sql`delete from reporting.monthly_games`);
    const missing = await reconcileNow(t, owner);
    expect(missing.findings.map((f) => [f.figure, f.rollup, f.ledger])).toEqual([
      ['games.payouts', '0', '400'],
      ['games.realPayouts+bonusCost', '0', '400'],
      ['games.realStakes', '0', '1200'],
      ['games.rounds', '0', '2'],
      ['games.stakes', '0', '1200'],
      ['players.stakeCount', '3', '2'],
    ]);
  });

  it('a month of the games that is not the sum of its days is a `games-monthly` finding, the days left alone', async () => {
    await writeRollups();
    await exec(t, sql`update reporting.monthly_games set rounds = rounds + 1, stake_squares = 7`);
    const found = await reconcileNow(t, owner);
    const month = `${day.slice(0, 7)}-01`;
    expect(found.findings.map((f) => [f.figure, f.date, f.currency, f.key, f.rollup, f.ledger])).toEqual([
      ['games-monthly.rounds', month, 'EUR', 'slot-1', '3', '2'],
      ['games-monthly.stakeSquares', month, 'EUR', 'slot-1', '7', '0'],
    ]);
    // A month row with no day under it at all is one too.
    await exec(t, sql`delete from reporting.daily_games`);
    const orphan = await reconcileNow(t, owner);
    expect(orphan.findings.filter((f) => f.figure === 'games-monthly.stakes')).toEqual([
      expect.objectContaining({ date: month, key: 'slot-1', rollup: '1200', ledger: '0' }),
    ]);
  });

  it('a range with nothing on either side compares nothing; the route refuses a bad range and a finance member', async () => {
    const empty = await reconcileNow(t, owner, '2020-01-01', '2020-01-31');
    expect(empty.run).toMatchObject({ compared: 0, findings: 0 });
    const backwards = await staffRequest(t, owner, 'POST', '/api/backoffice/reports/reconciliation', {
      from: '2020-02-01',
      to: '2020-01-01',
    });
    expect(backwards.status).toBe(422);
    const tooLong = await staffRequest(t, owner, 'POST', '/api/backoffice/reports/reconciliation', {
      from: '2020-01-01',
      to: '2021-01-01',
    });
    expect(tooLong.status).toBe(422);
    const finance = await signedInStaff(t, 'finance');
    const refused = await staffRequest(t, finance, 'POST', '/api/backoffice/reports/reconciliation', {
      from: day,
      to: day,
    });
    expect(refused.status).toBe(403);
    const reads = await staffRequest(t, finance, 'GET', '/api/backoffice/reports/reconciliation');
    expect(reads.status).toBe(200);
    expect(reads.json.data.lastRun).toMatchObject({ from: '2020-01-01', to: '2020-01-31' });
  });

  it('a run that takes longer than the answer may wait is answered unfinished, and goes on to the end', async () => {
    const errors: unknown[] = [];
    const log = { error: (obj: unknown) => void errors.push(obj) };
    const run = await reconcileWithin(t.database.db, { from: '2024-01-01', to: '2024-12-31' }, 0, log);
    expect(run).toMatchObject({ from: '2024-01-01', to: '2024-12-31', finishedAt: null });
    let last = await lastReconciliation(t.database.db);
    for (let i = 0; i < 200 && !last.lastRun?.finishedAt; i++) {
      await new Promise((r) => setTimeout(r, 50));
      last = await lastReconciliation(t.database.db);
    }
    expect(last.lastRun).toMatchObject({ id: run.id, finishedAt: expect.any(String), compared: 0, findings: 0 });
    expect(errors).toEqual([]);
  });
});
