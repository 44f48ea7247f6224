import { ApiError, ErrorCode, endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../http/endpoint.ts';
import { devMailboxEnabled } from '../notification/index.ts';
import { type PlayerModule, playerOf } from '../player/index.ts';
import { createWalletAccounts } from './accounts.ts';
import { devCredit } from './credit.ts';

const e = endpoints.wallet;

/** GET/POST /api/wallet/accounts, PUT …/switch, PUT …/hide (api-contract §7), and the development credit. */
export async function walletRoutes(
  app: FastifyInstance,
  { config, db, player }: { config: Config; db: Db; player: Pick<PlayerModule, 'getProfile'> },
) {
  const wallet = createWalletAccounts(db);
  const noStore = { 'cache-control': 'no-store' };

  route(app, e.accounts, async ({ request, reply }) => {
    reply.headers(noStore);
    return { data: await wallet.list(playerOf(request).playerId) };
  });
  route(app, e.createAccount, async ({ request, body }) => ({
    data: await wallet.create(playerOf(request).playerId, body.currency),
  }));
  route(app, e.switchAccount, async ({ request, params }) => ({
    data: await wallet.switch(playerOf(request).playerId, params.accountId),
  }));
  route(app, e.hideAccount, async ({ request, params }) => ({
    data: await wallet.hide(playerOf(request).playerId, params.accountId),
  }));

  // Funds any player from the house with no payment at all: exists only where the development mailbox does
  // (DEV_MAILBOX, on by default outside production and in the `npm start` demo), docs/decisions/0013.
  if (devMailboxEnabled(config)) {
    if (config.NODE_ENV === 'production') {
      app.log.warn('DEV_MAILBOX is on in production: POST /api/dev/wallet/credit funds any account for anyone');
    }
    route(app, e.devCredit, async ({ body }) => {
      try {
        await player.getProfile(body.playerId);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', { playerId: ['No such player.'] });
      }
      return { data: await devCredit(db, body) };
    });
  }
}
