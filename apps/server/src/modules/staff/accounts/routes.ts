import { ApiError, backofficeEndpoints, ErrorCode, pageMeta } from '@croupier/contracts';
import { asc, count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { writeAudit } from '../audit/write.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';
import { mayManageRole } from '../roles.ts';
import { staffAccounts } from '../schema.ts';
import { createStaffAccount } from './create.ts';
import { updateStaffAccount } from './update.ts';
import { staffRowView } from './views.ts';

const e = backofficeEndpoints.staff;

/** Staff management (§3): the list, a new account, a change of role, cap or disabled flag. All audited. */
export async function accountsRoutes(app: FastifyInstance, { db, endStaffSockets }: StaffDeps): Promise<void> {
  route(app, e.list, async ({ query }) => {
    const { page, perPage } = query;
    const [total] = await db.select({ n: count() }).from(staffAccounts);
    const rows = await db
      .select()
      .from(staffAccounts)
      .orderBy(asc(staffAccounts.createdAt), asc(staffAccounts.email))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { data: rows.map(staffRowView), meta: pageMeta(page, perPage, Number(total?.n ?? 0)) };
  });

  route(app, e.create, async ({ body, request, reply }) => {
    const actor = staffOf(request);
    if (!mayManageRole(actor.role, body.role)) {
      await db.transaction((tx) =>
        writeAudit(tx, {
          staffId: actor.staffId,
          action: 'staff.create',
          targetType: 'staff',
          reason: body.reason,
          after: { email: body.email, role: body.role },
          result: 'denied',
        }),
      );
      throw ApiError.of(ErrorCode.staffForbidden, 'Only an owner creates or changes an owner (staff:owners).');
    }
    const row = await createStaffAccount(
      db,
      // A password chosen by a colleague: the new account changes it before anything else (decision 0111).
      { email: body.email, name: body.name, role: body.role, password: body.password, mustChangePassword: true },
      { staffId: actor.staffId, reason: body.reason },
    );
    reply.status(201);
    return { data: staffRowView(row) };
  });

  route(app, e.update, async ({ params, body, request }) => ({
    data: staffRowView(await updateStaffAccount(db, staffOf(request), params.id, body, endStaffSockets)),
  }));
}
