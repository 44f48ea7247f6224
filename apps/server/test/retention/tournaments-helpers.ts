import { TournamentPrizeType, TournamentType } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import { gameCollectionGames, gameCollections, gameProviders, games } from '../../src/modules/game/schema.ts';
import { defineTournament, type TournamentDefinition } from '../../src/modules/retention/tournaments/index.ts';
import { tournaments } from '../../src/modules/retention/tournaments/schema.ts';
import { signatureOf } from '../../src/modules/wallet/seamless/index.ts';
import { createPlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { ACME, type SeamlessTestApp } from '../seamless/helpers.ts';

// Tournaments of the tests' own (operator data) and bets through the signed seamless API.

let n = 0;
const HOUR = 60 * 60 * 1000;

export async function running(t: SeamlessTestApp, d: Partial<TournamentDefinition> = {}) {
  const now = Date.now();
  const row = await defineTournament(t.database.db, {
    identity: `t-${++n}-${now}`,
    title: `Tournament ${n}`,
    type: TournamentType.stake,
    startAt: new Date(now - HOUR),
    endAt: new Date(now + HOUR),
    rates: { baseCurrencyRate: 1 },
    prizes: [
      { place: 1, type: TournamentPrizeType.money, title: '€10', currency: 'EUR', amount: 10_00n },
      { place: 2, type: TournamentPrizeType.bonusMoney, title: '€5 bonus', currency: 'EUR', amount: 5_00n },
    ],
    ...d,
  });
  return row!;
}

/** acme's two games in the catalogue: slot-1 in `acme-hot`, slot-2 in `acme-cold`. */
export async function catalogue(t: SeamlessTestApp) {
  const db = t.database.db;
  const [provider] = await db.insert(gameProviders).values({ identity: 'acme', name: 'Acme' }).returning();
  for (const [identity, collection] of [
    ['slot-1', 'acme-hot'],
    ['slot-2', 'acme-cold'],
  ] as const) {
    const [game] = await db
      .insert(games)
      .values({ identity, name: identity, providerId: provider!.id, type: 'slots' })
      .returning();
    const [c] = await db.insert(gameCollections).values({ identity: collection, name: collection }).returning();
    await db.insert(gameCollectionGames).values({ collectionId: c!.id, gameId: game!.id });
  }
}

let seq = 0;
/** One round on `game`: a bet and its win (none when `win` is undefined). */
export async function play(
  t: SeamlessTestApp,
  token: string,
  bet: string,
  win?: string,
  game = 'slot-1',
): Promise<{ roundId: string; betId: string }> {
  const id = `tr${++seq}-${Date.now()}`;
  const b = await t.seamless('bet', {
    token,
    transactionId: `${id}:b`,
    roundId: id,
    amount: bet,
    currency: 'EUR',
    gameId: game,
  });
  if (b.json?.status !== 'OK') throw new Error(`bet refused: ${JSON.stringify(b.json)}`);
  if (win !== undefined) {
    const w = await t.seamless('win', {
      token,
      transactionId: `${id}:w`,
      roundId: id,
      betTransactionId: `${id}:b`,
      amount: win,
      currency: 'EUR',
      closeRound: true,
    });
    if (w.json?.status !== 'OK') throw new Error(`win refused: ${JSON.stringify(w.json)}`);
  }
  return { roundId: id, betId: `${id}:b` };
}

export async function tournament(t: SeamlessTestApp, id: string, auth?: string) {
  const res = await t.call('GET', `/api/retention/tournaments/${id}`, auth ? { token: auth } : {});
  if (res.status !== 200) throw new Error(`GET tournament: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data;
}

export async function endNow(t: SeamlessTestApp, id: string, endAt = new Date()) {
  await t.database.db.update(tournaments).set({ endAt }).where(eq(tournaments.id, id));
}

/** A seamless test app with extra environment (the Redis tests): the same calls as createSeamlessTestApp. */
export async function createEnvSeamlessApp(env: Record<string, string>): Promise<SeamlessTestApp> {
  const t = await createPlayerTestApp({ SEAMLESS_PROVIDERS: JSON.stringify([{ ...ACME, enabled: true }]), ...env });
  const seamless: SeamlessTestApp['seamless'] = async (path, body) => {
    const payload = JSON.stringify(body);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/seamless/v1/${path}`,
      payload,
      headers: {
        'content-type': 'application/json',
        'x-provider-id': ACME.id,
        'x-signature': signatureOf(ACME.secret, payload),
      },
    });
    return { status: res.statusCode, json: res.json() };
  };
  const launch: SeamlessTestApp['launch'] = async (playerId, opts = {}) => {
    const res = await t.call('POST', '/api/dev/seamless/launch-token', {
      body: { playerId, currency: 'EUR', providerId: ACME.id, gameId: 'slot-1', ...opts },
    });
    return res.json.data.token as string;
  };
  return {
    ...t,
    seamless,
    launch,
    async newPlayer(funds = '100.00') {
      const { auth } = await registerPlayer(t);
      const playerId = auth.profile.id;
      await t.call('POST', '/api/dev/wallet/credit', { body: { playerId, currency: 'EUR', amount: Number(funds) } });
      return { playerId, token: await launch(playerId) };
    },
  };
}
