import { STUDIO_PROVIDER_ID } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import { addGamesToCollection, saveCollection, saveGame } from './editor/save.ts';
import { invalidateLobby } from './lobby-cache.ts';
import { gameProviders } from './schema.ts';

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

/**
 * Demo catalogue: the studio, its six games and five collections. Idempotent: keyed by identity, through the
 * catalogue's one write path (editor/save.ts), so the seed and the back office cannot disagree on what a game is.
 */
export async function seedGames(db: Db): Promise<void> {
  // Its own transaction, not changeConfig: seeding runs at start, before this instance serves, and is no staff
  // change; an event would reach the caches of tests (and instances) long after, dropping them for nothing.
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const provider = await seedProvider(tx, STUDIO_PROVIDER_ID, 'Croupier Studio', 1);
    const collectionIds = new Map<string, string>();
    for (const { position, ...c } of demoCollections) {
      const saved = await saveCollection(tx, { identity: c.identity }, { ...c, order: position }, c);
      collectionIds.set(c.identity, saved!.id);
    }
    for (const [position, g] of demoGames.entries()) {
      const { collections, score, identity, ...described } = g;
      const imagePath = imagePathOf(identity);
      // Descriptive fields only on an existing game: an operator's enabled / order / score changes survive.
      const saved = await saveGame(
        tx,
        { identity },
        { ...described, imagePath },
        { ...described, identity, score, imagePath, providerId: provider, order: position + 1, isDemoMode: true },
      );
      for (const collection of collections) {
        await addGamesToCollection(tx, collectionIds.get(collection)!, [saved!.id], { position: position + 1 });
      }
    }
  });
  invalidateLobby(db);
}

/** A provider by identity (created, or its name kept up to date); answers its id. */
async function seedProvider(tx: Db, identity: string, name: string, position: number): Promise<string> {
  const [provider] = await tx
    .insert(gameProviders)
    .values({ identity, name, position })
    .onConflictDoUpdate({ target: gameProviders.identity, set: { name } })
    .returning({ id: gameProviders.id });
  return provider!.id;
}

/**
 * The demo's sandbox sportsbook in the catalogue (docs/sportsbook.md): provider `betsy`, one game
 * `betsy-sportsbook-betsy` (real money only, in no collection: `/betting` starts it). Idempotent.
 */
export async function seedSportsbookGame(db: Db): Promise<void> {
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const providerId = await seedProvider(tx, 'betsy', 'Betsy', 2);
    const described = {
      name: 'Sportsbook',
      type: 'sportsbook',
      description: 'Pre-match betting on a few fixed events: place, settle or cash out your bets.',
      // Its card needs thumbnails like any game (issue 29): art/games/betsy-sportsbook-betsy.svg in the web app.
      imagePath: imagePathOf('betsy-sportsbook-betsy'),
    };
    await saveGame(tx, { identity: 'betsy-sportsbook-betsy' }, described, {
      ...described,
      identity: 'betsy-sportsbook-betsy',
      providerId,
      isDemoMode: false,
      enabled: true,
      order: 100,
    });
  });
  invalidateLobby(db);
}
