import { endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint.ts';
import { playerOf } from '../player/index.ts';
import type { ReferralService } from './service.ts';

const e = endpoints.referrals;

/** GET /api/player/profile/referrals and /api/player/referral-settings (api-contract §4). */
export async function referralRoutes(app: FastifyInstance, { service }: { service: ReferralService }) {
  route(app, e.referrals, async ({ query, request }) =>
    service.list(playerOf(request).playerId, query.page, query.perPage),
  );
  route(app, e.referralSettings, async () => ({ data: service.settings() }));
}
