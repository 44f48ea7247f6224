import { TournamentType } from '@croupier/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentResults, tournaments } from '../../src/modules/retention/tournaments/schema.ts';
import { databaseKind } from '../harness.ts';
import { registerPlayer } from '../player/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';
import { catalogue, play, running, tournament } from './tournaments-helpers.ts';

// Tournaments (issue 13 §4): points from real seamless bets through the retention consumer, stake
// conditions, collections, taking part, playerEntry per contract, and the live leaderboard.

let t: SeamlessTestApp;

// The machine running the suite may be loaded: a fresh app alone can take tens of seconds there.
beforeAll(async () => {
  t = await createSeamlessTestApp();
  await catalogue(t);
}, 180_000);
afterAll(() => t.close(), 60_000);

const settle = () => t.app.outbox.drain();

describe(`tournaments (${databaseKind})`, { timeout: 120_000 }, () => {
  it('counts stake × rate from real bets; the leaderboard and playerEntry show it', async () => {
    const row = await running(t, { rates: { baseCurrencyRate: 2, currencyRates: [{ isoCode: 'USD', rate: 5 }] } });
    const a = await t.newPlayer('100.00');
    const b = await t.newPlayer('100.00');
    await play(t, a.token, '1.50', '0');
    await play(t, a.token, '2.25', '1.00');
    await play(t, b.token, '10.00', '0');
    await settle();
    const guest = await tournament(t, row.identity);
    expect(guest.state).toBe(3);
    expect(guest.leaderboard).toMatchObject([
      { playerId: b.playerId, place: 1, points: 20 },
      { playerId: a.playerId, place: 2, points: 7.5 },
    ]);
    expect(guest.prizes).toMatchObject([
      { place: 1, type: 1, title: '€10' },
      { place: 2, type: 2, title: '€5 bonus' },
    ]);
    // The id works as well as the identity.
    expect((await tournament(t, row.id)).identity).toBe(row.identity);
  });

  it('playerEntry: key absent for a guest, null when not taking part, points and place when taking part', async () => {
    const row = await running(t);
    const { auth } = await registerPlayer(t);
    const p = await t.newPlayer('50.00');
    await play(t, p.token, '3.00', '0');
    await settle();
    expect('playerEntry' in (await tournament(t, row.identity))).toBe(false);
    expect((await tournament(t, row.identity, auth.accessToken)).playerEntry).toBeNull();
    const login = await t.call('GET', '/api/player/profile', { token: auth.accessToken });
    expect(login.status).toBe(200);
  });

  it('a tournament asking for confirmation counts bets only after participate', async () => {
    const row = await running(t, { confirmationRequired: true });
    const { auth } = await registerPlayer(t);
    const playerId = auth.profile.id;
    await t.call('POST', '/api/dev/wallet/credit', { body: { playerId, currency: 'EUR', amount: 50 } });
    const token = await t.launch(playerId);
    await play(t, token, '4.00', '0');
    await settle();
    const before = await tournament(t, row.identity, auth.accessToken);
    expect(before.confirmationRequired).toBe(true);
    expect(before.playerEntry).toBeNull();
    expect(before.leaderboard).toEqual([]);

    const joined = await t.call('POST', `/api/retention/tournaments/${row.identity}/participate`, {
      token: auth.accessToken,
    });
    expect(joined.status).toBe(200);
    expect((await tournament(t, row.identity, auth.accessToken)).playerEntry).toEqual({ points: 0, place: 1 });
    await play(t, token, '4.00', '0');
    await settle();
    expect((await tournament(t, row.identity, auth.accessToken)).playerEntry).toEqual({ points: 4, place: 1 });

    // Guests may not take part; an unknown tournament is a 404.
    expect((await t.call('POST', `/api/retention/tournaments/${row.identity}/participate`)).status).toBe(401);
    const missing = await t.call('POST', '/api/retention/tournaments/nope/participate', { token: auth.accessToken });
    expect(missing.status).toBe(404);
  });

  it('refuses to take part in a finished tournament', async () => {
    const row = await running(t, { status: 'finished' });
    const { auth } = await registerPlayer(t);
    const res = await t.call('POST', `/api/retention/tournaments/${row.id}/participate`, { token: auth.accessToken });
    expect(res.status).toBe(409);
  });

  it('applies the min stake with its operator and a per-currency override', async () => {
    const gt = await running(t, { conditions: { minAmount: 1, minAmountOp: 'gt' } });
    const gte = await running(t, { conditions: { minAmount: 1, minAmountOp: 'gte' } });
    const own = await running(t, {
      conditions: { minAmount: 100, currencies: [{ isoCode: 'EUR', minAmount: 2, maxAmount: 3, maxAmountOp: 'lt' }] },
    });
    const p = await t.newPlayer('100.00');
    await play(t, p.token, '1.00', '0');
    await play(t, p.token, '2.00', '0');
    await play(t, p.token, '3.00', '0');
    await settle();
    const points = async (id: string) => (await tournament(t, id)).leaderboard[0]?.points ?? 0;
    expect(await points(gt.identity)).toBe(5); // 2 + 3: a stake of exactly 1 is not greater than 1
    expect(await points(gte.identity)).toBe(6);
    expect(await points(own.identity)).toBe(2); // EUR's own bounds: 2 ≤ stake < 3
  });

  it('counts only the included collections, or everything but the excluded ones', async () => {
    const hot = await running(t, { conditions: { gameCollections: ['acme-hot'] } });
    const notHot = await running(t, { conditions: { gameCollections: ['acme-hot'], gameCollectionsExcluded: true } });
    const p = await t.newPlayer('100.00');
    await play(t, p.token, '1.00', '0', 'slot-1');
    await play(t, p.token, '2.00', '0', 'slot-2');
    await settle();
    expect((await tournament(t, hot.identity)).leaderboard).toMatchObject([{ points: 1 }]);
    expect((await tournament(t, notHot.identity)).leaderboard).toMatchObject([{ points: 2 }]);
  });

  it('by win multiplier: payout ÷ stake per round; a rolled back stake takes its points back', async () => {
    const multi = await running(t, { type: TournamentType.multiplier });
    const stake = await running(t);
    const p = await t.newPlayer('100.00');
    await play(t, p.token, '2.00', '10.00');
    await play(t, p.token, '4.00', '1.00');
    const { roundId, betId } = await play(t, p.token, '5.00');
    const rb = await t.seamless('rollback', {
      token: p.token,
      transactionId: `${roundId}:rb`,
      rollbackTransactionId: betId,
      roundId,
    });
    expect(rb.json.status).toBe('OK');
    await settle();
    expect((await tournament(t, multi.identity)).leaderboard).toMatchObject([{ points: 5.25 }]);
    expect((await tournament(t, stake.identity)).leaderboard).toMatchObject([{ points: 6 }]);
  });

  it('keeps the leaderboard right under 200 concurrent bets', async () => {
    const row = await running(t);
    const players = await Promise.all(Array.from({ length: 20 }, () => t.newPlayer('500.00')));
    // Player i bets i+1 EUR ten times, all at once.
    await Promise.all(
      players.flatMap((p, i) => Array.from({ length: 10 }, () => play(t, p.token, `${i + 1}.00`, '0'))),
    );
    await settle();
    const board = (await tournament(t, row.identity)).leaderboard as { playerId: string; points: number }[];
    expect(board).toHaveLength(20);
    expect(board.map((r) => r.playerId)).toEqual(players.map((p) => p.playerId).reverse());
    expect(board.map((r) => r.points)).toEqual(players.map((_, i) => (i + 1) * 10).reverse());
    const [sum] = (
      (await t.database.db.execute(
        sql`select sum(points)::text as s, count(*)::int as n from retention.tournament_rounds where tournament_id = ${row.id}`,
      )) as unknown as { rows: { s: string; n: number }[] }
    ).rows;
    expect(sum).toEqual({ s: String(2100 * 100), n: 200 });
  });

  it('publishes the leaderboard on tournaments:{id} and the entry on tournaments:{id}#{player}', async () => {
    const row = await running(t);
    const p = await t.newPlayer('10.00');
    await play(t, p.token, '1.00', '0');
    await settle();
    let rows: { channel: string; data: unknown }[] = [];
    for (let i = 0; i < 40 && rows.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await t.published(new RegExp(`^tournaments:${row.id}`));
    }
    expect(rows.map((r) => [r.channel, (r.data as { event: string }).event])).toEqual([
      [`tournaments:${row.id}`, 'tournament.leaderboard.updated'],
      [`tournaments:${row.id}#${p.playerId}`, 'tournament.player-entry.updated'],
    ]);
  });

  it('lists by state and identity', async () => {
    const up = await running(t, { startAt: new Date(Date.now() + 3600_000), endAt: new Date(Date.now() + 7200_000) });
    const done = await running(t, { status: 'finished' });
    const active = await t.call('GET', `/api/retention/tournaments?state[]=2&state[]=3&identity[]=${up.identity}`);
    expect(active.json.data).toMatchObject([{ identity: up.identity, state: 2, isAvailable: true }]);
    const finished = await t.call('GET', `/api/retention/tournaments?state[]=4&state[]=5&perPage=100`);
    expect(finished.json.data.map((x: { identity: string }) => x.identity)).toContain(done.identity);
    expect(finished.json.data.every((x: { state: number }) => x.state >= 4)).toBe(true);
    expect((await t.call('GET', '/api/retention/tournaments?state[]=9')).status).toBe(422);
    expect((await t.call('GET', '/api/retention/tournaments/a%20b')).status).toBe(404);
  });

  it('keeps drafts out of sight', async () => {
    const draft = await running(t, { status: 'draft' });
    expect((await t.call('GET', `/api/retention/tournaments/${draft.identity}`)).status).toBe(404);
    await t.database.db.delete(tournaments).where(eq(tournaments.id, draft.id));
    expect(
      await t.database.db.select().from(tournamentResults).where(eq(tournamentResults.tournamentId, draft.id)),
    ).toEqual([]);
  });
});
