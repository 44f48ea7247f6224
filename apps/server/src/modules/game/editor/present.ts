import type { BackofficeCollection, BackofficeGame, CollectionRef } from '@croupier/contracts';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { imagesOf } from '../catalogue.ts';
import { gameCollectionGames, gameCollections, gameProviders, games } from '../schema.ts';

export type GameRow = typeof games.$inferSelect;
export type CollectionRow = typeof gameCollections.$inferSelect;

/**
 * What the audit log keeps of a game before and after a change: the fields staff edit, collections by identity
 * (readable in the log without a join, and stable across renames of the collection's name).
 */
export interface GameState {
  identity: string;
  name: string;
  enabled: boolean;
  order: number;
  score: number;
  description: string | null;
  badges: string[];
  countries: string[];
  restrictedCountries: string[];
  collections: string[];
  customImagePath: string | null;
}

/** The identities of each game's collections, sorted. */
async function collectionIdentitiesOf(db: Db, gameIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (gameIds.length === 0) return out;
  const links = await db
    .select({ gameId: gameCollectionGames.gameId, identity: gameCollections.identity })
    .from(gameCollectionGames)
    .innerJoin(gameCollections, eq(gameCollections.id, gameCollectionGames.collectionId))
    .where(inArray(gameCollectionGames.gameId, gameIds))
    .orderBy(asc(gameCollections.identity));
  for (const l of links) out.set(l.gameId, [...(out.get(l.gameId) ?? []), l.identity]);
  return out;
}

export const stateOf = (row: GameRow, collections: string[]): GameState => ({
  identity: row.identity,
  name: row.name,
  enabled: row.enabled,
  order: row.position,
  score: row.score,
  description: row.description,
  badges: row.badges,
  countries: row.countries,
  restrictedCountries: row.restrictedCountries,
  collections,
  customImagePath: row.customImagePath,
});

/** The audit state of one game row (its collections read in the caller's transaction). */
export async function gameStateOf(db: Db, row: GameRow): Promise<GameState> {
  return stateOf(row, (await collectionIdentitiesOf(db, [row.id])).get(row.id) ?? []);
}

/** Games as the editor shows them, in the given order: provider and collections in two more queries. */
export async function presentEditorGames(db: Db, rows: GameRow[]): Promise<BackofficeGame[]> {
  if (rows.length === 0) return [];
  const [providers, links] = await Promise.all([
    db
      .select()
      .from(gameProviders)
      .where(inArray(gameProviders.id, [...new Set(rows.map((r) => r.providerId))])),
    db
      .select({ gameId: gameCollectionGames.gameId, collection: gameCollections })
      .from(gameCollectionGames)
      .innerJoin(gameCollections, eq(gameCollections.id, gameCollectionGames.collectionId))
      .where(
        inArray(
          gameCollectionGames.gameId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(gameCollections.position), asc(gameCollections.identity)),
  ]);
  const providerOf = new Map(providers.map((p) => [p.id, { id: p.id, identity: p.identity, name: p.name }]));
  const collectionsOf = new Map<string, CollectionRef[]>();
  for (const { gameId, collection: c } of links) {
    collectionsOf.set(gameId, [...(collectionsOf.get(gameId) ?? []), { id: c.id, identity: c.identity, name: c.name }]);
  }
  return rows.map((g) => ({
    id: g.id,
    identity: g.identity,
    name: g.name,
    provider: providerOf.get(g.providerId) ?? { id: g.providerId, identity: '', name: '' },
    type: g.type,
    enabled: g.enabled,
    order: g.position,
    score: g.score,
    isDemoMode: g.isDemoMode,
    rtp: g.rtp === null ? null : Number(g.rtp),
    description: g.description,
    badges: g.badges,
    countries: g.countries,
    restrictedCountries: g.restrictedCountries,
    collections: collectionsOf.get(g.id) ?? [],
    images: imagesOf(g.imagePath),
    customImages: imagesOf(g.customImagePath),
    updatedAt: g.updatedAt.toISOString(),
  }));
}

/** One game as the editor shows it, or null. */
export async function editorGame(db: Db, id: string): Promise<BackofficeGame | null> {
  const [row] = await db.select().from(games).where(eq(games.id, id));
  return row ? (await presentEditorGames(db, [row]))[0]! : null;
}

/** Collections with their number of games, in lobby order. */
export async function presentCollections(db: Db, rows: CollectionRow[]): Promise<BackofficeCollection[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .select({ collectionId: gameCollectionGames.collectionId, n: count() })
    .from(gameCollectionGames)
    .where(
      inArray(
        gameCollectionGames.collectionId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(gameCollectionGames.collectionId);
  const countOf = new Map(counts.map((c) => [c.collectionId, Number(c.n)]));
  return rows.map((c) => ({
    id: c.id,
    identity: c.identity,
    name: c.name,
    order: c.position,
    countries: c.countries,
    isHidden: c.isHidden,
    games: countOf.get(c.id) ?? 0,
  }));
}
