import { TournamentPrizeType, TournamentType } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import { gameCollectionGames, gameCollections, gameProviders, games } from '../../src/modules/game/schema.ts';
import { defineTournament, type TournamentDefinition } from '../../src/modules/retention/tournaments/index.ts';
import { tournaments } from '../../src/modules/retention/tournaments/schema.ts';
import type { SeamlessTestApp } from '../seamless/helpers.ts';

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
