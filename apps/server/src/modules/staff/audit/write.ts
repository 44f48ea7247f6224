import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../schema.ts';
import { type AuditRow, auditHash, GENESIS_HASH } from './chain.ts';

/** What a caller records; the writer adds `seq`, `at`, `prevHash` and `hash`. */
export interface AuditInput {
  staffId: string | null;
  /** `area.verb`, e.g. `player.blocks`, `adjustment.approve`, `player.view`, `staff.sign_in`. */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  playerId?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
  result?: 'ok' | 'denied';
}

/** Any constant: it only keeps the audit writers apart from other advisory-lock users. */
const AUDIT_LOCK_KEY = 72_616_025;

/**
 * Appends one row to the audit log inside the caller's transaction (§7: in the same transaction as the change
 * it records). One writer at a time: a transaction-scoped advisory lock serialises the chain, so `seq` is the
 * previous row's plus one and `prevHash` its hash. The lock is held until the caller commits, so keep audited
 * transactions short. `before` and `after` are stored as the canonical JSON values that were hashed.
 */
export async function writeAudit(tx: Db, input: AuditInput): Promise<{ seq: number; hash: string }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`);
  const [last] = await tx
    .select({ seq: auditLog.seq, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.seq))
    .limit(1);
  const row: AuditRow = {
    seq: (last ? Number(last.seq) : 0) + 1,
    at: new Date(),
    staffId: input.staffId,
    action: input.action,
    targetType: input.targetType ?? null,
    targetId: input.targetId ?? null,
    playerId: input.playerId ?? null,
    reason: input.reason ?? null,
    before: jsonValue(input.before),
    after: jsonValue(input.after),
    result: input.result ?? 'ok',
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  const hash = auditHash(row, prevHash);
  await tx.insert(auditLog).values({
    ...row,
    seq: Number(row.seq),
    at: row.at as Date,
    before: row.before,
    after: row.after,
    prevHash,
    hash,
  });
  return { seq: Number(row.seq), hash };
}

/** What jsonb will give back: bigints as decimal strings, dates as ISO strings, undefined dropped (null). */
function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));
}
