import { ApiError, ErrorCode, endpoints, pageMeta } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { route } from '../../../http/endpoint.ts';
import { playerOf } from '../../player/index.ts';
import { toLevel, toLoyaltyAccount } from './present.ts';
import { accountOf, levelsOf, levelsPage } from './store.ts';

const e = endpoints.retentionLoyalty;

/** GET /api/retention/account and /api/retention/levels (api-contract §11.1). */
export async function loyaltyRoutes(app: FastifyInstance, { db }: { db: Db }) {
  route(app, e.loyaltyAccount, async ({ request, reply }) => {
    reply.headers({ 'cache-control': 'no-store' });
    const levels = await levelsOf(db);
    // An operator who turned loyalty on before defining levels: no account to show yet (never a 500).
    if (levels.length === 0) throw ApiError.of(ErrorCode.notFound, 'The loyalty programme has no levels yet.');
    return { data: toLoyaltyAccount(await accountOf(db, playerOf(request).playerId), levels) };
  });

  route(app, e.loyaltyLevels, async ({ query }) => {
    const { rows, total } = await levelsPage(db, query);
    return { data: rows.map(toLevel), meta: pageMeta(query.page, query.perPage, total) };
  });
}
