import {
  SEAMLESS_PREFIX,
  SeamlessBalanceRequest,
  SeamlessBatchRequest,
  SeamlessBetRequest,
  SeamlessRollbackRequest,
  SeamlessWinRequest,
} from '@croupier/contracts';
import { seamlessSignature } from '@croupier/contracts/seamless-signature';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { isDatabaseUnavailable } from '../../../db/sql-state.ts';
import { devMailboxEnabled } from '../../notification/index.ts';
import { devLaunchRoute } from './dev-launch.ts';
import { SeamlessError } from './errors.ts';
import type { Action } from './movement-types.ts';
import { createProviderDirectory } from './provider-directory.ts';
import { type ProviderConfig, parseProviders, syncProviders } from './providers.ts';
import { fail, readRequest } from './read-request.ts';
import type { LockColumn, MoneyRule, PlayStatus } from './rules.ts';
import { createSeamlessWallet } from './service.ts';

const movements = [
  ['bet', SeamlessBetRequest],
  ['win', SeamlessWinRequest],
  ['rollback', SeamlessRollbackRequest],
] as const;

/** `sha256=<hex>` of HMAC-SHA256(secret, rawBody): what X-Signature carries. */
export const signatureOf = seamlessSignature;

/**
 * The seamless-wallet API for game providers (server to server, docs/provider-api.md). An encapsulated
 * plugin: its JSON bodies arrive raw, the signature is checked on the raw bytes before anything is
 * parsed, then zod validates. Answers are `{status: 'OK', …}` or `{status: 'ERROR', code, message, balance?}`.
 */
export async function seamlessRoutes(
  app: FastifyInstance,
  opts: {
    config: Config;
    db: Db;
    /** The built-in studio's signing key, resolved once per app (resolveStudioSecret) and shared with it. */
    studioSecret: string;
    /** Run inside every movement's transaction (player status, limits, bonus rules). */
    rules?: readonly MoneyRule[];
    /** The player module's public-name column for the locking statement (decisions 0086, 0099). */
    playerName: LockColumn<string>;
    /** The player module's status and bet block column, for the player-status rule (decision 0106). */
    playStatus: LockColumn<PlayStatus | null>;
    /** Providers built into this process besides the studio (the demo's sandbox sportsbook); SEAMLESS_PROVIDERS wins on an equal id. */
    builtInProviders?: readonly ProviderConfig[];
  },
) {
  const { config, db } = opts;
  const env = config as Config & { SEAMLESS_PROVIDERS?: string };
  const configured = parseProviders(env.SEAMLESS_PROVIDERS);
  const builtIn = (opts.builtInProviders ?? []).filter((p) => !configured.some((c) => c.id === p.id));
  await syncProviders(db, [...builtIn, ...configured], opts.studioSecret);
  const providers = createProviderDirectory(db);
  const wallet = createSeamlessWallet({
    db,
    rules: opts.rules,
    playerName: opts.playerName,
    playStatus: opts.playStatus,
    // The reports' events ride every movement's statement unless the reports are off (decision 0121).
    ledgerEvents: config.REPORTS_ENABLED,
  });

  await app.register(
    async (api) => {
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      api.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        if (error.statusCode && error.statusCode < 500) return fail(reply, 'INVALID_REQUEST', error.message);
        // The database away for a moment (a restart, a failover): the provider retries the same body, which the
        // stored answer makes safe even if the cut came after the commit (docs/provider-api.md); never INTERNAL.
        if (isDatabaseUnavailable(error)) {
          request.log.warn({ err: error }, 'seamless request: database unavailable');
          return reply
            .status(503)
            .header('retry-after', '1')
            .send({ status: 'ERROR', code: 'WALLET_UNAVAILABLE', message: 'The wallet is unavailable; retry' });
        }
        request.log.error({ err: error }, 'seamless request failed');
        return reply.status(500).send({ status: 'ERROR', code: 'INTERNAL', message: 'Internal error, retry later' });
      });

      /** The command's answer, or its refusal with the balance read after the rollback. */
      const answer = async (reply: FastifyReply, run: () => Promise<unknown>) => {
        try {
          return reply.send(await run());
        } catch (error) {
          if (!(error instanceof SeamlessError)) throw error;
          const balance = error.accountId ? await wallet.balanceOf(error.accountId) : null;
          const actionIndex = (error as SeamlessError & { actionIndex?: number }).actionIndex;
          return fail(reply, error.code, error.message, {
            ...(balance ?? {}),
            ...(actionIndex === undefined ? {} : { actionIndex }),
          });
        }
      };

      api.post('/balance', async (request, reply) => {
        const r = await readRequest(providers, request, reply, SeamlessBalanceRequest);
        return r ? answer(reply, () => wallet.balance(r.providerId, r.body.token)) : reply;
      });
      for (const [kind, schema] of movements) {
        api.post(`/${kind}`, async (request, reply) => {
          const r = await readRequest(providers, request, reply, schema);
          if (!r) return reply;
          const { token, ...rest } = r.body;
          return answer(reply, () => wallet.act(r.providerId, token, { action: kind, ...rest } as Action));
        });
      }
      api.post('/batch', async (request, reply) => {
        const r = await readRequest(providers, request, reply, SeamlessBatchRequest);
        return r ? answer(reply, () => wallet.batch(r.providerId, r.body.token, r.body.actions)) : reply;
      });
    },
    { prefix: SEAMLESS_PREFIX },
  );
  // Development and tests only (same rule as POST /api/dev/wallet/credit).
  if (devMailboxEnabled(config)) devLaunchRoute(app, db);
}
