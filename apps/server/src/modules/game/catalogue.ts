import type {
  Collection,
  Game,
  GameImages,
  GamesQuery,
  PaginationMeta,
  Provider,
  ProvidersQuery,
} from '@croupier/contracts';
import { pageMeta } from '@croupier/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { gameCollectionGames, gameCollections, gameFavorites, gamePlays, gameProviders, games } from './schema.ts';

type GameRow = typeof games.$inferSelect;
type ProviderRow = typeof gameProviders.$inferSelect;
type CollectionRow = typeof gameCollections.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id or identity path value as a condition on a table's uuid `id` or text `identity`. */
const idOrIdentity = (table: { id: typeof games.id; identity: typeof games.identity }, value: string): SQL =>
  UUID.test(value) ? eq(table.id, value.toLowerCase()) : eq(table.identity, value);
/** The same for a list: ids are compared as text, so a non-uuid value never breaks the cast. */
const anyIdOrIdentity = (id: SQL | typeof games.id, identity: SQL | typeof games.identity, values: string[]): SQL =>
  sql`(${id}::text in ${values} or ${identity} in ${values})`;

/** `images` of a game: the 200x200 and 200x300 thumbnails at 1x, 2x and 3x under its image folder. */
export function imagesOf(path: string | null): GameImages {
  if (!path) return {};
  const set = (size: string) => ({
    '1x': `${path}/${size}@1x.png`,
    '2x': `${path}/${size}@2x.png`,
    '3x': `${path}/${size}@3x.png`,
  });
  return { '200x200': set('200x200'), '200x300': set('200x300') };
}

export const toCollection = (c: CollectionRow): Collection => ({
  id: c.id,
  identity: c.identity,
  name: c.name,
  countries: c.countries,
  isHidden: c.isHidden,
});

const logoOf = (path: string | null) => (path ? { '116x40': { '1x': path } } : {});
export const toProvider = (p: ProviderRow, gameEnabledCount: number): Provider => ({
  id: p.id,
  identity: p.identity,
  name: p.name,
  gameEnabledCount,
  images: logoOf(p.logoPath),
  customImages: {},
});

/** Enabled games per provider id. */
async function enabledCounts(db: Db, providerIds?: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ providerId: games.providerId, n: count() })
    .from(games)
    .where(and(eq(games.enabled, true), providerIds ? inArray(games.providerId, providerIds) : undefined))
    .groupBy(games.providerId);
  return new Map(rows.map((r) => [r.providerId, Number(r.n)]));
}

/** Full Game objects for rows, in the given order: provider and collections in two more queries. */
export async function present(db: Db, rows: GameRow[]): Promise<Game[]> {
  if (rows.length === 0) return [];
  const providerIds = [...new Set(rows.map((r) => r.providerId))];
  const gameIds = rows.map((r) => r.id);
  const [providers, counts, links] = await Promise.all([
    db.select().from(gameProviders).where(inArray(gameProviders.id, providerIds)),
    enabledCounts(db, providerIds),
    db
      .select({ gameId: gameCollectionGames.gameId, collection: gameCollections })
      .from(gameCollectionGames)
      .innerJoin(gameCollections, eq(gameCollections.id, gameCollectionGames.collectionId))
      .where(inArray(gameCollectionGames.gameId, gameIds))
      .orderBy(asc(gameCollections.position), asc(gameCollections.identity)),
  ]);
  const providerOf = new Map(providers.map((p) => [p.id, toProvider(p, counts.get(p.id) ?? 0)]));
  const collectionsOf = new Map<string, Collection[]>();
  for (const l of links) {
    const list = collectionsOf.get(l.gameId) ?? [];
    list.push(toCollection(l.collection));
    collectionsOf.set(l.gameId, list);
  }
  return rows.map((g) => ({
    id: g.id,
    identity: g.identity,
    name: g.name,
    isDemoMode: g.isDemoMode,
    paylines: g.paylines,
    volatility: g.volatility,
    type: g.type,
    platforms: g.platforms,
    screenHeightRatio: null,
    screenWidthRatio: null,
    images: imagesOf(g.imagePath),
    customImages: imagesOf(g.customImagePath),
    provider: providerOf.get(g.providerId)!,
    collections: collectionsOf.get(g.id) ?? [],
    labels: g.badges.map((badge) => ({
      id: badge,
      name: badge,
      createdAt: g.createdAt.toISOString(),
      updatedAt: null,
    })),
    isBonusWagering: false,
    minimumBonusWagerMultiplier: 0,
    rtp: g.rtp === null ? null : Number(g.rtp),
    description: g.description,
    currencies: g.currencies,
  }));
}

/**
 * Where a game may be shown and played: the game's own countries when it names some, never its restricted
 * ones, and a game in a collection limited to some countries is only available in those (every limited
 * collection of the game must name the country).
 */
const availableIn = (countries: string[]): SQL => {
  const list = sql`array[${sql.join(
    countries.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`;
  return sql`(cardinality(${games.countries}) = 0 or ${games.countries} @> ${list})
    and not (${games.restrictedCountries} && ${list})
    and not exists (select 1 from ${gameCollectionGames} gc join ${gameCollections} c on c.id = gc.collection_id
    where gc.game_id = ${games.id} and cardinality(c.countries) > 0 and not (c.countries @> ${list}))`;
};

const DEFAULT_DESC = new Set(['score', 'createdAt', 'rtp', 'popular', 'rating']);

/** GET /api/game/games: enabled games, filtered, sorted and paginated. */
export async function listGames(
  db: Db,
  q: z.output<typeof GamesQuery>,
): Promise<{ data: Game[]; meta: PaginationMeta }> {
  const conditions: SQL[] = [eq(games.enabled, true)];
  if (q.collectionId?.length) {
    conditions.push(sql`exists (select 1 from ${gameCollectionGames} gc join ${gameCollections} c on c.id = gc.collection_id
      where gc.game_id = ${games.id} and ${anyIdOrIdentity(sql`c.id`, sql`c.identity`, q.collectionId)})`);
  }
  if (q.providerId?.length) {
    conditions.push(sql`exists (select 1 from ${gameProviders} p
      where p.id = ${games.providerId} and ${anyIdOrIdentity(sql`p.id`, sql`p.identity`, q.providerId)})`);
  }
  if (q.gameId?.length) conditions.push(sql`${games.id}::text in ${q.gameId.map((v) => v.toLowerCase())}`);
  if (q.identity?.length) conditions.push(inArray(games.identity, q.identity));
  if (q.name) conditions.push(sql`${games.name} ilike ${containing(q.name)} escape '\\'`);
  if (q.countries?.length) conditions.push(availableIn(q.countries));
  const where = and(...conditions);

  const direction = (q.sortOrder ?? (DEFAULT_DESC.has(q.sortBy) ? 'desc' : 'asc')) === 'desc' ? desc : asc;
  const order: SQL[] = [];
  if (q.sortBy === 'name') order.push(direction(sql`lower(${games.name})`));
  else if (q.sortBy === 'score') order.push(direction(games.score));
  else if (q.sortBy === 'createdAt') order.push(direction(games.createdAt));
  else if (q.sortBy === 'rtp') order.push(sql`${games.rtp} ${direction === desc ? sql`desc` : sql`asc`} nulls last`);
  // Players whose last launch of the game is within 7 days (game.plays keeps one row per player and game).
  else if (q.sortBy === 'popular') {
    order.push(
      direction(sql`(select count(*) from ${gamePlays} p where p.game_id = ${games.id}
        and p.last_played_at > now() - interval '7 days')`),
    );
  } else if (q.sortBy === 'rating') {
    order.push(direction(sql`(select count(*) from ${gameFavorites} f where f.game_id = ${games.id})`));
  }
  if (q.sortBy === 'popular' || q.sortBy === 'rating' || q.sortBy === 'default' || q.sortBy === 'order') {
    // The collection order; after a count it breaks ties, always ascending.
    const then = q.sortBy === 'popular' || q.sortBy === 'rating' ? asc : direction;
    if (q.collectionId?.length) {
      order.push(
        then(sql`(select min(gc.position) from ${gameCollectionGames} gc join ${gameCollections} c on c.id = gc.collection_id
          where gc.game_id = ${games.id} and ${anyIdOrIdentity(sql`c.id`, sql`c.identity`, q.collectionId)})`),
      );
    }
    order.push(then(games.position), then(sql`lower(${games.name})`));
  }
  order.push(asc(games.identity));

  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(games)
      .where(where)
      .orderBy(...order)
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(games).where(where),
  ]);
  return { data: await present(db, rows), meta: pageMeta(q.page, q.perPage, Number(total?.n ?? 0)) };
}

/** One enabled game by id or identity; null when unknown or disabled. */
export async function findGame(db: Db, value: string): Promise<GameRow | null> {
  const [row] = await db
    .select()
    .from(games)
    .where(and(idOrIdentity(games, value), eq(games.enabled, true)));
  return row ?? null;
}

/**
 * Whether the game is unavailable in any of the countries: restricted there, not among its own countries, or
 * a limited collection of it does not name the country.
 */
export async function restrictedIn(db: Db, gameId: string, countries: string[]): Promise<boolean> {
  if (countries.length === 0) return false;
  const [own] = await db
    .select({ countries: games.countries, restricted: games.restrictedCountries })
    .from(games)
    .where(eq(games.id, gameId));
  if (
    own &&
    countries.some(
      (country) => own.restricted.includes(country) || (own.countries.length > 0 && !own.countries.includes(country)),
    )
  ) {
    return true;
  }
  const limited = await db
    .select({ countries: gameCollections.countries })
    .from(gameCollectionGames)
    .innerJoin(gameCollections, eq(gameCollections.id, gameCollectionGames.collectionId))
    .where(and(eq(gameCollectionGames.gameId, gameId), sql`cardinality(${gameCollections.countries}) > 0`));
  return countries.some((country) => limited.some((c) => !c.countries.includes(country)));
}

/** Collections shown in a country (all when the country is unknown), by position. */
export async function listCollections(db: Db, country: string | null): Promise<Collection[]> {
  const rows = await db
    .select()
    .from(gameCollections)
    .where(
      country
        ? sql`(cardinality(${gameCollections.countries}) = 0 or ${country} = any(${gameCollections.countries}))`
        : undefined,
    )
    .orderBy(asc(gameCollections.position), asc(gameCollections.identity));
  return rows.map(toCollection);
}

export async function listProviders(db: Db, q: z.output<typeof ProvidersQuery>): Promise<Provider[]> {
  const direction = q.sortOrder === 'desc' ? desc : asc;
  const rows = await db
    .select()
    .from(gameProviders)
    .where(q.name ? sql`${gameProviders.name} ilike ${containing(q.name)} escape '\\'` : undefined)
    .orderBy(
      ...(q.sortBy === 'name'
        ? [direction(sql`lower(${gameProviders.name})`)]
        : [direction(gameProviders.position), direction(sql`lower(${gameProviders.name})`)]),
      asc(gameProviders.identity),
    )
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const counts = await enabledCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((p) => toProvider(p, counts.get(p.id) ?? 0));
}

export async function findProvider(db: Db, value: string): Promise<Provider | null> {
  const [row] = await db
    .select()
    .from(gameProviders)
    .where(idOrIdentity(gameProviders as never, value));
  if (!row) return null;
  const counts = await enabledCounts(db, [row.id]);
  return toProvider(row, counts.get(row.id) ?? 0);
}

// ── Favorites and recently played ──────────────────────────────────────────

/** The player's enabled favorite games, newest first. */
export async function listFavorites(db: Db, playerId: string): Promise<Game[]> {
  const rows = await db
    .select({ game: games })
    .from(gameFavorites)
    .innerJoin(games, eq(games.id, gameFavorites.gameId))
    .where(and(eq(gameFavorites.playerId, playerId), eq(games.enabled, true)))
    .orderBy(desc(gameFavorites.createdAt), asc(games.identity));
  return present(
    db,
    rows.map((r) => r.game),
  );
}

/** Adds (idempotent: a second add keeps the first date). */
export async function addFavorite(db: Db, playerId: string, gameId: string): Promise<void> {
  await db.insert(gameFavorites).values({ playerId, gameId }).onConflictDoNothing();
}

export async function removeFavorite(db: Db, playerId: string, gameId: string): Promise<void> {
  await db.delete(gameFavorites).where(and(eq(gameFavorites.playerId, playerId), eq(gameFavorites.gameId, gameId)));
}

/** Remembers a launch for "recently played" (one row per player and game, the last launch wins). */
export async function recordPlay(db: Db, playerId: string, gameId: string, demo: boolean): Promise<void> {
  await db
    .insert(gamePlays)
    .values({ playerId, gameId, demo, lastPlayedAt: new Date() })
    .onConflictDoUpdate({
      target: [gamePlays.playerId, gamePlays.gameId],
      set: { demo, lastPlayedAt: sql`excluded.last_played_at` },
    });
}

/** Recently played enabled games, newest first; optionally only those for a platform or available in a country. */
export async function listPlayed(
  db: Db,
  playerId: string,
  { perPage, platform, countryCode }: { perPage: number; platform?: number; countryCode?: string },
): Promise<Game[]> {
  const rows = await db
    .select({ game: games })
    .from(gamePlays)
    .innerJoin(games, eq(games.id, gamePlays.gameId))
    .where(
      and(
        eq(gamePlays.playerId, playerId),
        eq(games.enabled, true),
        platform ? sql`${platform} = any(${games.platforms})` : undefined,
        countryCode ? availableIn([countryCode]) : undefined,
      ),
    )
    .orderBy(desc(gamePlays.lastPlayedAt), asc(games.identity))
    .limit(perPage);
  return present(
    db,
    rows.map((r) => r.game),
  );
}

/** Catalogue rows by identity (history: names and images of the rounds' games). */
export async function gamesByIdentity(db: Db, identities: string[]): Promise<Map<string, GameRow>> {
  if (identities.length === 0) return new Map();
  const rows = await db
    .select()
    .from(games)
    .where(inArray(games.identity, [...new Set(identities)]));
  return new Map(rows.map((r) => [r.identity, r]));
}

/**
 * The seamless provider id of a catalogue game (its provider's identity, as the launch uses it), or null when
 * the catalogue does not know the game. Free spins are bound to it when issued (decision 0095).
 */
export async function providerOfGame(db: Db, identity: string): Promise<string | null> {
  const [row] = await db
    .select({ provider: gameProviders.identity })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(eq(games.identity, identity));
  return row?.provider ?? null;
}
