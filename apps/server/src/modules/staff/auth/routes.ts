import { ApiError, backofficeEndpoints, ErrorCode } from '@croupier/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { visitorOf } from '../../../http/visitor.ts';
import { writeAudit } from '../audit/write.ts';
import type { StaffDeps } from '../deps.ts';
import { permissionsOf, ROLES } from '../roles.ts';
import { staffBoxKey } from './box-key.ts';
import { staffOf } from './hook.ts';
import { closeStaffSession } from './sessions.ts';
import { type SignInMeta, startSignIn } from './sign-in.ts';
import { signInThrottles } from './throttle.ts';
import { clearedStaffCookie, staffCookie } from './tokens.ts';
import { verifySignIn } from './verify.ts';

const e = backofficeEndpoints.staff;

/** The per-address limit in front of both sign-in steps, answered like the other sign-in refusals (20007). */
const perAddress = {
  config: {
    rateLimit: {
      ...signInThrottles.ip,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        ApiError.of(
          ErrorCode.staffTooManyAttempts,
          `Too many sign-in attempts. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
          {},
          429,
        ),
    },
  },
};

/** Sign-in, sign-out, the signed-in staff member and the role table (backoffice-api.md §2, §3). */
export async function authRoutes(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  const { config, db } = deps;
  // Resolved once: in tests every resolution makes a fresh key, and both steps must share it.
  const signIn = { db, boxKey: staffBoxKey(config), log: deps.log };
  const metaOf = (request: FastifyRequest): SignInMeta => ({
    ip: visitorOf(request, config.TRUST_GEO_HEADERS).ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  });

  route(
    app,
    e.signIn,
    async ({ body, request }) => ({ data: await startSignIn(signIn, body, metaOf(request)) }),
    perAddress,
  );

  route(
    app,
    e.verify,
    async ({ body, request, reply }) => {
      const { token, expiresAt, staff } = await verifySignIn(signIn, body, metaOf(request));
      reply.header('set-cookie', staffCookie(token, config.https));
      return { data: { accessToken: token, expiresAt: expiresAt.toISOString(), staff } };
    },
    perAddress,
  );

  route(app, e.signOut, async ({ request, reply }) => {
    const staff = staffOf(request);
    await db.transaction(async (tx) => {
      await closeStaffSession(tx, staff.sessionId, 'signed_out');
      await writeAudit(tx, {
        staffId: staff.staffId,
        action: 'staff.sign_out',
        targetType: 'staff',
        targetId: staff.staffId,
        after: { sessionId: staff.sessionId },
      });
    });
    // Committed: the session's back-office sockets end now, not at the hub's next 30 s check (decision 0110).
    deps.endStaffSockets?.([staff.sessionId]);
    reply.header('set-cookie', clearedStaffCookie(config.https));
    return { data: { closed: true } };
  });

  route(app, e.me, async ({ request }) => {
    const staff = staffOf(request);
    return {
      data: {
        id: staff.staffId,
        email: staff.email,
        name: staff.name,
        role: staff.role,
        permissions: [...staff.permissions],
        disabled: false,
        mustChangePassword: staff.mustChangePassword,
      },
    };
  });

  route(app, e.roles, async () => ({
    data: ROLES.map((role) => ({ role, permissions: [...permissionsOf(role)] })),
  }));
}
