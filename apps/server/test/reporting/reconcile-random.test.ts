import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonuses, codes } from '../../src/modules/bonus/schema.ts';
import { gameProviders, games } from '../../src/modules/game/schema.ts';
import { ledgerTotals, payReward, withTransaction } from '../../src/modules/wallet/index.ts';
import { databaseKind } from '../harness.ts';
import { ACME, type SeamlessTestApp } from '../seamless/helpers.ts';
import type { TestStaff } from '../staff/helpers.ts';
import {
  bet,
  depositOf,
  exec,
  type Gamer,
  gamer,
  movement,
  reconcileNow,
  reconcileTestApp,
  rollback,
  rowsOf,
  sql,
  today,
  win,
  withdrawalOf,
} from './reconcile-helpers.ts';

// A day of random play, then reconciliation (issue 28, decision 0121): seeded random players deposit, play two
// games with bets, wins, zero wins, multi-bet rounds and rollbacks, withdraw; one converts a deposit bonus
// (including a late win share after the conversion, which the ledger cannot tell from a payout), one plays free
// spins, one gets a staff adjustment and a quest prize. The rollups, kept by the real consumer, must equal the
// ledger's recomputation: no finding, whether the outbox has caught up or not; then one tampered rollup row is
// exactly one finding. The same file runs on PostgreSQL with TEST_DATABASE_URL.

/** mulberry32: a small seeded generator, so a failure replays. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** Minor units between the two, as a major-unit string. */
    money: (minCents: number, maxCents: number) => (min(minCents, maxCents, next) / 100).toFixed(2),
  };
}
const min = (lo: number, hi: number, next: () => number) => lo + Math.floor(next() * (hi - lo + 1));

const SEED = Number(process.env.RECONCILE_SEED ?? 28);
const PLAYERS = 10;

let t: SeamlessTestApp;
let owner: TestStaff;
const day = today();
let rounds = 0;
const roundId = () => `rnd-${SEED}-${++rounds}`;

async function catalogue() {
  const [acme] = await t.database.db.insert(gameProviders).values({ identity: ACME.id, name: 'Acme' }).returning();
  for (const identity of ['slot-1', 'slot-2']) {
    await t.database.db.insert(games).values({ identity, name: identity, providerId: acme!.id, type: 'slots' });
  }
  const [match] = await t.database.db
    .insert(bonuses)
    .values({
      identity: 'reconcile-match',
      name: 'Match 100%',
      kind: 'deposit',
      depositPercentage: 100,
      maxAmounts: { EUR: '5000' },
      minDeposits: { EUR: '1000' },
      wagerMultiplier: '1',
      reusable: true,
    })
    .returning();
  await t.database.db.insert(codes).values({ code: 'RMATCH', bonusId: match!.id, triggers: [3] });
  const [spins] = await t.database.db
    .insert(bonuses)
    .values({
      identity: 'reconcile-spins',
      name: 'Three free spins',
      kind: 'freespins',
      amounts: { EUR: '10' },
      freeSpinGame: 'slot-1',
      freeSpinCount: 3,
      wagerMultiplier: '1',
    })
    .returning();
  await t.database.db.insert(codes).values({ code: 'RSPINS', bonusId: spins!.id, triggers: [1] });
}

const realOf = async (g: Gamer) =>
  (
    (await t.call('GET', '/api/wallet/accounts', { token: g.token })).json.data as {
      currency: string;
      realBalance: number;
      balance: number;
    }[]
  ).find((a) => a.currency === 'EUR')!;

/** A random player's day: deposits, rounds on two games, maybe a withdrawal. */
async function randomDay(rng: ReturnType<typeof seeded>) {
  const g = await gamer(t, rng.int(20, 120));
  const second = { ...g, game: await t.launch(g.playerId, { gameId: 'slot-2' } as never) };
  for (let n = rng.int(4, 12); n > 0; n--) {
    const at = rng.next() < 0.5 ? g : second;
    const playable = (await realOf(g)).balance;
    if (playable < 1) await depositOf(t, g, rng.int(10, 60));
    const id = roundId();
    const first = await bet(t, at, id, rng.money(10, 300));
    if (first.status !== 'OK') continue;
    const roll = rng.next();
    if (roll < 0.15) {
      await rollback(t, at, id, first.transactionId!);
    } else if (roll < 0.3) {
      // Two stakes in one round, the second rolled back, then the round pays.
      const more = await bet(t, at, id, rng.money(10, 100));
      if (more.status === 'OK') await rollback(t, at, id, more.transactionId!);
      await win(t, at, id, rng.money(0, 500));
    } else if (roll < 0.4) {
      // A round left open (no win yet): its stake still counts.
    } else {
      await win(t, at, id, rng.next() < 0.3 ? '0' : rng.money(0, 600), first.transactionId);
    }
  }
  if (rng.next() < 0.4) {
    const real = (await realOf(g)).realBalance;
    if (real >= 2) await withdrawalOf(t, g, Math.floor(real / 2));
  }
  return g;
}

/** A player with a deposit of 20.00 and the 100 % deposit bonus (20.00, wagered ×1: 20.00 of stakes). */
async function bonusPlayer() {
  const g = await gamer(t);
  const code = await t.call('POST', '/api/game/bonuses/bonuscodes', {
    token: g.token,
    body: { bonusCode: 'RMATCH', trigger: 3 },
  });
  expect(code.json.data.status).toBe(1);
  await depositOf(t, g, 20);
  return g;
}

const secondWin = (g: Gamer, id: string, amount: string, closeRound: boolean, n: number) =>
  movement(t, 'win', { token: g.game, transactionId: `${id}:w${n}`, roundId: id, amount, currency: 'EUR', closeRound });

/**
 * Bonus money staked, refunded and converted. One player: a stake rolled back (refunding both parts), then a
 * round that converts on its first win and pays a late share on its second, which stays real money with no leg
 * at all (the case the ledger cannot tell from a payout). Another: the conversion happens in a rollback.
 */
async function bonusDay() {
  const a = await bonusPlayer();
  const r = roundId();
  const refunded = await bet(t, a, r, '25.00');
  expect((await rollback(t, a, r, refunded.transactionId!)).status).toBe('OK');
  const id = roundId();
  const staked = await bet(t, a, id, '30.00');
  expect(staked.status).toBe('OK');
  expect((await secondWin(a, id, '15.00', false, 1)).status).toBe('OK');
  expect((await secondWin(a, id, '9.00', true, 2)).status).toBe('OK');

  const b = await bonusPlayer();
  const open = roundId();
  const x = await bet(t, b, open, '22.00');
  for (const [stake, payout] of [
    ['18.00', '30.00'],
    ['10.00', '10.00'],
  ] as const) {
    const y = roundId();
    const s = await bet(t, b, y, stake);
    expect((await win(t, b, y, payout, s.transactionId)).status).toBe('OK');
  }
  expect((await rollback(t, b, open, x.transactionId!)).status).toBe('OK');
  const converted = await rowsOf<{ converted: string; result: number }>(
    t,
    sql`select converted::text, result from bonus.player_bonuses where player_id in (${a.playerId}, ${b.playerId})
         order by created_at`,
  );
  // Played: 15.00 on the first win plus the late share of 3.00; the other 32.00 in the rollback.
  expect(converted).toEqual([
    { converted: '1800', result: 2 },
    { converted: '3200', result: 2 },
  ]);
}

/** Three free rounds (their wins wait with the house), then a quest prize and a staff adjustment. */
async function promotionsDay() {
  const g = await gamer(t, 10);
  expect(
    (
      await t.call('POST', '/api/game/bonuses/bonuscodes', {
        token: g.token,
        body: { bonusCode: 'RSPINS', trigger: 1 },
      })
    ).json.data.status,
  ).toBe(2);
  const [spin] = (await t.call('GET', '/api/game/player-freespins?status[]=2', { token: g.token })).json.data as {
    id: string;
  }[];
  for (const payout of ['1.00', '0', '2.50']) {
    const id = roundId();
    const b = await bet(t, g, id, '0', { freeSpinId: spin!.id });
    expect(b.status).toBe('OK');
    await win(t, g, id, payout, b.transactionId);
  }
  await withTransaction(t.database.db, (tx) =>
    payReward(tx, {
      idempotencyKey: `reconcile-quest-${g.playerId}`,
      playerId: g.playerId,
      currency: 'EUR',
      amount: 250n,
      part: 'real',
      kind: 'quest.reward',
      source: { kind: 'quest' },
    }),
  );
  const adjusted = await t.request({
    method: 'POST',
    url: '/api/backoffice/adjustments',
    headers: { ...owner.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({
      playerId: g.playerId,
      amount: 5,
      currency: 'EUR',
      reason: 'Goodwill after a game fault',
      idempotencyKey: randomUUID(),
    }),
  });
  expect(adjusted.status, adjusted.body).toBeLessThan(300);
  // A development credit is no figure of any report.
  await t.call('POST', '/api/dev/wallet/credit', { body: { playerId: g.playerId, currency: 'EUR', amount: 3 } });
  return g;
}

beforeAll(async () => {
  ({ t, owner } = await reconcileTestApp());
  await catalogue();
});
afterAll(() => t.close());

describe(`reconciliation after a day of random play (${databaseKind}, seed ${SEED})`, () => {
  const rng = seeded(SEED);

  it('finds nothing, right after the money moved and once the outbox caught up', async () => {
    for (let n = 0; n < PLAYERS; n++) await randomDay(rng);
    await bonusDay();
    await promotionsDay();

    // Right after the money moved: the run leaves out what the consumer has not applied yet.
    const early = await reconcileNow(t, owner);
    expect(early.findings).toEqual([]);

    await t.app.outbox.drain();
    const settled = await reconcileNow(t, owner);
    expect(settled.findings).toEqual([]);
    expect(settled.run.findings).toBe(0);
    // Four figures per player, four per game, the day's own.
    expect(settled.run.compared).toBeGreaterThan(4 * (PLAYERS + 2) + 8);

    // The day was what it should have been: play on both games, a conversion and prizes as bonus cost.
    const [figures] = await rowsOf<{
      bets: string;
      bonusCost: string;
      adjustments: string;
      withdrawalCount: number;
      activePlayers: number;
    }>(
      t,
      sql`select bets::text, bonus_cost::text as "bonusCost", withdrawal_count as "withdrawalCount",
                 adjustments::text, active_players as "activePlayers"
            from reporting.daily_figures where day = ${day} and currency = 'EUR'`,
    );
    expect(figures).toMatchObject({ adjustments: '500' });
    expect(BigInt(figures!.bets)).toBeGreaterThan(0n);
    expect(BigInt(figures!.bonusCost)).toBeGreaterThan(250n);
    expect(Number(figures!.withdrawalCount)).toBeGreaterThan(0);
    // The random players and the two bonus players (free rounds stake nothing).
    expect(Number(figures!.activePlayers)).toBe(PLAYERS + 2);
    const gameRows = await rowsOf<{ game_id: string }>(
      t,
      sql`select game_id from reporting.daily_games where day = ${day} order by game_id`,
    );
    expect(gameRows.map((r) => r.game_id)).toEqual(['slot-1', 'slot-2']);
    // The two paid free rounds were in the ledger, and kept out of the game's figures on both sides.
    const totals = await ledgerTotals(t.database.db, { from: day, to: day });
    const freeWins = totals.games.find((g) => g.kind === 'game.win' && g.gameId === 'slot-1');
    expect(freeWins).toMatchObject({ freeRoundWins: 2, freeRoundAmount: 350n });
  }, 240_000);

  it('finds nothing in runs taken while players are still playing', async () => {
    const runs: Awaited<ReturnType<typeof reconcileNow>>[] = [];
    let playing = true;
    const play = (async () => {
      for (let n = 0; n < 3; n++) await randomDay(rng);
    })().finally(() => {
      playing = false;
    });
    while (playing || runs.length < 2) runs.push(await reconcileNow(t, owner));
    await play;
    expect(runs.flatMap((r) => r.findings)).toEqual([]);
  }, 240_000);

  it('finds exactly the figure of a tampered rollup row, and changes nothing', async () => {
    await t.app.outbox.drain();
    const [figures] = await rowsOf<{ bets: string }>(
      t,
      sql`select bets::text from reporting.daily_figures where day = ${day} and currency = 'EUR'`,
    );
    await exec(t, sql`update reporting.daily_figures set bets = bets + 1 where day = ${day} and currency = 'EUR'`);
    const tampered = await reconcileNow(t, owner);
    expect(tampered.run.findings).toBe(1);
    expect(tampered.findings).toEqual([
      expect.objectContaining({
        figure: 'daily.bets',
        date: day,
        currency: 'EUR',
        key: null,
        rollup: String(BigInt(figures!.bets) + 1n),
        ledger: figures!.bets,
      }),
    ]);
    const [after] = await rowsOf<{ bets: string }>(
      t,
      sql`select bets::text from reporting.daily_figures where day = ${day} and currency = 'EUR'`,
    );
    expect(after!.bets).toBe(String(BigInt(figures!.bets) + 1n));
  });
});
