import { ApiError, ErrorCode } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { type AuditInput, writeAudit } from '../../staff/index.ts';

/**
 * Who makes an editor change: a staff member with the request's reason (audited with before and after in the
 * change's transaction), or null for the demo's seed, which writes the same rows through the same functions
 * without an audit row (nobody changed anything).
 */
export type Actor = { staffId: string; reason: string } | null;

export async function audit(tx: Db, actor: Actor, entry: Omit<AuditInput, 'staffId' | 'reason'>): Promise<void> {
  if (actor) await writeAudit(tx, { ...entry, staffId: actor.staffId, reason: actor.reason });
}

export const invalid = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });
export const notFound = (what: string) => ApiError.of(ErrorCode.notFound, `No such ${what}.`);
export const archived = (what: string) => ApiError.of(ErrorCode.alreadyDecided, `This ${what} is archived.`);
