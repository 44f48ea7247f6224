import type { AuditVerification } from '@croupier/contracts';
import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../schema.ts';
import type { StoredAnchor } from './anchor.ts';
import { type ChainedAuditRow, GENESIS_HASH, verifyChain } from './chain.ts';

/** Rows read per query: the log is walked in pages, never held whole in memory. */
export const VERIFY_PAGE_SIZE = 5_000;

/**
 * `GET /audit/verify` (§7, decision 0105): the chain recomputed from its first row, page by page in seq order
 * (each page from the head of the one before), then the newest anchor: the chain must still hold the anchored
 * row with the anchored hash, which is what catches deleted newest rows. The anchor is read before the walk,
 * so every row it names was committed before the walk began. After a break the walk goes on counting rows
 * and looking for the anchored one, so `rows` is the whole log.
 */
export async function verifyAudit(
  db: Db,
  latestAnchor: () => Promise<StoredAnchor | null>,
  pageSize = VERIFY_PAGE_SIZE,
): Promise<AuditVerification> {
  const stored = await latestAnchor();
  const anchorSeq = stored?.signed ? stored.anchor.seq : null;
  let head = GENESIS_HASH;
  let rows = 0;
  let brokenAt: number | undefined;
  let anchoredHash: string | undefined;
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, after))
      .orderBy(asc(auditLog.seq))
      .limit(pageSize);
    if (page.length === 0) break;
    if (brokenAt === undefined) {
      const check = verifyChain(page as ChainedAuditRow[], head);
      if (check.ok) head = check.head;
      else brokenAt = Number(check.brokenAt);
    }
    if (anchorSeq !== null) anchoredHash ??= page.find((row) => Number(row.seq) === anchorSeq)?.hash;
    rows += page.length;
    after = Number(page.at(-1)!.seq);
    if (page.length < pageSize) break;
  }
  const anchor = stored && anchorCheck(stored, anchoredHash);
  return {
    ok: brokenAt === undefined && (anchor?.ok ?? true),
    rows,
    head,
    ...(brokenAt === undefined ? {} : { brokenAt }),
    anchor,
  };
}

type AnchorCheck = NonNullable<AuditVerification['anchor']>;

function anchorCheck({ anchor, signed }: StoredAnchor, heldHash: string | undefined): AnchorCheck {
  const problem: AnchorCheck['problem'] = !signed
    ? 'unsigned'
    : heldHash === undefined
      ? 'missing'
      : heldHash !== anchor.hash
        ? 'mismatch'
        : undefined;
  return { ...anchor, ok: problem === undefined, ...(problem ? { problem } : {}) };
}
