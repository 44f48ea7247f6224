import { randomUUID } from 'node:crypto';
import {
  ActivityBoard,
  activityBoardChannel,
  PlayerChannel,
  playerChannel,
  RealtimeEvent,
  STUDIO_PROVIDER_ID,
  winnersChannel,
} from '@croupier/contracts';
import { seamlessSignature } from '@croupier/contracts/seamless-signature';
import type { Centrifuge, PublicationContext, SubscribedContext, UnsubscribedContext } from 'centrifuge';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedGames } from '../../src/modules/game/seed.ts';
import { databaseKind } from '../harness.ts';
import { client, next, type RealtimeTestApp, rawSocket, startRealtimeApp } from '../realtime/helpers.ts';

// Issue 16 items 3 and 10: live winners on game:winners:{platform}:{country}, activity boards with history,
// retention:wheels#{playerId} subscribable; all published through the outbox after the round commits.

const STUDIO_SECRET = 'compat-live-studio-secret-0123456789';
let t: RealtimeTestApp;
let player: { id: string; token: string };
const clients: Centrifuge[] = [];

const open = (token?: string) => {
  const c = client(t.url, token ? { token } : {});
  clients.push(c);
  c.connect();
  return c;
};
async function subscribed(c: Centrifuge, channel: string) {
  const sub = c.newSubscription(channel);
  const done = next<SubscribedContext>(sub, 'subscribed');
  sub.subscribe();
  await done;
  return sub;
}
async function refused(c: Centrifuge, channel: string) {
  const sub = c.newSubscription(channel);
  const unsubscribed = next<UnsubscribedContext>(sub, 'unsubscribed');
  sub.subscribe();
  return await unsubscribed;
}
/** Every publication a subscription receives, in order. */
const collect = (sub: { on(name: 'publication', fn: (ctx: PublicationContext) => void): unknown }) => {
  const got: Record<string, unknown>[] = [];
  sub.on('publication', (ctx) => got.push(ctx.data as Record<string, unknown>));
  return got;
};
const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

async function seamless(path: string, body: unknown) {
  const payload = JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/seamless/v1/${path}`,
    payload,
    headers: {
      'content-type': 'application/json',
      'x-provider-id': STUDIO_PROVIDER_ID,
      'x-signature': seamlessSignature(STUDIO_SECRET, payload),
    },
  });
  if (res.statusCode !== 200) throw new Error(`${path} failed: ${res.body}`);
}
async function launch(game: string) {
  const res = await t.call('POST', `/api/game/games/${game}/play`, {
    token: player.token,
    body: { lobbyUrl: '/', locale: 'en', platform: 2, demoMode: false },
  });
  if (res.status !== 200) throw new Error(`play failed: ${JSON.stringify(res.json)}`);
  return res.json.data.token as string;
}
/** One real round: a bet, then a closing win (0 for a loss); `open` leaves it unsettled. */
async function round(token: string, bet: string, win: string, open = false) {
  const roundId = `r-${randomUUID()}`;
  await seamless('bet', { token, transactionId: `b-${randomUUID()}`, roundId, amount: bet, currency: 'EUR' });
  const w = { token, transactionId: `w-${randomUUID()}`, roundId, amount: win, currency: 'EUR', closeRound: !open };
  await seamless('win', w);
  return roundId;
}
/** Publications on channels starting with `prefix` (letters, `-` and `:` only), oldest first. */
const outbox = async (prefix: string) =>
  (await t.published(new RegExp(`^${prefix}`))).map((m) => ({
    channel: m.channel,
    data: m.data as Record<string, unknown>,
  }));

beforeAll(async () => {
  t = await startRealtimeApp({ STUDIO_SECRET, BIG_WIN_MULTIPLIER: '3' });
  await seedGames(t.database.db);
  // dice is only available in France: its live winners reach FR channels only.
  await t.database.db.execute(sql`insert into game.collections (identity, name, countries)
    values ('fr-only', 'France only', '{FR}')`);
  await t.database.db.execute(sql`insert into game.game_collections (collection_id, game_id)
    select c.id, g.id from game.collections c, game.games g where c.identity = 'fr-only' and g.identity = 'dice'`);
  const p = await t.register();
  player = p;
  // The boards show the public name; the money path reads it with the account's lock (decision 0086).
  await t.database.db.execute(sql`update player.players set nickname = 'Lucky Ada' where id = ${p.id}::uuid`);
  const credit = await t.call('POST', '/api/dev/wallet/credit', {
    body: { playerId: p.id, currency: 'EUR', amount: 500 },
  });
  expect(credit.status).toBe(200);
});
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});
afterAll(() => t.close());

describe(`live winners and activity boards (${databaseKind})`, () => {
  it('lets anyone subscribe to winners and known boards; refuses malformed ones and other players’ wheels (103)', async () => {
    const guest = open();
    await subscribed(guest, winnersChannel(2, 'DE'));
    await subscribed(guest, winnersChannel(1, 'UA'));
    await subscribed(guest, activityBoardChannel(ActivityBoard.latestBets));
    await subscribed(guest, activityBoardChannel(ActivityBoard.bigWins));
    for (const channel of [
      'game:winners:tablet:DE',
      'game:winners:desktop:de',
      'game:winners:desktop:DEU',
      'game:winners:desktop:*',
      'activity-board:boards#nope',
      'activity-board:boards#',
      playerChannel(PlayerChannel.wheels, player.id),
    ]) {
      expect(await refused(guest, channel), channel).toMatchObject({ code: 103 });
    }
    const own = open(player.token);
    await subscribed(own, playerChannel(PlayerChannel.wheels, player.id));
    const other = await t.register();
    expect(await refused(own, playerChannel(PlayerChannel.wheels, other.id))).toMatchObject({ code: 103 });
  });

  it('publishes a settled round to latest-bets, and a big win to big-wins and the winners of each country', async () => {
    const guest = open();
    const desktopDe = collect(await subscribed(guest, winnersChannel(2, 'DE')));
    const mobileFr = collect(await subscribed(guest, winnersChannel(1, 'FR')));
    const latest = collect(await subscribed(guest, activityBoardChannel(ActivityBoard.latestBets)));
    const big = collect(await subscribed(guest, activityBoardChannel(ActivityBoard.bigWins)));
    const token = await launch('neon-fruits');

    await round(token, '2.00', '0'); // a loss
    await round(token, '2.00', '4.00'); // a win, but under 3× the stake
    await round(token, '2.00', '1.00', true); // not settled: nothing
    await until(() => latest.length === 2);
    expect(latest.map((d) => (d.bet as { payout: number }).payout)).toEqual([0, 4]);
    expect(latest[0]).toEqual({
      event: RealtimeEvent.activityBoardUpdated,
      bet: {
        id: expect.stringMatching(/^croupier-studio:r-/),
        nickname: 'Lucky Ada',
        amount: 2,
        baseCurrencyAmount: 2,
        payout: 0,
        baseCurrencyPayout: 0,
        currency: 'EUR',
        gameId: 'neon-fruits',
        gameName: 'Neon Fruits',
        gameImages: expect.objectContaining({ '200x200': expect.any(Object) }),
        gameCustomImages: expect.any(Object),
        createdAt: expect.stringMatching(/Z$/),
      },
    });

    await round(token, '2.00', '6.00'); // 3×: a big win
    await until(() => latest.length === 3 && big.length === 1 && desktopDe.length === 1 && mobileFr.length === 1);
    expect(big[0]).toEqual(latest[2]);
    expect(desktopDe[0]).toEqual({
      event: RealtimeEvent.gameWinner,
      winner: {
        nickname: 'Lucky Ada',
        amount: 2,
        payout: 6,
        currency: 'EUR',
        gameId: 'neon-fruits',
        gameName: 'Neon Fruits',
        isDemoMode: true,
        gameImages: expect.any(Object),
        gameCustomImages: expect.any(Object),
      },
    });
    expect(mobileFr[0]).toEqual(desktopDe[0]);
    // The family's routing list never reaches a client.
    expect(JSON.stringify(desktopDe)).not.toContain('$only');
  });

  it('sends a big win of a country-limited game only to the countries it is available in', async () => {
    const guest = open();
    const de = collect(await subscribed(guest, winnersChannel(2, 'DE')));
    const fr = collect(await subscribed(guest, winnersChannel(2, 'FR')));
    await round(await launch('dice'), '1.00', '10.00');
    await until(() => fr.length === 1);
    expect((fr[0]!.winner as { gameId: string }).gameId).toBe('dice');
    const [row] = await outbox('game:winners:desktop:');
    expect(row).toBeDefined();
    const diceRows = (await outbox('game:winners:')).filter(
      (r) => (r.data.winner as { gameId: string }).gameId === 'dice',
    );
    expect(diceRows.map((r) => r.channel).sort()).toEqual(['game:winners:desktop:*', 'game:winners:mobile:*']);
    expect(diceRows[0]!.data.$only).toEqual(['FR']);
    // Give DE's channel the chance to (wrongly) receive it.
    await new Promise((r) => setTimeout(r, 300));
    expect(de).toEqual([]);
  });

  it('publishes nothing when the win is refused or replayed, nor for a game that is switched off', async () => {
    const before = (await outbox('activity-board:')).length;
    const token = await launch('mines');
    const roundId = `r-${randomUUID()}`;
    await seamless('bet', { token, transactionId: `b-${roundId}`, roundId, amount: '1.00', currency: 'EUR' });
    const win = { token, transactionId: `w-${roundId}`, roundId, amount: '5.00', currency: 'EUR', closeRound: true };
    await seamless('win', win);
    await seamless('win', win); // the replay answers the stored answer, publishing nothing more
    expect((await outbox('activity-board:')).length).toBe(before + 2);
    // A game switched off after its launch: its rounds still settle, but are not shown.
    const plinko = await launch('plinko');
    await t.database.db.execute(sql`update game.games set enabled = false where identity = 'plinko'`);
    try {
      await round(plinko, '1.00', '9.00');
      expect((await outbox('activity-board:')).length).toBe(before + 2);
      expect((await outbox('game:winners:')).some((r) => JSON.stringify(r.data).includes('plinko'))).toBe(false);
    } finally {
      await t.database.db.execute(sql`update game.games set enabled = true where identity = 'plinko'`);
    }
  });

  it('a round published a moment after a history read is in the next subscriber’s history (the 1 s reuse ends)', async () => {
    const channel = activityBoardChannel(ActivityBoard.latestBets);
    const first = await subscribed(open(), channel);
    await first.history({ limit: 11, reverse: true }); // now cached for a second
    const roundId = await round(await launch('dice'), '1.00', '0');
    await t.app.outbox.drain(); // published to this process's hub
    const later = await subscribed(open(), channel);
    const newest = (await later.history({ limit: 11, reverse: true })).publications.map(
      (p) => (p.data as { bet: { id: string } }).bet.id,
    );
    expect(newest[0]).toMatch(new RegExp(`:${roundId}$`));
  });

  it('answers a board’s history to its subscribers, newest first (reverse) or oldest first; 108/103 otherwise', async () => {
    const c = open();
    const sub = await subscribed(c, activityBoardChannel(ActivityBoard.latestBets));
    const newest = await sub.history({ limit: 3, reverse: true });
    expect(newest.publications).toHaveLength(3);
    const bets = newest.publications.map((p) => (p.data as { bet: { id: string; createdAt: string } }).bet);
    expect(bets.map((b) => b.createdAt)).toEqual([...bets.map((b) => b.createdAt)].sort().reverse());
    expect(newest.publications[0]!.data).toMatchObject({ event: RealtimeEvent.activityBoardUpdated });
    const oldestFirst = await sub.history({ limit: 3 });
    expect(oldestFirst.publications.map((p) => p.data)).toEqual([...newest.publications.map((p) => p.data)].reverse());
    expect((await sub.history({ limit: 0 })).publications).toEqual([]);
    const all = await sub.history({ limit: 1000, reverse: true });
    expect(all.publications.length).toBeLessThanOrEqual(50);

    const bigSub = await subscribed(c, activityBoardChannel(ActivityBoard.bigWins));
    const bigs = (await bigSub.history({ limit: 11, reverse: true })).publications.map(
      (p) => (p.data as { bet: { amount: number; payout: number } }).bet,
    );
    expect(bigs.length).toBeGreaterThanOrEqual(3);
    for (const b of bigs) expect(b.payout).toBeGreaterThanOrEqual(b.amount * 3);

    const raw = await rawSocket(t.url);
    raw.command({ id: 1, connect: {} });
    await raw.frame((f) => f.id === 1);
    raw.command({ id: 2, history: { channel: activityBoardChannel(ActivityBoard.latestBets), limit: 5 } });
    expect(await raw.frame((f) => f.id === 2)).toMatchObject({ error: { code: 103 } });
    raw.command({ id: 3, subscribe: { channel: winnersChannel(2, 'DE') } });
    raw.command({ id: 4, history: { channel: winnersChannel(2, 'DE'), limit: 5 } });
    expect(await raw.frame((f) => f.id === 4)).toMatchObject({ error: { code: 108 } });
    raw.command({ id: 5, subscribe: { channel: activityBoardChannel(ActivityBoard.bigWins) } });
    raw.command({
      id: 6,
      history: { channel: activityBoardChannel(ActivityBoard.bigWins), limit: 2, since: { offset: 1 } },
    });
    expect(await raw.frame((f) => f.id === 6)).toMatchObject({ error: { code: 108 } });
    raw.command({ id: 7, history: { channel: activityBoardChannel(ActivityBoard.bigWins), limit: 'x' } });
    expect(await raw.frame((f) => f.id === 7)).toMatchObject({ history: { publications: [] } });
    raw.ws.close();
  });

  it('lists the same big wins over HTTP (GET /api/game/spins/winners follows BIG_WIN_MULTIPLIER)', async () => {
    const res = await t.call('GET', '/api/game/spins/winners?perPage=50');
    expect(res.status).toBe(200);
    for (const w of res.json.data as { amount: number; payout: number }[])
      expect(w.payout).toBeGreaterThanOrEqual(w.amount * 3);
    expect(res.json.data.length).toBeGreaterThanOrEqual(3);
  });
});
