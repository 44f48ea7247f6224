import { ApiError, type Auth, ErrorCode, endpoints, pageMeta } from '@croupier/contracts';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/endpoint.ts';
import { loginWithToken, mintAutologinToken } from './accounts/autologin.ts';
import { changePassword } from './accounts/change-password.ts';
import { confirmEmail, resendConfirmation } from './accounts/email-confirmation.ts';
import { login } from './accounts/login.ts';
import { confirmPasswordReset, requestPasswordReset } from './accounts/password-reset.ts';
import { getProfile, profileFields } from './accounts/profile-read.ts';
import { updateProfile } from './accounts/profile-update.ts';
import { register } from './accounts/register.ts';
import { recordEvent } from './audit.ts';
import type { PlayerDeps } from './context.ts';
import { fieldsOf, registrationFields } from './fields.ts';
import { sendOtp, verifyOtp } from './otp.ts';
import { requestMetaOf } from './request-meta.ts';
import { players } from './schema.ts';
import { playerOf } from './sessions/auth.ts';
import { refreshSession } from './sessions/refresh.ts';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './sessions/refresh-cookie.ts';
import { bearerOf, closeSession, listSessions } from './sessions/sessions.ts';
import { throttles, tooManyLogins } from './throttles.ts';

const e = endpoints.player;

/** What every account route uses: the request's meta, the per-IP limits, the answers. */
function helpersOf(deps: PlayerDeps) {
  const metaOf = (request: FastifyRequest) => requestMetaOf(request, deps.config);
  /** A per-IP limit whose refusals are also written to the audit trail. */
  const perIp = (name: keyof typeof throttles.ip, code: number = ErrorCode.tooManyAttempts) => ({
    config: {
      rateLimit: {
        ...throttles.ip[name],
        onExceeded: (request: FastifyRequest) => {
          void recordEvent(deps.db, {
            type: 'rate_limited',
            outcome: 'limited',
            detail: `ip ${name}`,
            meta: metaOf(request),
          });
        },
        errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
          const text = `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`;
          // The sign-in form shows it under the login input (decision 0052).
          if (name === 'login') return tooManyLogins(text);
          return ApiError.of(code as ErrorCode, text, {}, 429);
        },
      },
    },
  });
  const message = (text: string) => ({ data: { message: text } });
  /** Every answer that opens or renews a session carries its refresh cookie (docs/decisions/0032). */
  const withCookie = (reply: FastifyReply, auth: Auth) => {
    setRefreshCookie(deps, reply, auth);
    return auth;
  };
  return { metaOf, perIp, message, withCookie };
}

type Helpers = ReturnType<typeof helpersOf>;

/** The account endpoints (api-contract §2–§4), and in development an autologin-token minter. */
export async function playerRoutes(app: FastifyInstance, { deps }: { deps: PlayerDeps }) {
  const helpers = helpersOf(deps);
  signUpRoutes(app, deps, helpers);
  sessionRoutes(app, deps, helpers);
  otpRoutes(app, deps, helpers);
  profileRoutes(app, deps);
  passwordRoutes(app, deps, helpers);
  if (deps.config.NODE_ENV !== 'production') devAutologinRoute(app, deps);
}

function signUpRoutes(app: FastifyInstance, deps: PlayerDeps, { metaOf, perIp, message, withCookie }: Helpers) {
  route(
    app,
    e.register,
    async ({ body, request, reply }) => ({
      data: withCookie(reply, await register(deps, body, metaOf(request), 'email')),
    }),
    perIp('register'),
  );
  route(
    app,
    e.registerPhone,
    async ({ body, request, reply }) => ({
      data: withCookie(reply, await register(deps, body, metaOf(request), 'phone')),
    }),
    perIp('register'),
  );
  route(
    app,
    e.registerConfirm,
    async ({ body, request }) => {
      await confirmEmail(deps, body.code, metaOf(request));
      return message('Your e-mail address is confirmed.');
    },
    perIp('confirmEmail'),
  );
}

function sessionRoutes(app: FastifyInstance, deps: PlayerDeps, { metaOf, perIp, message, withCookie }: Helpers) {
  route(
    app,
    e.login,
    async ({ body, request, reply }) => ({ data: withCookie(reply, await login(deps, body, metaOf(request))) }),
    perIp('login'),
  );
  route(
    app,
    e.loginToken,
    async ({ body, request, reply }) => ({
      data: withCookie(reply, await loginWithToken(deps, body, metaOf(request))),
    }),
    perIp('autologin'),
  );
  route(
    app,
    e.refresh,
    async ({ body, request, reply }) => {
      const auth = await refreshSession(deps, {
        token: bearerOf(request.headers.authorization),
        cookie: refreshCookieOf(request),
        fingerprint: body.fingerprint || null,
        meta: metaOf(request),
      });
      return { data: withCookie(reply, auth) };
    },
    perIp('refresh'),
  );
  route(app, e.logout, async ({ request, reply }) => {
    const me = playerOf(request);
    clearRefreshCookie(deps, reply);
    await closeSession(deps, me.playerId, me.sessionId, 'logout', metaOf(request));
    return message('You are signed out.');
  });
  route(app, e.sessions, async ({ query, request }) => {
    const { rows, total } = await listSessions(deps.db, playerOf(request).playerId, query.page, query.perPage);
    return { data: rows, meta: pageMeta(query.page, query.perPage, total) };
  });
  route(app, e.closeSession, async ({ params, request }) => ({
    data: await closeSession(deps, playerOf(request).playerId, params.id, 'closed by player', metaOf(request)),
  }));
}

function otpRoutes(app: FastifyInstance, deps: PlayerDeps, { metaOf, perIp, message }: Helpers) {
  route(
    app,
    e.otpSend,
    async ({ body, request }) => {
      await sendOtp(deps, body, request.player, metaOf(request));
      return message('The code has been sent.');
    },
    perIp('otpSend', ErrorCode.otpSendLimit),
  );
  route(
    app,
    e.otpVerify,
    async ({ body, request }) => ({ data: { code: await verifyOtp(deps, body, request.player, metaOf(request)) } }),
    perIp('otpVerify'),
  );
}

function profileRoutes(app: FastifyInstance, deps: PlayerDeps) {
  const metaOf = (request: FastifyRequest) => requestMetaOf(request, deps.config);
  route(app, e.profile, async ({ request }) => ({ data: await getProfile(deps, playerOf(request).playerId) }));
  route(app, e.updateProfile, async ({ body, request }) => ({
    data: await updateProfile(deps, playerOf(request).playerId, body, metaOf(request)),
  }));
  route(app, e.fields, async ({ query, request }) => {
    if (query.scenario === 'registration') {
      return {
        data: registrationFields(await fieldsOf(deps.db, 'registration'), deps.settings.siteSettings().signUpModes),
      };
    }
    return { data: await profileFields(deps, playerOf(request).playerId) };
  });
}

function passwordRoutes(app: FastifyInstance, deps: PlayerDeps, { metaOf, perIp, message }: Helpers) {
  route(
    app,
    e.changePassword,
    async ({ body, request }) => {
      const me = playerOf(request);
      const { currentPassword, newPassword } = body;
      await changePassword(deps, me.playerId, me.sessionId, currentPassword, newPassword, metaOf(request));
      return message('Your password has been changed.');
    },
    perIp('passwordChange'),
  );
  route(
    app,
    e.resetPassword,
    async ({ body, request, reply }) => {
      const issue = await requestPasswordReset(deps, body.email, metaOf(request));
      // Only once the answer is out, so its time is the same for every address (decision 0034). 'close'
      // comes after the answer is sent and also when the client hung up first: the reset is still issued.
      if (issue) reply.raw.once('close', () => void issue());
      return message('If an account uses this address, we have sent it a link to reset the password.');
    },
    perIp('passwordReset'),
  );
  route(
    app,
    e.confirmPassword,
    async ({ body, request }) => {
      await confirmPasswordReset(deps, body.code, body.newPassword, metaOf(request));
      return message('Your password has been changed. Sign in with the new password.');
    },
    perIp('passwordConfirm'),
  );
  route(
    app,
    e.resendConfirmation,
    async ({ request }) => {
      const outcome = await resendConfirmation(deps, playerOf(request).playerId, metaOf(request));
      return message(
        outcome === 'sent' ? 'We have sent the confirmation link again.' : 'Your e-mail address is already confirmed.',
      );
    },
    perIp('resendConfirmation'),
  );
}

/** Development and tests only, outside the contract: an autologin token for a player by id, e-mail or phone. */
function devAutologinRoute(app: FastifyInstance, deps: PlayerDeps) {
  const DevAutologin = z.object({
    player: z.string().min(1).max(254),
    ttlSeconds: z.number().int().min(1).max(600).optional(),
  });
  app.post('/api/dev/autologin-token', async (request) => {
    const parsed = DevAutologin.safeParse(request.body ?? {});
    if (!parsed.success) throw ApiError.of(ErrorCode.validation, 'Expected { player: id, e-mail or phone }.');
    const key = parsed.data.player.toLowerCase();
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key);
    const [found] = await deps.db
      .select({ id: players.id })
      .from(players)
      .where(or(...(isUuid ? [eq(players.id, key)] : []), eq(players.email, key), eq(players.phone, key)));
    if (!found) throw ApiError.of(ErrorCode.notFound, 'No such player.');
    const { token, expiresAt } = await mintAutologinToken(deps, found.id, parsed.data.ttlSeconds);
    const url = `${deps.config.publicUrl}/auth/autologin?state=${token}`;
    return { data: { token, expiresAt: expiresAt.toISOString(), url } };
  });
}
