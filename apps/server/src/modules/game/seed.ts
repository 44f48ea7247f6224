import { STUDIO_PROVIDER_ID } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invalidateLobby } from './lobby-cache.ts';
import { gameCollectionGames, gameCollections, gameProviders, games } from './schema.ts';

/** Where the web build puts a game's thumbnails: `{path}/200x300@2x.png` and so on. */
export const imagePathOf = (identity: string) => `/assets/games/${identity}`;

/** Countries where the table games are offered (demo of the collection country rule). */
export const TABLE_GAMES_COUNTRIES = ['AT', 'CA', 'DE', 'ES', 'FI', 'GB', 'IE', 'IT', 'NL', 'NO', 'NZ', 'SE', 'UA'];

const demoCollections = [
  { identity: 'new', name: 'New', position: 1, countries: [] as string[], isHidden: false },
  { identity: 'popular', name: 'Popular', position: 2, countries: [], isHidden: false },
  { identity: 'slots', name: 'Slots', position: 3, countries: [], isHidden: false },
  { identity: 'table-games', name: 'Table games', position: 4, countries: TABLE_GAMES_COUNTRIES, isHidden: false },
  { identity: 'originals', name: 'Originals', position: 5, countries: [], isHidden: false },
];

/** The six Croupier Studio games (docs/studio-api.md); RTPs from docs/games/*.md. */
const demoGames = [
  {
    identity: 'neon-fruits',
    name: 'Neon Fruits',
    type: 'slots',
    volatility: 'high',
    paylines: 10,
    rtp: '96.69',
    score: 90,
    description: '5×3 video slot with 10 paylines, wilds and scatter free spins paying ×2.',
    collections: ['new', 'popular', 'slots'],
  },
  {
    identity: 'european-roulette',
    name: 'European Roulette',
    type: 'table',
    volatility: 'low',
    paylines: 0,
    rtp: '97.30',
    score: 70,
    description: 'Single-zero roulette with every standard inside and outside bet.',
    collections: ['popular', 'table-games'],
  },
  {
    identity: 'blackjack',
    name: 'Blackjack',
    type: 'table',
    volatility: 'low',
    paylines: 0,
    rtp: '99.54',
    score: 80,
    description: 'Six decks, dealer stands on soft 17, blackjack pays 3:2; double and split.',
    collections: ['popular', 'table-games'],
  },
  {
    identity: 'dice',
    name: 'Dice',
    type: 'originals',
    volatility: 'medium',
    paylines: 0,
    rtp: '99.00',
    score: 60,
    description: 'Choose your win chance and roll over or under.',
    collections: ['originals'],
  },
  {
    identity: 'mines',
    name: 'Mines',
    type: 'originals',
    volatility: 'high',
    paylines: 0,
    rtp: '99.00',
    score: 75,
    description: 'Uncover gems on a 5×5 grid, avoid the mines, cash out any time.',
    collections: ['new', 'originals'],
  },
  {
    identity: 'plinko',
    name: 'Plinko',
    type: 'originals',
    volatility: 'medium',
    paylines: 0,
    rtp: '98.99',
    score: 65,
    description: 'Drop the ball through 8, 12 or 16 rows at low, medium or high risk.',
    collections: ['new', 'originals'],
  },
];

/** Demo catalogue: the studio, its six games and five collections. Idempotent: upserts keyed by identity. */
export async function seedGames(db: Db): Promise<void> {
  const [provider] = await db
    .insert(gameProviders)
    .values({ identity: STUDIO_PROVIDER_ID, name: 'Croupier Studio', position: 1 })
    .onConflictDoUpdate({ target: gameProviders.identity, set: { name: 'Croupier Studio' } })
    .returning();
  const collectionIds = new Map<string, string>();
  for (const c of demoCollections) {
    const [row] = await db
      .insert(gameCollections)
      .values(c)
      .onConflictDoUpdate({
        target: gameCollections.identity,
        set: { name: c.name, position: c.position, countries: c.countries, isHidden: c.isHidden },
      })
      .returning({ id: gameCollections.id });
    collectionIds.set(c.identity, row!.id);
  }
  for (const [position, g] of demoGames.entries()) {
    const { collections, ...fields } = g;
    const values = {
      ...fields,
      providerId: provider!.id,
      position: position + 1,
      isDemoMode: true,
      enabled: true,
      imagePath: imagePathOf(g.identity),
    };
    const [row] = await db
      .insert(games)
      .values(values)
      // Descriptive fields only: an operator's enabled / position / score changes survive the next start.
      .onConflictDoUpdate({
        target: games.identity,
        set: {
          name: g.name,
          type: g.type,
          volatility: g.volatility,
          paylines: g.paylines,
          rtp: g.rtp,
          description: g.description,
          imagePath: values.imagePath,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: games.id });
    for (const identity of collections) {
      await db
        .insert(gameCollectionGames)
        .values({ collectionId: collectionIds.get(identity)!, gameId: row!.id, position: position + 1 })
        .onConflictDoNothing();
    }
  }
  invalidateLobby(db);
}

/**
 * The demo's sandbox sportsbook in the catalogue (docs/sportsbook.md): provider `betsy`, one game
 * `betsy-sportsbook-betsy` (real money only, in no collection: `/betting` starts it). Idempotent.
 */
export async function seedSportsbookGame(db: Db): Promise<void> {
  const [provider] = await db
    .insert(gameProviders)
    .values({ identity: 'betsy', name: 'Betsy', position: 2 })
    .onConflictDoUpdate({ target: gameProviders.identity, set: { name: 'Betsy' } })
    .returning();
  const values = {
    identity: 'betsy-sportsbook-betsy',
    name: 'Sportsbook',
    type: 'sportsbook',
    description: 'Pre-match betting on a few fixed events: place, settle or cash out your bets.',
    providerId: provider!.id,
    isDemoMode: false,
    enabled: true,
    position: 100,
    // Its card needs thumbnails like any game (issue 29): art/games/betsy-sportsbook-betsy.svg in the web app.
    imagePath: imagePathOf('betsy-sportsbook-betsy'),
  };
  await db
    .insert(games)
    .values(values)
    .onConflictDoUpdate({
      target: games.identity,
      set: {
        name: values.name,
        type: values.type,
        description: values.description,
        imagePath: values.imagePath,
        updatedAt: sql`now()`,
      },
    });
  invalidateLobby(db);
}
