import { endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
import { playerOf } from '../../player/index.ts';
import { chatwootAdapter } from './chatwoot.ts';
import { createLiveChat } from './livechat.ts';

const e = endpoints.integrations;

/** The live-chat identity endpoints (api-contract §4.1, decision 0068); 404 while live chat is not configured. */
export async function integrationRoutes(app: FastifyInstance, { config, db }: { config: Config; db: Db }) {
  const chat = createLiveChat(db, chatwootAdapter(config));
  route(app, e.livechatToken, async ({ request }) => ({ data: await chat.token(playerOf(request).playerId) }));
  // Guests too (api-contract §1.2): a signed-in caller gets its own identity, a guest a new random one.
  route(app, e.livechatFreshToken, async ({ request }) => ({
    data: await chat.fresh(request.player?.playerId ?? null),
  }));
  route(app, e.livechatHasToken, async ({ request }) => ({ data: await chat.has(playerOf(request).playerId) }));
  route(app, e.livechatDeleteToken, async ({ request }) => ({ data: await chat.forget(playerOf(request).playerId) }));
}
