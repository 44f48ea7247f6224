import {
  SEAMLESS_PREFIX,
  SeamlessBalanceRequest,
  SeamlessBatchRequest,
  SeamlessBetRequest,
  type SeamlessCode,
  SeamlessRollbackRequest,
  SeamlessWinRequest,
  STUDIO_PROVIDER_ID,
  seamlessHeaders,
  seamlessHttpStatus,
} from '@croupier/contracts';
import { isSeamlessSignature, seamlessSignature } from '@croupier/contracts/seamless-signature';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { nulAt } from '../../../http/nul.ts';
import { devMailboxEnabled } from '../../notification/messaging/settings.ts';
import { enabledCurrencies } from '../present.ts';
import type { Action } from './context.ts';
import { SeamlessError } from './errors.ts';
import { issueLaunchToken } from './launch.ts';
import { createProviderDirectory } from './provider-directory.ts';
import { parseProviders, syncProviders } from './providers.ts';
import type { MoneyRule } from './rules.ts';
import { createSeamlessWallet } from './service.ts';

const schemas = {
  balance: SeamlessBalanceRequest,
  bet: SeamlessBetRequest,
  win: SeamlessWinRequest,
  rollback: SeamlessRollbackRequest,
  batch: SeamlessBatchRequest,
};

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
  },
) {
  const { config, db } = opts;
  const env = config as Config & { SEAMLESS_PROVIDERS?: string };
  await syncProviders(db, parseProviders(env.SEAMLESS_PROVIDERS), opts.studioSecret);
  const providers = createProviderDirectory(db);
  const wallet = createSeamlessWallet({ db, rules: opts.rules });

  await app.register(
    async (api) => {
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      const fail = (reply: FastifyReply, code: SeamlessCode, message: string, extra: Record<string, unknown> = {}) =>
        reply.status(seamlessHttpStatus[code] ?? 200).send({ status: 'ERROR', code, message, ...extra });
      api.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        if (error.statusCode && error.statusCode < 500) return fail(reply, 'INVALID_REQUEST', error.message);
        request.log.error({ err: error }, 'seamless request failed');
        return reply.status(500).send({ status: 'ERROR', code: 'INTERNAL', message: 'Internal error, retry later' });
      });

      /** Signature first (401, nothing parsed), then JSON and the schema (422). */
      const read = async <S extends z.ZodType>(request: FastifyRequest, reply: FastifyReply, schema: S) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const providerId = request.headers[seamlessHeaders.providerId];
        const provider = typeof providerId === 'string' ? await providers.get(providerId) : undefined;
        // The HMAC is computed for unknown providers too, so timing tells nothing about which ids exist.
        const valid = isSeamlessSignature(
          provider?.enabled ? provider.secret : '-',
          raw,
          request.headers[seamlessHeaders.signature],
        );
        if (!provider?.enabled || !valid) {
          fail(reply, 'INVALID_SIGNATURE', 'Unknown provider or bad X-Signature');
          return null;
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          fail(reply, 'INVALID_REQUEST', 'The body is not JSON');
          return null;
        }
        const nul = nulAt(json);
        if (nul) {
          fail(reply, 'INVALID_REQUEST', `${nul}: must not contain a NUL character`);
          return null;
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          fail(reply, 'INVALID_REQUEST', `${issue.path.join('.') || 'body'}: ${issue.message}`);
          return null;
        }
        return { providerId: provider.id, body: parsed.data as z.output<S> };
      };

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
        const r = await read(request, reply, schemas.balance);
        if (r) return answer(reply, () => wallet.balance(r.providerId, r.body.token));
        return reply;
      });
      for (const kind of ['bet', 'win', 'rollback'] as const) {
        api.post(`/${kind}`, async (request, reply) => {
          const r = await read(request, reply, schemas[kind]);
          if (!r) return reply;
          const { token: t, ...rest } = r.body;
          return answer(reply, () => wallet.act(r.providerId, t, { action: kind, ...rest } as Action));
        });
      }
      api.post('/batch', async (request, reply) => {
        const r = await read(request, reply, schemas.batch);
        if (r) return answer(reply, () => wallet.batch(r.providerId, r.body.token, r.body.actions as Action[]));
        return reply;
      });
    },
    { prefix: SEAMLESS_PREFIX },
  );

  // Development and tests only (same rule as POST /api/dev/wallet/credit): a launch token without a game launch.
  if (devMailboxEnabled(config)) {
    const Launch = z.object({
      playerId: z.uuid(),
      currency: z.string().min(3).max(5),
      providerId: z.string().min(1).default(STUDIO_PROVIDER_ID),
      gameId: z.string().min(1).default('demo'),
      ttlSeconds: z
        .number()
        .int()
        .min(-86_400)
        .max(7 * 86_400)
        .optional(),
    });
    app.post('/api/dev/seamless/launch-token', async (request, reply) => {
      const parsed = Launch.safeParse(request.body);
      const body = parsed.data;
      if (!body || !enabledCurrencies.has(body.currency.toUpperCase())) {
        return reply.status(422).send({ error: { code: 3, message: 'The given data was invalid.', fields: {} } });
      }
      try {
        const launched = await issueLaunchToken(db, body);
        return {
          data: { token: launched.token, expiresAt: launched.expiresAt.toISOString(), accountId: launched.accountId },
        };
      } catch (error) {
        return reply.status(422).send({ error: { code: 3, message: (error as Error).message, fields: {} } });
      }
    });
  }
}
