import { ApiError, ErrorCode, endpoints } from '@croupier/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { recordEvent } from '../audit.ts';
import type { PlayerDeps } from '../context.ts';
import { requestMetaOf } from '../request-meta.ts';
import { setRefreshCookie } from '../sessions/refresh-cookie.ts';
import { createOidcConfigurations } from './oidc.ts';
import { completeSocialLogin, type OidcSignIn, startSocialLogin } from './service.ts';
import { createTelegramLogin, TELEGRAM } from './telegram-login.ts';

/** Per visitor IP. A sign-in costs one of each. */
const limits = {
  redirect: { max: 30, timeWindow: '10 minutes' },
  complete: { max: 20, timeWindow: '10 minutes' },
};

/** Social sign-in (docs/decisions/0011-social-login.md): the redirect to the provider and the completion. */
export async function socialRoutes(app: FastifyInstance, { deps }: { deps: PlayerDeps }) {
  const oidcSignIn: OidcSignIn = { deps, configurationOf: createOidcConfigurations(app) };
  // Telegram's signed widget payload instead of OpenID Connect, when its bot is configured (decision 0069).
  const telegram = createTelegramLogin(deps);
  const metaOf = (request: FastifyRequest) => requestMetaOf(request, deps.config);
  const perIp = (name: keyof typeof limits) => ({
    rateLimit: {
      ...limits[name],
      onExceeded: (request: FastifyRequest) => {
        void recordEvent(deps.db, {
          type: 'rate_limited',
          outcome: 'limited',
          detail: `ip social ${name}`,
          meta: metaOf(request),
        });
      },
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        ApiError.of(
          ErrorCode.tooManyAttempts,
          `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
          {},
          429,
        ),
    },
  });

  // Outside the contract table: a full-page navigation answered by a redirect (api-contract §3.4).
  // GET …/social/{connection}/redirect?state=<json>, and …/social/auth0/redirect?state=<json>&connection=<name>.
  app.get<{ Params: { connection: string }; Querystring: Record<string, string | string[] | undefined> }>(
    '/api/player/sessions/social/:connection/redirect',
    { config: perIp('redirect') },
    async (request, reply) => {
      const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
      if (telegram && request.params.connection === TELEGRAM) {
        return reply.header('cache-control', 'no-store').redirect(telegram.startUrl().toString(), 302);
      }
      const url = await startSocialLogin(oidcSignIn, {
        connection: request.params.connection,
        state: single(request.query.state),
        upstreamConnection: single(request.query.connection),
      });
      return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
    },
  );

  route(
    app,
    endpoints.player.loginSocial,
    async ({ query, body, request, reply }) => {
      const input = { query, body, meta: metaOf(request) };
      const auth =
        telegram && body.connection === TELEGRAM
          ? await telegram.complete(input)
          : await completeSocialLogin(oidcSignIn, input);
      setRefreshCookie(deps, reply, auth);
      return { data: auth };
    },
    { config: perIp('complete') },
  );
}
