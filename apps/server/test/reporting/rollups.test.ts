import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses, codes } from '../../src/modules/bonus/schema.ts';
import { gameProviders, games } from '../../src/modules/game/schema.ts';
import { applyEvents } from '../../src/modules/reporting/apply.ts';
import { createReportingConsumer } from '../../src/modules/reporting/consumer.ts';
import type { LedgerMoved, ReportingEvent } from '../../src/modules/reporting/events.ts';
import { LEDGER_CHANNEL, PLAYERS_CHANNEL } from '../../src/modules/reporting/index.ts';
import type { MoneyRule } from '../../src/modules/wallet/index.ts';
import { RuleRefusal } from '../../src/modules/wallet/index.ts';
import { MemoryPublisher } from '../../src/outbox/index.ts';
import { defineBonus } from '../bonus/helpers.ts';
import { databaseKind } from '../harness.ts';
import {
  card,
  deposit,
  type Player,
  paymentPlayer,
  turnOverOff,
  WEBHOOK_SECRET,
  withdraw,
} from '../payment/helpers.ts';
import { ACME, createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';

// The rollups kept by the reporting consumer (issue 28, decision 0121), driven through the real HTTP API: a
// hand-computed day with a deposit bonus that converts, a rollback, a free spin and a withdrawal, in exact minor
// units; a redelivered page changes nothing; a refused movement writes no ledger event.

let t: SeamlessTestApp;
const recorder = new MemoryPublisher({ internal: true });
/** A money rule refusing stakes of 7.77: a refusal after the claim, inside the movement. */
const refuseSevens: MoneyRule = {
  name: 'refuse-sevens',
  kinds: ['bet'],
  async apply({ movement }) {
    if (movement.amount === 777n) throw new RuleRefusal('limit_reached', 'No sevens');
    return undefined;
  },
};

let matchId: string;
let spinsCode: string;

beforeAll(async () => {
  t = await createSeamlessTestApp({ moneyRules: [refuseSevens] }, { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET });
  t.app.outbox.addPublisher(recorder);
  await turnOverOff(t);
  const db = t.database.db;
  matchId = await defineBonus(t, {
    identity: 'report-match',
    kind: 'deposit',
    wager: '1',
    code: 'RMATCH',
    triggers: [3],
  });
  const [acme] = await db.insert(gameProviders).values({ identity: ACME.id, name: 'Acme' }).returning();
  await db.insert(games).values({ identity: 'slot-1', name: 'Slot 1', providerId: acme!.id, type: 'slots' });
  const [spins] = await db
    .insert(bonuses)
    .values({
      identity: 'report-spins',
      name: 'One free spin',
      kind: 'freespins',
      amounts: { EUR: '100' },
      freeSpinGame: 'slot-1',
      freeSpinCount: 1,
      wagerMultiplier: '20',
      reusable: true,
    })
    .returning();
  spinsCode = 'RSPIN';
  await db.insert(codes).values({ code: spinsCode, bonusId: spins!.id, triggers: [1] });
});
afterAll(() => t.close());

let seq = 0;
const id = (what: string) => `${what}-${++seq}-${Date.now()}`;
const bet = (token: string, roundId: string, amount: string, extra: Record<string, unknown> = {}) =>
  t.seamless('bet', { token, transactionId: `${roundId}:b`, roundId, amount, currency: 'EUR', ...extra });
const win = (token: string, roundId: string, amount: string) =>
  t.seamless('win', {
    token,
    transactionId: `${roundId}:w`,
    roundId,
    betTransactionId: `${roundId}:b`,
    amount,
    currency: 'EUR',
    closeRound: true,
  });

async function rows(query: ReturnType<typeof sql>) {
  await t.app.outbox.drain();
  return ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** Every rollup of EUR summed over days (a scenario crossing midnight still sums the same). */
async function rollups(playerIds: string[]) {
  const [figures] = await rows(sql`
    select sum(deposits)::text as deposits, sum(deposit_count)::int as "depositCount",
           sum(withdrawals)::text as withdrawals, sum(withdrawal_count)::int as "withdrawalCount",
           sum(bets)::text as bets, sum(wins)::text as wins, sum(bonus_cost)::text as "bonusCost",
           sum(adjustments)::text as adjustments, sum(active_players)::int as "activePlayers",
           sum(new_players)::int as "newPlayers", sum(first_deposits)::int as "firstDeposits"
      from reporting.daily_figures where currency = 'EUR'`);
  const gameRows = await rows(sql`
    select game_id as "gameId", provider_id as "providerId", sum(rounds)::int as rounds, sum(stakes)::text as stakes,
           sum(stake_squares)::text as "stakeSquares", sum(payouts)::text as payouts,
           sum(real_stakes)::text as "realStakes", sum(real_payouts)::text as "realPayouts"
      from reporting.daily_games where currency = 'EUR' group by game_id, provider_id`);
  const players = await rows(sql`
    select player_id::text as "playerId", sum(bets)::text as bets, sum(wins)::text as wins,
           sum(deposits)::text as deposits, sum(withdrawals)::text as withdrawals, sum(stake_count)::int as "stakeCount"
      from reporting.daily_players where currency = 'EUR' group by player_id`);
  const bonusCost = await rows(sql`
    select kind, campaign_id as "campaignId", sum(cost)::text as cost, sum(players)::int as players
      from reporting.daily_bonus_cost where currency = 'EUR' group by kind, campaign_id`);
  const milestones = await rows(sql`
    select player_id::text as "playerId", registered_currency as "registeredCurrency",
           first_deposit_currency as "firstDepositCurrency", first_deposit_at is not null as deposited
      from reporting.player_milestones order by player_id`);
  const byId = (list: Record<string, unknown>[]) =>
    Object.fromEntries(playerIds.map((p) => [p, list.find((r) => r.playerId === p) ?? null]));
  return { figures, games: gameRows, players: byId(players), bonusCost, milestones: byId(milestones) };
}

let p: Player;
let q: Player;
let before: Awaited<ReturnType<typeof rollups>>;

describe(`reporting rollups (${databaseKind})`, () => {
  it('a hand-computed day: deposit bonus converting, a rollback, a free spin, a withdrawal', async () => {
    // P deposits 20.00 with a 100 % match (wager ×1: 20.00 to wager).
    p = await paymentPlayer(t);
    const claimed = await t.call('POST', '/api/game/bonuses/bonuscodes', {
      token: p.token,
      body: { bonusCode: 'RMATCH', trigger: 3 },
    });
    expect(claimed.status).toBe(200);
    expect((await deposit(t, p, card('4242 4242 4242 4242', 20))).status).toBe(200);
    const game = await t.launch(p.playerId);

    // R: a 4.00 stake rolled back (wager back to 0).
    const r = id('r');
    expect((await bet(game, r, '4.00')).json.status).toBe('OK');
    const rb = await t.seamless('rollback', {
      token: game,
      transactionId: `${r}:rb`,
      rollbackTransactionId: `${r}:b`,
      roundId: r,
    });
    expect(rb.json.status).toBe('OK');
    // A: 10.00 of real money, wins 5.00 (real 20 → 15).
    const a = id('a');
    expect((await bet(game, a, '10.00')).json.status).toBe('OK');
    expect((await win(game, a, '5.00')).json.status).toBe('OK');
    // B: 20.00 = 15.00 real + 5.00 bonus; wins 8.00, its bonus share ⌈8 × 5/20⌉ = 2.00 goes to the bonus part.
    // Wagered 30.00 ≥ 20.00 and no stake open: the bonus part (15.00 + 2.00) converts to real.
    const b = id('b');
    expect((await bet(game, b, '20.00')).json.status).toBe('OK');
    expect((await win(game, b, '8.00')).json).toMatchObject({ status: 'OK', balance: '23.00' });

    // A free spin on slot-1 wins 3.00: held for its winnings' bonus, no stake, no game figure.
    const spun = await t.call('POST', '/api/game/bonuses/bonuscodes', {
      token: p.token,
      body: { bonusCode: spinsCode, trigger: 1 },
    });
    expect(spun.json.data.status).toBe(2);
    const spins = await rows(
      sql`select id::text as id from bonus.player_freespins where player_id = ${p.playerId}::uuid`,
    );
    const f = id('f');
    expect((await bet(game, f, '0', { freeSpinId: spins[0]!.id })).json.status).toBe('OK');
    expect((await win(game, f, '3.00')).json).toMatchObject({ status: 'OK', balance: '23.00' });

    // Q deposits 50.00, loses 2.00, withdraws 30.00 (settled by the sandbox).
    q = await paymentPlayer(t);
    expect((await deposit(t, q, card('4242 4242 4242 4242', 50))).status).toBe(200);
    const qGame = await t.launch(q.playerId);
    const c = id('c');
    expect((await bet(qGame, c, '2.00')).json.status).toBe('OK');
    expect((await win(qGame, c, '0')).json.status).toBe('OK');
    expect((await withdraw(t, q, 30)).status).toBe(200);
    await t.app.payment.sweep(new Date(Date.now() + 11_000));

    before = await rollups([p.playerId, q.playerId]);
    expect(before.figures).toEqual({
      deposits: '7000',
      depositCount: 2,
      withdrawals: '3000',
      withdrawalCount: 1,
      bets: String(1000 + 1500 + 200),
      wins: String(500 + 600),
      bonusCost: '1700',
      adjustments: '0',
      activePlayers: 2,
      newPlayers: 2,
      firstDeposits: 2,
    });
    expect(before.games).toEqual([
      {
        gameId: 'slot-1',
        providerId: 'acme',
        rounds: 3,
        stakes: String(1000 + 2000 + 200),
        stakeSquares: String(1000 ** 2 + 2000 ** 2 + 200 ** 2),
        payouts: String(500 + 800),
        realStakes: String(1000 + 1500 + 200),
        realPayouts: String(500 + 600),
      },
    ]);
    expect(before.players).toEqual({
      [p.playerId]: {
        playerId: p.playerId,
        bets: '2500',
        wins: '1100',
        deposits: '2000',
        withdrawals: '0',
        stakeCount: 2,
      },
      [q.playerId]: {
        playerId: q.playerId,
        bets: '200',
        wins: '0',
        deposits: '5000',
        withdrawals: '3000',
        stakeCount: 1,
      },
    });
    expect(before.bonusCost).toEqual([{ kind: 'bonus', campaignId: matchId, cost: '1700', players: 1 }]);
    expect(before.milestones).toEqual({
      [p.playerId]: { playerId: p.playerId, registeredCurrency: 'EUR', firstDepositCurrency: 'EUR', deposited: true },
      [q.playerId]: { playerId: q.playerId, registeredCurrency: 'EUR', firstDepositCurrency: 'EUR', deposited: true },
    });
  });

  it('a redelivered page, and each of its events again, change nothing', async () => {
    const ours = recorder.published.filter((m) => m.channel === LEDGER_CHANNEL || m.channel === PLAYERS_CHANNEL);
    expect(ours.length).toBeGreaterThan(10);
    const again = createReportingConsumer(t.database.db);
    await again.publishBatch!(ours);
    for (const message of ours) await again.publish(message);
    expect(await rollups([p.playerId, q.playerId])).toEqual(before);
  });

  it('a refused movement writes no ledger event: funds short, a rule’s refusal, a withdrawal over the balance', async () => {
    const game = await t.launch(q.playerId);
    await t.app.outbox.drain();
    const seen = recorder.published.length;
    expect((await bet(game, id('x'), '500.00')).json).toMatchObject({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS' });
    expect((await bet(game, id('y'), '7.77')).json).toMatchObject({ status: 'ERROR', code: 'LIMIT_REACHED' });
    expect((await withdraw(t, q, 1000)).status).toBe(422);
    await t.app.outbox.drain();
    expect(recorder.published.slice(seen).filter((m) => m.channel === LEDGER_CHANNEL)).toEqual([]);
    expect(await rollups([p.playerId, q.playerId])).toEqual(before);
  });

  it('late events: an earlier first deposit moves the milestone; a rollback in a later page ends an active day', async () => {
    // Pages applied directly, in USD on days of their own (the scenario above is EUR, today).
    const x = crypto.randomUUID();
    const base = { kind: 'ledger.moved', playerId: x, accountId: x, currency: 'USD', bonus: '0', locked: '0' } as const;
    const moved = (type: string, real: string, at: string, extra: Partial<LedgerMoved> = {}): LedgerMoved => ({
      ...base,
      ledgerId: crypto.randomUUID(),
      type,
      real,
      converted: '0',
      at,
      ...extra,
    });
    const game = { providerId: 'acme', gameId: 'slot-9', roundId: 'z', transactionId: 'z:b', amount: '100' };
    const page = (events: ReportingEvent[]) => t.database.db.transaction((tx) => applyEvents(tx as never, events));
    await page([
      { kind: 'player.registered', playerId: x, currency: 'USD', at: '2020-01-01T10:00:00.000Z' },
      moved('payment.deposit', '1000', '2020-01-03T10:00:00.000Z'),
      moved('game.bet', '-100', '2020-01-03T11:00:00.000Z', { game: { ...game, movement: 'bet', freeSpin: false } }),
    ]);
    await page([
      moved('payment.deposit', '500', '2020-01-02T10:00:00.000Z'),
      moved('game.rollback', '100', '2020-01-03T11:01:00.000Z', {
        game: { ...game, transactionId: 'z:rb', movement: 'rollback', freeSpin: false },
      }),
    ]);
    const days = await rows(sql`
      select day::text as day, deposits::text as deposits, bets::text as bets, active_players as active,
             new_players as "newPlayers", first_deposits as "firstDeposits"
        from reporting.daily_figures where currency = 'USD' order by day`);
    expect(days).toEqual([
      { day: '2020-01-01', deposits: '0', bets: '0', active: 0, newPlayers: 1, firstDeposits: 0 },
      { day: '2020-01-02', deposits: '500', bets: '0', active: 0, newPlayers: 0, firstDeposits: 1 },
      { day: '2020-01-03', deposits: '1000', bets: '0', active: 0, newPlayers: 0, firstDeposits: 0 },
    ]);
    const [milestone] = await rows(sql`
      select (first_deposit_at at time zone 'UTC')::date::text as day from reporting.player_milestones
       where player_id = ${x}::uuid`);
    expect(milestone).toEqual({ day: '2020-01-02' });
  });
});
