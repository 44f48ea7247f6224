import { endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { playerOf } from '../player/index.ts';
import { turnOverOf } from './turn-over.ts';

/** GET /api/risk/reasons/turn-over-wager (api-contract §12): the player's own turnover in a currency. */
export async function turnOverRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, endpoints.turnOver.turnOverWager, async ({ request, query, reply }) => {
    reply.headers({ 'cache-control': 'no-store' });
    return { data: await turnOverOf(db, playerOf(request).playerId, query.currency) };
  });
}
