import { backofficeAuditEndpoints as endpoints } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/endpoint.ts';
import { staffOf } from '../auth/hook.ts';
import type { StaffDeps } from '../deps.ts';
import type { AuditAnchor } from './anchor.ts';
import { listAudit } from './list.ts';
import { verifyAudit } from './verify.ts';
import { writeAudit } from './write.ts';

/**
 * The audit log (§7) and its verification (decision 0105). Reading the list is not itself audited: it is the
 * record, open to `audit:read` only, and a row per page read would shift the pages under the reader. A
 * verification is: one `audit.verify` row with what it found, written after the walk (so the answer's head is
 * the one verified, and the next verification covers this row).
 */
export async function auditRoutes(app: FastifyInstance, deps: StaffDeps, anchor: AuditAnchor): Promise<void> {
  route(app, endpoints.list, ({ query }) => listAudit(deps.db, query));

  route(app, endpoints.verify, async ({ request }) => {
    const result = await verifyAudit(deps.db, anchor.latest);
    await deps.db.transaction((tx) =>
      writeAudit(tx, {
        staffId: staffOf(request).staffId,
        action: 'audit.verify',
        targetType: 'audit',
        after: result,
        result: 'ok',
      }),
    );
    if (!result.ok) deps.log.error({ verification: result }, 'audit verify: the chain or its anchor does not hold');
    return { data: result };
  });
}
