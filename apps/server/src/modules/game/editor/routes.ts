import {
  ApiError,
  type BackofficeCollection,
  backofficeEndpoints,
  type CollectionGame,
  ErrorCode,
} from '@croupier/contracts';
import { gameThumbnailEndpoint } from '@croupier/contracts/endpoints/backoffice-games';
import multipart from '@fastify/multipart';
import { asc, eq, inArray, max } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.ts';
import { changeConfig } from '../../../config-bus/index.ts';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
import { createStorage, type FileStorage } from '../../../storage/index.ts';
import type { AuditInput, StaffContext } from '../../staff/index.ts';
import { gameCollectionGames, gameCollections, gameProviders, games } from '../schema.ts';
import { listEditorGames, listEditorProviders } from './list.ts';
import { editorGame, gameStateOf, presentCollections } from './present.ts';
import {
  addGamesToCollection,
  lockGames,
  removeCollection,
  removeGamesFromCollection,
  reorderCollections,
  saveCollection,
  saveGame,
  setCollectionGames,
} from './save.ts';
import { deleteThumbnails, renderThumbnails, storeThumbnails, thumbnailKey, versionOf } from './thumbnails.ts';
import { readThumbnailUpload } from './upload.ts';

const e = backofficeEndpoints.games;

export interface GameEditorOptions {
  config: Config;
  db: Db;
  /**
   * The staff module's signed-in member and audit writer, handed in by app.ts: importing the staff module here
   * would close an import cycle (staff → compliance → risk → game) that leaves a binding uninitialised at start.
   */
  staff: {
    staffOf(request: FastifyRequest): Pick<StaffContext, 'staffId'>;
    writeAudit(tx: Db, input: AuditInput): Promise<unknown>;
  };
  /** Where thumbnails are kept; default the configured storage (createStorage). */
  storage?: FileStorage;
}

const notFound = (what: string) => ApiError.of(ErrorCode.notFound, `${what} not found.`);
const invalid = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

/** A unique-constraint violation (a game or collection identity taken by a concurrent create). */
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e?.cause ?? e)?.code === '23505';
};

/**
 * The game catalogue editor (issue 27, backoffice-api.md §9), for staff with `catalogue:write`. Every change is
 * one `changeConfig(db, ['lobby'], …)`: the rows, one audit row per game or collection changed (before, after,
 * reason) and the event that drops every instance's lobby cache, in one transaction. Also serves the uploaded
 * thumbnails to the lobby.
 */
export async function gameEditorRoutes(app: FastifyInstance, options: GameEditorOptions): Promise<void> {
  const { db } = options;
  const { staffOf, writeAudit } = options.staff;
  const storage = options.storage ?? createStorage(options.config);
  await app.register(multipart, { limits: { files: 1, parts: 5 } });

  const collectionView = async (tx: Db, id: string): Promise<BackofficeCollection> => {
    const [row] = await tx.select().from(gameCollections).where(eq(gameCollections.id, id));
    return (await presentCollections(tx, [row!]))[0]!;
  };
  const allCollections = async (tx: Db) =>
    presentCollections(
      tx,
      await tx.select().from(gameCollections).orderBy(asc(gameCollections.position), asc(gameCollections.identity)),
    );

  route(app, e.list, async ({ query }) => listEditorGames(db, query));
  route(app, e.providers, async () => ({ data: await listEditorProviders(db) }));

  route(app, e.get, async ({ params }) => {
    const game = await editorGame(db, params.id);
    if (!game) throw notFound('Game');
    return { data: game };
  });

  route(app, e.update, async ({ request, params, body }) => {
    const staffId = staffOf(request).staffId;
    const { reason, ...change } = body;
    const data = await changeConfig(db, ['lobby'], async (tx) => {
      const saved = await saveGame(tx, { id: params.id }, change);
      if (!saved) throw notFound('Game');
      await writeAudit(tx, {
        staffId,
        action: 'game.update',
        targetType: 'game',
        targetId: saved.id,
        reason,
        before: saved.before,
        after: saved.after,
      });
      return (await editorGame(tx, saved.id))!;
    });
    return { data };
  });

  // Through saveGame, the one way a game is created (the seed's too). Disabled by default: checked before it goes
  // live. Last in the lobby's default order unless given one.
  route(app, e.create, async ({ request, body }) => {
    const staffId = staffOf(request).staffId;
    const { reason, providerId, identity, name, type, ...change } = body;
    const taken = () => invalid('identity', 'Another game has this identity.');
    try {
      const data = await changeConfig(db, ['lobby'], async (tx) => {
        const [provider] = await tx
          .select({ id: gameProviders.id })
          .from(gameProviders)
          .where(eq(gameProviders.id, providerId));
        if (!provider) throw invalid('providerId', 'An unknown provider.');
        const [exists] = await tx.select({ id: games.id }).from(games).where(eq(games.identity, identity));
        if (exists) throw taken();
        if (change.order === undefined) {
          const [last] = await tx.select({ last: max(games.position) }).from(games);
          change.order = (last?.last ?? 0) + 1;
        }
        const saved = await saveGame(tx, { identity }, {}, { ...change, providerId, identity, name, type });
        if (!saved || saved.before) throw taken();
        await writeAudit(tx, {
          staffId,
          action: 'game.create',
          targetType: 'game',
          targetId: saved.id,
          reason,
          before: null,
          after: saved.after,
        });
        return (await editorGame(tx, saved.id))!;
      });
      return { data };
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  });

  // One audit row per game the change touched (decision: game catalogue editor), all in one transaction.
  route(app, e.bulk, async ({ request, body }) => {
    const staffId = staffOf(request).staffId;
    const data = await changeConfig(db, ['lobby'], async (tx) => {
      const rows = await lockGames(tx, body.ids);
      if (rows.length !== body.ids.length) throw invalid('ids', 'An unknown game.');
      const collectionId = body.collectionId;
      if (collectionId) {
        const [collection] = await tx
          .select({ id: gameCollections.id })
          .from(gameCollections)
          .where(eq(gameCollections.id, collectionId))
          .for('update');
        if (!collection) throw invalid('collectionId', 'An unknown collection.');
      }
      const befores = new Map(await Promise.all(rows.map(async (r) => [r.id, await gameStateOf(tx, r)] as const)));
      let changed: string[];
      if (body.action === 'enable' || body.action === 'disable') {
        const enabled = body.action === 'enable';
        changed = rows.filter((r) => r.enabled !== enabled).map((r) => r.id);
        for (const id of changed) await saveGame(tx, { id }, { enabled });
      } else if (body.action === 'addToCollection') {
        changed = await addGamesToCollection(tx, collectionId!, body.ids);
      } else {
        changed = await removeGamesFromCollection(tx, collectionId!, body.ids);
      }
      const changedRows = rows.filter((r) => changed.includes(r.id));
      const afterRows = changed.length ? await tx.select().from(games).where(inArray(games.id, changed)) : [];
      const afterOf = new Map(afterRows.map((g) => [g.id, g]));
      for (const row of changedRows) {
        await writeAudit(tx, {
          staffId,
          action: 'game.bulk_update',
          targetType: 'game',
          targetId: row.id,
          reason: body.reason,
          before: befores.get(row.id),
          after: { ...(await gameStateOf(tx, afterOf.get(row.id) ?? row)), bulk: body.action },
        });
      }
      return { changed: changedRows.length, ids: changedRows.map((r) => r.id) };
    });
    return { data };
  });

  route(
    app,
    e.uploadThumbnail,
    async ({ request, params }) => {
      const staffId = staffOf(request).staffId;
      const upload = await readThumbnailUpload(request);
      const [exists] = await db.select({ id: games.id }).from(games).where(eq(games.id, params.id));
      if (!exists) throw notFound('Game');
      const files = await renderThumbnails(upload.bytes);
      // Stored before the row points at them: a reader never sees a path without its files.
      const { version, path } = await storeThumbnails(storage, params.id, files);
      let previous: string | null = null;
      try {
        const data = await changeConfig(db, ['lobby'], async (tx) => {
          const saved = await saveGame(tx, { id: params.id }, { customImagePath: path });
          if (!saved) throw notFound('Game');
          previous = versionOf(params.id, saved.before?.customImagePath ?? null);
          await writeAudit(tx, {
            staffId,
            action: 'game.thumbnail',
            targetType: 'game',
            targetId: saved.id,
            reason: upload.reason,
            before: { customImagePath: saved.before?.customImagePath ?? null },
            after: { customImagePath: path },
          });
          return (await editorGame(tx, saved.id))!;
        });
        if (previous && previous !== version) await deleteThumbnails(storage, params.id, previous);
        return { data };
      } catch (error) {
        await deleteThumbnails(storage, params.id, version);
        throw error;
      }
    },
    { config: { rateLimit: { max: 60, timeWindow: '10 minutes' } } },
  );

  route(app, e.collections, async () => ({ data: await allCollections(db) }));

  route(app, e.createCollection, async ({ request, body }) => {
    const staffId = staffOf(request).staffId;
    const { reason, ...fields } = body;
    try {
      const data = await changeConfig(db, ['lobby'], async (tx) => {
        const [taken] = await tx
          .select({ id: gameCollections.id })
          .from(gameCollections)
          .where(eq(gameCollections.identity, fields.identity));
        if (taken) throw invalid('identity', 'Another collection has this identity.');
        const saved = await saveCollection(tx, { identity: fields.identity }, {}, fields);
        if (!saved || saved.before) throw invalid('identity', 'Another collection has this identity.');
        await writeAudit(tx, {
          staffId,
          action: 'collection.create',
          targetType: 'collection',
          targetId: saved.id,
          reason,
          before: null,
          after: saved.after,
        });
        return collectionView(tx, saved.id);
      });
      return { data };
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid('identity', 'Another collection has this identity.');
      throw error;
    }
  });

  route(app, e.updateCollection, async ({ request, params, body }) => {
    const staffId = staffOf(request).staffId;
    const { reason, ...change } = body;
    const data = await changeConfig(db, ['lobby'], async (tx) => {
      const saved = await saveCollection(tx, { id: params.id }, change);
      if (!saved) throw notFound('Collection');
      await writeAudit(tx, {
        staffId,
        action: 'collection.update',
        targetType: 'collection',
        targetId: saved.id,
        reason,
        before: saved.before,
        after: saved.after,
      });
      return collectionView(tx, saved.id);
    });
    return { data };
  });

  route(app, e.reorderCollections, async ({ request, body }) => {
    const staffId = staffOf(request).staffId;
    const data = await changeConfig(db, ['lobby'], async (tx) => {
      const { before, after } = await reorderCollections(tx, body.ids);
      await writeAudit(tx, {
        staffId,
        action: 'collection.reorder',
        targetType: 'collection',
        targetId: null,
        reason: body.reason,
        before: { order: before },
        after: { order: after },
      });
      return allCollections(tx);
    });
    return { data };
  });

  // The collection and its memberships go; its games stay. Audited with what it was and its games.
  route(app, e.removeCollection, async ({ request, params, body }) => {
    const staffId = staffOf(request).staffId;
    const data = await changeConfig(db, ['lobby'], async (tx) => {
      const removed = await removeCollection(tx, params.id);
      if (!removed) throw notFound('Collection');
      await writeAudit(tx, {
        staffId,
        action: 'collection.remove',
        targetType: 'collection',
        targetId: params.id,
        reason: body.reason,
        before: removed,
        after: null,
      });
      return { id: params.id };
    });
    return { data };
  });

  const collectionGames = async (tx: Db, id: string): Promise<CollectionGame[]> => {
    const rows = await tx
      .select({ id: games.id, identity: games.identity, name: games.name, enabled: games.enabled })
      .from(gameCollectionGames)
      .innerJoin(games, eq(games.id, gameCollectionGames.gameId))
      .where(eq(gameCollectionGames.collectionId, id))
      .orderBy(asc(gameCollectionGames.position), asc(games.identity));
    return rows;
  };

  route(app, e.collectionGames, async ({ params }) => {
    const [exists] = await db
      .select({ id: gameCollections.id })
      .from(gameCollections)
      .where(eq(gameCollections.id, params.id));
    if (!exists) throw notFound('Collection');
    return { data: await collectionGames(db, params.id) };
  });

  route(app, e.setCollectionGames, async ({ request, params, body }) => {
    const staffId = staffOf(request).staffId;
    const data = await changeConfig(db, ['lobby'], async (tx) => {
      const saved = await setCollectionGames(tx, params.id, body.gameIds);
      if (!saved) throw notFound('Collection');
      await writeAudit(tx, {
        staffId,
        action: 'collection.games',
        targetType: 'collection',
        targetId: params.id,
        reason: body.reason,
        before: { games: saved.before },
        after: { games: saved.after },
      });
      return collectionGames(tx, params.id);
    });
    return { data };
  });

  // The lobby's copy of an uploaded thumbnail: public and immutable (each upload is a new version folder).
  route(app, gameThumbnailEndpoint, async ({ params, reply }) => {
    const bytes = await storage.get(thumbnailKey(params.gameId, params.version, params.file));
    if (!bytes) throw notFound('Thumbnail');
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(Buffer.from(bytes));
  });
}
