import { backofficeEndpoints, pageMeta } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { playerSessionsForStaff, searchPlayers } from '../../player/index.ts';
import { ledgerHistory } from '../../wallet/index.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';
import { can } from '../roles.ts';
import { blocksRoutes } from './blocks-routes.ts';
import { historyRoutes } from './history-routes.ts';
import { setLimit } from './limits.ts';
import { addNote, notesOf } from './notes.ts';
import { player360 } from './player-360.ts';
import { recordView, requirePlayer } from './viewed.ts';

const e = backofficeEndpoints.players;

/**
 * The players area (§4, decision 0107): search, the 360, transactions, sessions, notes and limits; blocks and
 * closing sessions are blocks-routes.ts, rounds and invoices history-routes.ts. Every read of one player writes
 * its audit row (§7); the search does not: it is not a view of one player, and its text (an e-mail, a phone) is
 * kept nowhere, not even in the log.
 */
export async function playersRoutes(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  const { db } = deps;
  const readDb = deps.readDb ?? db;

  // The search's URL carries its text (a prefix of an e-mail or a phone): its request lines stay out of the
  // info log (errors are still logged). Registered before the route, which it then sees.
  app.addHook('onRoute', (r) => {
    if (r.url === e.search.path && [r.method].flat().includes('GET')) r.logLevel = 'warn';
  });

  route(app, e.search, async ({ query }) => {
    const { rows, total } = await searchPlayers(readDb, query);
    return { data: rows, meta: pageMeta(query.page, query.perPage, total) };
  });

  route(app, e.get, async ({ params, request }) => {
    const data = await player360(db, params.id, new Date(), {
      mayReadAml: can(staffOf(request).role, 'flags:review'),
    });
    await recordView(db, staffOf(request), 'player.view', params.id);
    return { data };
  });

  route(app, e.transactions, async ({ params, query, request }) => {
    await requirePlayer(db, params.id);
    const currency = query.currency?.trim().toUpperCase() || undefined;
    const { rows, total } = await ledgerHistory(readDb, { ...query, playerId: params.id, currency });
    await recordView(db, staffOf(request), 'player.transactions.view', params.id, {
      page: query.page,
      perPage: query.perPage,
      currency: currency ?? null,
    });
    return { data: rows, meta: pageMeta(query.page, query.perPage, total) };
  });

  route(app, e.sessions, async ({ params, request }) => {
    await requirePlayer(db, params.id);
    const data = await playerSessionsForStaff(db, params.id);
    await recordView(db, staffOf(request), 'player.sessions.view', params.id);
    return { data };
  });

  route(app, e.notes, async ({ params, request }) => {
    await requirePlayer(db, params.id);
    const data = await notesOf(db, params.id);
    await recordView(db, staffOf(request), 'player.notes.view', params.id);
    return { data };
  });

  route(app, e.addNote, async ({ params, body, request, reply }) => {
    await requirePlayer(db, params.id);
    const data = await addNote(db, staffOf(request), params.id, body.text);
    reply.code(201);
    return { data };
  });

  route(app, e.setLimit, async ({ params, body, request }) => {
    await requirePlayer(db, params.id);
    return { data: await setLimit(db, staffOf(request), params.id, body, new Date()) };
  });

  await blocksRoutes(app, deps);
  await historyRoutes(app, deps);
}
