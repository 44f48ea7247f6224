import { ApiError, type Auth, ErrorCode, endpoints, pageMeta } from '@croupier/contracts';
import { eq, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { route } from '../../http/endpoint.ts';
import { visitorOf } from '../../http/visitor.ts';
import { recordEvent } from './audit.ts';
import { playerOf } from './auth.ts';
import type { RequestMeta } from './context.ts';
import { fieldsOf, registrationFields } from './fields.ts';
import type { PlayerModule } from './index.ts';
import { limits } from './limits.ts';
import { tooManyLogins } from './login-throttle.ts';
import { sendOtp, verifyOtp } from './otp.ts';
import { refreshSession } from './refresh.ts';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie.ts';
import { players } from './schema.ts';
import { bearerOf, closeSession, listSessions } from './sessions.ts';

const e = endpoints.player;

export async function playerRoutes(app: FastifyInstance, { config, player }: { config: Config; player: PlayerModule }) {
  const { deps, accounts } = player;
  const { db } = deps;
  const metaOf = (request: FastifyRequest): RequestMeta => {
    const visitor = visitorOf(request, config.TRUST_GEO_HEADERS);
    return {
      ip: visitor.ip,
      country: visitor.country,
      userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    };
  };
  /** A per-IP limit whose refusals are also written to the audit trail. */
  const perIp = (name: keyof typeof limits.ip, code: number = ErrorCode.tooManyAttempts) => ({
    config: {
      rateLimit: {
        ...limits.ip[name],
        onExceeded: (request: FastifyRequest) => {
          void recordEvent(db, {
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

  route(
    app,
    e.register,
    async ({ body, request, reply }) => ({
      data: withCookie(reply, await accounts.register(body, metaOf(request), 'email')),
    }),
    perIp('register'),
  );
  route(
    app,
    e.registerPhone,
    async ({ body, request, reply }) => ({
      data: withCookie(reply, await accounts.register(body, metaOf(request), 'phone')),
    }),
    perIp('register'),
  );
  route(
    app,
    e.registerConfirm,
    async ({ body, request }) => {
      await accounts.confirmEmail(body.code, metaOf(request));
      return message('Your e-mail address is confirmed.');
    },
    perIp('confirmEmail'),
  );
  route(
    app,
    e.login,
    async ({ body, request, reply }) => ({ data: withCookie(reply, await accounts.login(body, metaOf(request))) }),
    perIp('login'),
  );
  route(
    app,
    e.loginToken,
    async ({ body, request, reply }) => ({
      data: withCookie(reply, await accounts.loginWithToken(body, metaOf(request))),
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
    const { rows, total } = await listSessions(db, playerOf(request).playerId, query.page, query.perPage);
    return { data: rows, meta: pageMeta(query.page, query.perPage, total) };
  });
  route(app, e.closeSession, async ({ params, request }) => ({
    data: await closeSession(deps, playerOf(request).playerId, params.id, 'closed by player', metaOf(request)),
  }));
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
  route(app, e.profile, async ({ request }) => ({ data: await accounts.getProfile(playerOf(request).playerId) }));
  route(app, e.updateProfile, async ({ body, request }) => ({
    data: await accounts.updateProfile(playerOf(request).playerId, body, metaOf(request)),
  }));
  route(app, e.fields, async ({ query, request }) => {
    if (query.scenario === 'registration') {
      return { data: registrationFields(await fieldsOf(db, 'registration'), config.SIGN_UP_MODES) };
    }
    return { data: await accounts.profileFields(playerOf(request).playerId) };
  });
  route(
    app,
    e.changePassword,
    async ({ body, request }) => {
      const me = playerOf(request);
      await accounts.changePassword(me.playerId, me.sessionId, body.currentPassword, body.newPassword, metaOf(request));
      return message('Your password has been changed.');
    },
    perIp('passwordChange'),
  );
  route(
    app,
    e.resetPassword,
    async ({ body, request, reply }) => {
      const issue = await accounts.requestPasswordReset(body.email, metaOf(request));
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
      await accounts.confirmPasswordReset(body.code, body.newPassword, metaOf(request));
      return message('Your password has been changed. Sign in with the new password.');
    },
    perIp('passwordConfirm'),
  );
  route(
    app,
    e.resendConfirmation,
    async ({ request }) => {
      const outcome = await accounts.resendConfirmation(playerOf(request).playerId, metaOf(request));
      return message(
        outcome === 'sent' ? 'We have sent the confirmation link again.' : 'Your e-mail address is already confirmed.',
      );
    },
    perIp('resendConfirmation'),
  );

  if (config.NODE_ENV !== 'production') {
    // Development and tests only, outside the contract: an autologin token for a player by id, e-mail or phone.
    const DevAutologin = z.object({
      player: z.string().min(1).max(254),
      ttlSeconds: z.number().int().min(1).max(600).optional(),
    });
    app.post('/api/dev/autologin-token', async (request) => {
      const parsed = DevAutologin.safeParse(request.body ?? {});
      if (!parsed.success) throw ApiError.of(ErrorCode.validation, 'Expected { player: id, e-mail or phone }.');
      const key = parsed.data.player.toLowerCase();
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key);
      const [found] = await db
        .select({ id: players.id })
        .from(players)
        .where(or(...(isUuid ? [eq(players.id, key)] : []), eq(players.email, key), eq(players.phone, key)));
      if (!found) throw ApiError.of(ErrorCode.notFound, 'No such player.');
      const { token, expiresAt } = await accounts.mintAutologinToken(found.id, parsed.data.ttlSeconds);
      return {
        data: { token, expiresAt: expiresAt.toISOString(), url: `${config.publicUrl}/auth/autologin?state=${token}` },
      };
    });
  }
}
