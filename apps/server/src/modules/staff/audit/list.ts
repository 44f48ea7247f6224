import {
  ApiError,
  type AuditEntry,
  type backofficeAuditEndpoints,
  ErrorCode,
  pageMeta,
  type QueryOut,
} from '@croupier/contracts';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../schema.ts';

type AuditQuery = QueryOut<typeof backofficeAuditEndpoints.list>;

const DAY_MS = 86_400_000;

/** `GET /audit` (§7): rows filtered by player, staff member, action and UTC days (both inclusive), newest first. */
export async function listAudit(db: Db, q: AuditQuery) {
  if (q.from && q.to && q.from > q.to) {
    throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', { to: ['Must not be before from.'] });
  }
  const where: SQL[] = [];
  if (q.playerId) where.push(eq(auditLog.playerId, q.playerId));
  if (q.staffId) where.push(eq(auditLog.staffId, q.staffId));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.from) where.push(gte(auditLog.at, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(auditLog.at, new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS)));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.seq))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  const data: AuditEntry[] = rows.map((r) => ({
    seq: Number(r.seq),
    at: r.at.toISOString(),
    staffId: r.staffId,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    playerId: r.playerId,
    reason: r.reason,
    before: r.before,
    after: r.after,
    result: r.result === 'denied' ? 'denied' : 'ok',
    hash: r.hash,
    prevHash: r.prevHash,
  }));
  return { data, meta: pageMeta(q.page, q.perPage, Number(total?.n ?? 0)) };
}
