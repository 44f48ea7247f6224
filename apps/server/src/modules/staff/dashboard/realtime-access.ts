import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { ApiError, StaffChannel } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { siteOrigins } from '../../../http/site-origins.ts';
import type { StaffAccess } from '../../realtime/index.ts';
import { authenticateStaff } from '../auth/sessions.ts';
import { STAFF_IDLE_MS, staffCookieOf } from '../auth/tokens.ts';
import { staffAccounts, staffSessions } from '../schema.ts';

/** The `staff:*` channels any signed-in staff member may subscribe to (the dashboard asks no permission). */
const STAFF_CHANNELS: readonly string[] = [StaffChannel.dashboard];

/**
 * How the realtime endpoint tells staff apart (decision 0110), handed to `registerRealtime` by app.ts so the
 * realtime module never imports this one: the back-office cookie of an upgrade, checked against the back
 * office's origins as cookie-signed changes are (module.ts), the staff token check, and a read-only session check.
 */
export function staffRealtimeAccess(app: FastifyInstance, { config, db }: { config: Config; db: Db }): StaffAccess {
  const originsOf = (request: IncomingMessage): readonly string[] => {
    if (config.BACKOFFICE_ORIGIN) return [config.BACKOFFICE_ORIGIN];
    // The upgrade is not a Fastify request: the same fields, read off the raw one.
    const like = {
      ip: request.socket.remoteAddress ?? '',
      headers: request.headers,
      protocol: (request.socket as TLSSocket).encrypted ? 'https' : 'http',
      server: app,
    } as Pick<FastifyRequest, 'ip' | 'headers' | 'protocol' | 'server'>;
    return siteOrigins(config, like);
  };
  return {
    cookieOf(request) {
      const token = staffCookieOf(request.headers.cookie);
      if (!token) return null;
      const origin = request.headers.origin;
      return { token, originAllowed: typeof origin === 'string' && originsOf(request).includes(origin) };
    },
    async authenticate(token, via) {
      try {
        const staff = await authenticateStaff(db, token, via);
        // Like every staff endpoint but a few, the tiles wait for a password someone else chose to change (0111).
        if (staff.mustChangePassword) return null;
        return { staffId: staff.staffId, sessionId: staff.sessionId, channels: STAFF_CHANNELS };
      } catch (error) {
        // Unknown, closed, expired, idle, or a disabled account: no staff connection. Anything else (the
        // database down) is the endpoint's temporary error.
        if (error instanceof ApiError) return null;
        throw error;
      }
    },
    // Unlike authenticateStaff, no `last_seen_at`: an open socket is not a call, so a dashboard left on a
    // screen does not keep its session from going idle after 30 minutes (§2).
    async isOpen(sessionId) {
      const [row] = await db
        .select({
          closedAt: staffSessions.closedAt,
          expiresAt: staffSessions.expiresAt,
          lastSeenAt: staffSessions.lastSeenAt,
          disabled: staffAccounts.disabled,
        })
        .from(staffSessions)
        .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
        .where(eq(staffSessions.id, sessionId))
        .limit(1);
      if (!row || row.closedAt || row.disabled) return false;
      const now = Date.now();
      return row.expiresAt.getTime() > now && now - row.lastSeenAt.getTime() <= STAFF_IDLE_MS;
    },
  };
}
