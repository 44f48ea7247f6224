import { backofficeEndpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { visitorOf } from '../../../http/visitor.ts';
import type { StaffDeps } from '../deps.ts';
import { staffOf } from './hook.ts';
import { changeOwnPassword } from './password.ts';

/** A staff member's own password (decision 0111): no permission needed, allowed while it must change. */
export async function passwordRoutes(app: FastifyInstance, deps: StaffDeps): Promise<void> {
  route(app, backofficeEndpoints.staff.changePassword, async ({ body, request }) => {
    const ip = visitorOf(request, deps.config.TRUST_GEO_HEADERS).ip;
    const { staff, closedSessionIds } = await changeOwnPassword(deps.db, staffOf(request), body, ip);
    // Committed: the other sessions' back-office sockets end now, not at the hub's next check (decision 0110).
    if (closedSessionIds.length > 0) deps.endStaffSockets?.(closedSessionIds);
    return { data: staff };
  });
}
