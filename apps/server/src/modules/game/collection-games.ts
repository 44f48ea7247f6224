import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameCollectionGames, gameCollections, games } from './schema.ts';

/**
 * The identities of the games in any of these collections (by collection identity): what a tournament's
 * `gameCollections` condition counts (retention). Unknown collections add nothing.
 */
export async function gameIdentitiesInCollections(db: Db, collections: string[]): Promise<Set<string>> {
  if (collections.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ identity: games.identity })
    .from(gameCollectionGames)
    .innerJoin(gameCollections, eq(gameCollections.id, gameCollectionGames.collectionId))
    .innerJoin(games, eq(games.id, gameCollectionGames.gameId))
    .where(inArray(gameCollections.identity, collections));
  return new Set(rows.map((r) => r.identity));
}
