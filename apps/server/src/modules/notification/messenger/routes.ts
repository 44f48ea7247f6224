import { endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
import { playerOf } from '../../player/index.ts';
import { deleteMessages, listMessages, markRead } from './service.ts';

const e = endpoints.notification;

/** The messenger API (api-contract §13): the player's own messages only. */
export function messengerRoutes(app: FastifyInstance, db: Db): void {
  route(app, e.messages, async ({ request, query, reply }) => {
    reply.header('cache-control', 'no-store');
    return listMessages(db, playerOf(request).playerId, query);
  });
  route(app, e.read, async ({ request, body }) => ({
    data: { totalUnread: await markRead(db, playerOf(request).playerId, body.messageIds) },
  }));
  route(app, e.readAll, async ({ request }) => ({
    data: { totalUnread: await markRead(db, playerOf(request).playerId, 'all') },
  }));
  route(app, e.remove, async ({ request, body }) => ({
    data: { totalUnread: await deleteMessages(db, playerOf(request).playerId, body.messageIds) },
  }));
}
