import { ApiError, ErrorCode } from '@croupier/contracts';
import { and, asc, eq, inArray, max, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { gameCollectionGames, gameCollections, games } from '../schema.ts';
import { type CollectionRow, type GameRow, type GameState, gameStateOf } from './present.ts';

// The one write path of the catalogue (issue 27): the demo's seed and the back office both create and change
// games and collections through these functions, inside the caller's transaction. They lock what they change,
// check what they are given, and answer the before and after the caller audits. Callers drop the lobby cache
// (changeConfig with scope 'lobby').

const invalid = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

export type GameKey = { id: string } | { identity: string };

/** The fields of a game either caller may set; absent: unchanged. */
export interface GameChange {
  name?: string;
  enabled?: boolean;
  /** The lobby's default order (`position`). */
  order?: number;
  score?: number;
  description?: string | null;
  badges?: string[];
  countries?: string[];
  restrictedCountries?: string[];
  /** The collections it is in, by id: the whole set (a new one puts it last there). */
  collections?: string[];
  // What the integration (the seed, a provider's feed) describes; staff do not edit these.
  type?: string;
  volatility?: string;
  paylines?: number;
  rtp?: string | null;
  isDemoMode?: boolean;
  imagePath?: string | null;
  customImagePath?: string | null;
}

/** What a game needs to exist. */
export interface NewGame extends GameChange {
  identity: string;
  name: string;
  providerId: string;
  type: string;
}

export interface Saved<S> {
  id: string;
  /** Null: created by this call. */
  before: S | null;
  after: S;
}

const keyOf = (key: GameKey): SQL => ('id' in key ? eq(games.id, key.id) : eq(games.identity, key.identity));

/** The row's columns for a change (undefined fields left out: unchanged). */
function columnsOf(change: GameChange) {
  const { order, collections: _collections, ...rest } = change;
  const columns: Partial<typeof games.$inferInsert> = { ...rest };
  if (order !== undefined) columns.position = order;
  for (const key of Object.keys(columns) as (keyof typeof columns)[]) {
    if (columns[key] === undefined) delete columns[key];
  }
  return columns;
}

/** Refuses collection ids that name no collection (422 on `field`). */
async function assertCollections(tx: Db, ids: string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: gameCollections.id })
    .from(gameCollections)
    .where(inArray(gameCollections.id, ids));
  if (found.length !== new Set(ids).size) throw invalid(field, 'An unknown collection.');
}

/** The next position at the end of a collection. */
async function endOf(tx: Db, collectionId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(gameCollectionGames.position) })
    .from(gameCollectionGames)
    .where(eq(gameCollectionGames.collectionId, collectionId));
  return (row?.last ?? 0) + 1;
}

/** Makes the game's collections exactly `ids`: kept ones keep their place, new ones put it last. */
async function setGameCollections(tx: Db, gameId: string, ids: string[]): Promise<void> {
  await assertCollections(tx, ids, 'collections');
  await tx
    .delete(gameCollectionGames)
    .where(
      and(
        eq(gameCollectionGames.gameId, gameId),
        ids.length > 0 ? notInArray(gameCollectionGames.collectionId, ids) : undefined,
      ),
    );
  for (const collectionId of ids) {
    await tx
      .insert(gameCollectionGames)
      .values({ collectionId, gameId, position: await endOf(tx, collectionId) })
      .onConflictDoNothing();
  }
}

/**
 * Creates a game (`create`, when the key names none) or changes one (`change`), locked for the transaction.
 * Null when the key names no game and there is nothing to create. A create racing another ends as a change.
 */
export async function saveGame(
  tx: Db,
  key: GameKey,
  change: GameChange,
  create?: NewGame,
): Promise<Saved<GameState> | null> {
  let [row]: (GameRow | undefined)[] = await tx.select().from(games).where(keyOf(key)).for('update');
  if (!row && create) {
    const values = { ...columnsOf(create), ...columnsOf(change) } as typeof games.$inferInsert;
    const [inserted] = await tx.insert(games).values(values).onConflictDoNothing().returning();
    if (inserted) {
      const collections = change.collections ?? create.collections;
      if (collections) await setGameCollections(tx, inserted.id, collections);
      return { id: inserted.id, before: null, after: await gameStateOf(tx, inserted) };
    }
    [row] = await tx.select().from(games).where(keyOf(key)).for('update');
  }
  if (!row) return null;
  const before = await gameStateOf(tx, row);
  const columns = columnsOf(change);
  if (Object.keys(columns).length > 0) {
    [row] = await tx
      .update(games)
      .set({ ...columns, updatedAt: sql`now()` })
      .where(eq(games.id, row.id))
      .returning();
  }
  if (change.collections) await setGameCollections(tx, row!.id, change.collections);
  return { id: row!.id, before, after: await gameStateOf(tx, row!) };
}

/** Locks and reads games by id (in id order, so two bulk edits never wait on each other in a cycle). */
export async function lockGames(tx: Db, ids: string[]): Promise<GameRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(games).where(inArray(games.id, ids)).orderBy(asc(games.id)).for('update');
}

/** Puts games in a collection, last and in the given order; those already there keep their place. */
export async function addGamesToCollection(
  tx: Db,
  collectionId: string,
  gameIds: string[],
  options: { position?: number } = {},
): Promise<string[]> {
  const added: string[] = [];
  let position = options.position ?? (await endOf(tx, collectionId));
  for (const gameId of gameIds) {
    const [row] = await tx
      .insert(gameCollectionGames)
      .values({ collectionId, gameId, position })
      .onConflictDoNothing()
      .returning({ gameId: gameCollectionGames.gameId });
    if (row) {
      added.push(gameId);
      if (options.position === undefined) position += 1;
    }
  }
  return added;
}

/** Takes games out of a collection; answers those that were in it. */
export async function removeGamesFromCollection(tx: Db, collectionId: string, gameIds: string[]): Promise<string[]> {
  if (gameIds.length === 0) return [];
  const rows = await tx
    .delete(gameCollectionGames)
    .where(and(eq(gameCollectionGames.collectionId, collectionId), inArray(gameCollectionGames.gameId, gameIds)))
    .returning({ gameId: gameCollectionGames.gameId });
  return rows.map((r) => r.gameId);
}

// ── Collections ─────────────────────────────────────────────────────────────

export type CollectionKey = { id: string } | { identity: string };

export interface CollectionChange {
  name?: string;
  order?: number;
  countries?: string[];
  isHidden?: boolean;
}

export interface NewCollection extends CollectionChange {
  identity: string;
  name: string;
}

/** What the audit log keeps of a collection. */
export interface CollectionState {
  identity: string;
  name: string;
  order: number;
  countries: string[];
  isHidden: boolean;
}

const collectionStateOf = (c: CollectionRow): CollectionState => ({
  identity: c.identity,
  name: c.name,
  order: c.position,
  countries: c.countries,
  isHidden: c.isHidden,
});

const collectionKeyOf = (key: CollectionKey): SQL =>
  'id' in key ? eq(gameCollections.id, key.id) : eq(gameCollections.identity, key.identity);

function collectionColumnsOf(change: CollectionChange) {
  const columns: Partial<typeof gameCollections.$inferInsert> = {};
  if (change.name !== undefined) columns.name = change.name;
  if (change.order !== undefined) columns.position = change.order;
  if (change.countries !== undefined) columns.countries = change.countries;
  if (change.isHidden !== undefined) columns.isHidden = change.isHidden;
  return columns;
}

/**
 * Creates a collection (`create`, when the key names none; last in the lobby unless it says where) or changes
 * one. Null when the key names none and there is nothing to create.
 */
export async function saveCollection(
  tx: Db,
  key: CollectionKey,
  change: CollectionChange,
  create?: NewCollection,
): Promise<Saved<CollectionState> | null> {
  let [row]: (CollectionRow | undefined)[] = await tx
    .select()
    .from(gameCollections)
    .where(collectionKeyOf(key))
    .for('update');
  if (!row && create) {
    let order = change.order ?? create.order;
    if (order === undefined) {
      const [last] = await tx.select({ last: max(gameCollections.position) }).from(gameCollections);
      order = (last?.last ?? 0) + 1;
    }
    const [inserted] = await tx
      .insert(gameCollections)
      .values({
        identity: create.identity,
        ...collectionColumnsOf(create),
        ...collectionColumnsOf(change),
        position: order,
      } as typeof gameCollections.$inferInsert)
      .onConflictDoNothing()
      .returning();
    if (inserted) return { id: inserted.id, before: null, after: collectionStateOf(inserted) };
    [row] = await tx.select().from(gameCollections).where(collectionKeyOf(key)).for('update');
  }
  if (!row) return null;
  const before = collectionStateOf(row);
  const columns = collectionColumnsOf(change);
  if (Object.keys(columns).length > 0) {
    [row] = await tx.update(gameCollections).set(columns).where(eq(gameCollections.id, row.id)).returning();
  }
  return { id: row!.id, before, after: collectionStateOf(row!) };
}

/** The lobby order of the collections: `ids` must be every collection, each once. */
export async function reorderCollections(tx: Db, ids: string[]): Promise<{ before: string[]; after: string[] }> {
  const rows = await tx
    .select()
    .from(gameCollections)
    .orderBy(asc(gameCollections.position), asc(gameCollections.identity))
    .for('update');
  const known = new Set(rows.map((r) => r.id));
  if (new Set(ids).size !== ids.length || ids.length !== rows.length || ids.some((id) => !known.has(id))) {
    throw invalid('ids', 'Give every collection exactly once, in the new order.');
  }
  const identityOf = new Map(rows.map((r) => [r.id, r.identity]));
  for (const [i, id] of ids.entries()) {
    await tx
      .update(gameCollections)
      .set({ position: i + 1 })
      .where(eq(gameCollections.id, id));
  }
  return { before: rows.map((r) => r.identity), after: ids.map((id) => identityOf.get(id)!) };
}

/**
 * Removes a collection and its memberships; its games stay (with their other collections). Answers what the
 * audit keeps of it, with its games (ids and identities, in its order), or null when it names none.
 */
export async function removeCollection(
  tx: Db,
  collectionId: string,
): Promise<(CollectionState & { gameIds: string[]; games: string[] }) | null> {
  const [row] = await tx.select().from(gameCollections).where(eq(gameCollections.id, collectionId)).for('update');
  if (!row) return null;
  const members = await tx
    .select({ id: games.id, identity: games.identity })
    .from(gameCollectionGames)
    .innerJoin(games, eq(games.id, gameCollectionGames.gameId))
    .where(eq(gameCollectionGames.collectionId, collectionId))
    .orderBy(asc(gameCollectionGames.position), asc(games.identity));
  // The foreign key cascades too; deleting the links first keeps the order of the writes explicit.
  await tx.delete(gameCollectionGames).where(eq(gameCollectionGames.collectionId, collectionId));
  await tx.delete(gameCollections).where(eq(gameCollections.id, collectionId));
  return {
    ...collectionStateOf(row),
    gameIds: members.map((m) => m.id),
    games: members.map((m) => m.identity),
  };
}

/** The identities of a collection's games in its order. */
async function collectionGameIdentities(tx: Db, collectionId: string): Promise<string[]> {
  const rows = await tx
    .select({ identity: games.identity })
    .from(gameCollectionGames)
    .innerJoin(games, eq(games.id, gameCollectionGames.gameId))
    .where(eq(gameCollectionGames.collectionId, collectionId))
    .orderBy(asc(gameCollectionGames.position), asc(games.identity));
  return rows.map((r) => r.identity);
}

/**
 * A collection's games, whole and in order (adds, removes and reorders at once). Null for an unknown
 * collection; unknown games are refused (422 on `gameIds`).
 */
export async function setCollectionGames(
  tx: Db,
  collectionId: string,
  gameIds: string[],
): Promise<{ before: string[]; after: string[] } | null> {
  const [collection] = await tx
    .select({ id: gameCollections.id })
    .from(gameCollections)
    .where(eq(gameCollections.id, collectionId))
    .for('update');
  if (!collection) return null;
  if (gameIds.length > 0) {
    const found = await tx.select({ id: games.id }).from(games).where(inArray(games.id, gameIds));
    if (found.length !== gameIds.length) throw invalid('gameIds', 'An unknown game.');
  }
  const before = await collectionGameIdentities(tx, collectionId);
  await tx
    .delete(gameCollectionGames)
    .where(
      and(
        eq(gameCollectionGames.collectionId, collectionId),
        gameIds.length > 0 ? notInArray(gameCollectionGames.gameId, gameIds) : undefined,
      ),
    );
  for (const [i, gameId] of gameIds.entries()) {
    await tx
      .insert(gameCollectionGames)
      .values({ collectionId, gameId, position: i + 1 })
      .onConflictDoUpdate({
        target: [gameCollectionGames.collectionId, gameCollectionGames.gameId],
        set: { position: i + 1 },
      });
  }
  return { before, after: await collectionGameIdentities(tx, collectionId) };
}
