import type { BackofficeGame, BackofficeGamesQuery, BackofficeProvider, PaginationMeta } from '@croupier/contracts';
import { pageMeta } from '@croupier/contracts';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { containing } from '../../../db/like.ts';
import { gameCollectionGames, gameCollections, gameProviders, games } from '../schema.ts';
import { presentEditorGames } from './present.ts';

type Query = z.output<typeof BackofficeGamesQuery>;

/** An id or an identity, compared as text so a non-uuid value never breaks the cast. */
const idOrIdentity = (id: SQL, identity: SQL, value: string) =>
  sql`(${id}::text = ${value.toLowerCase()} or ${identity} = ${value})`;

/** GET /api/backoffice/games: every game, enabled or not, by lobby order, filtered and paged on the server. */
export async function listEditorGames(db: Db, q: Query): Promise<{ data: BackofficeGame[]; meta: PaginationMeta }> {
  const conditions: SQL[] = [];
  if (q.enabled !== undefined) conditions.push(eq(games.enabled, q.enabled));
  if (q.provider) {
    conditions.push(sql`exists (select 1 from ${gameProviders} p
      where p.id = ${games.providerId} and ${idOrIdentity(sql`p.id`, sql`p.identity`, q.provider)})`);
  }
  if (q.collection) {
    conditions.push(sql`exists (select 1 from ${gameCollectionGames} gc join ${gameCollections} c on c.id = gc.collection_id
      where gc.game_id = ${games.id} and ${idOrIdentity(sql`c.id`, sql`c.identity`, q.collection)})`);
  }
  if (q.search) {
    const like = containing(q.search);
    conditions.push(sql`(${games.name} ilike ${like} escape '\\' or ${games.identity} ilike ${like} escape '\\')`);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(games)
      .where(where)
      .orderBy(asc(games.position), asc(sql`lower(${games.name})`), asc(games.identity))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(games).where(where),
  ]);
  return { data: await presentEditorGames(db, rows), meta: pageMeta(q.page, q.perPage, Number(total?.n ?? 0)) };
}

/** Providers by position, with their number of games (enabled or not). */
export async function listEditorProviders(db: Db): Promise<BackofficeProvider[]> {
  const rows = await db
    .select({
      id: gameProviders.id,
      identity: gameProviders.identity,
      name: gameProviders.name,
      games: count(games.id),
    })
    .from(gameProviders)
    .leftJoin(games, eq(games.providerId, gameProviders.id))
    .groupBy(gameProviders.id)
    .orderBy(asc(gameProviders.position), asc(sql`lower(${gameProviders.name})`));
  return rows.map((r) => ({ ...r, games: Number(r.games) }));
}
