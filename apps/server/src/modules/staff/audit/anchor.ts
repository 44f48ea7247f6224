import { desc, eq, sql } from 'drizzle-orm';
import type { StaffDeps } from '../deps.ts';
import { auditLog } from '../schema.ts';
import { type Anchor, anchorKeyOf, LATEST_ANCHOR_KEY, openAnchor, signAnchor } from './anchor-file.ts';
import { auditAnchorKey } from './anchor-key.ts';

/** Any constant apart from the audit writer's: one instance anchors at a time, and writers never wait for it. */
const ANCHOR_LOCK_KEY = 72_616_026;

/** The newest anchor in storage, with whether its signature checks. */
export type StoredAnchor = { anchor: Anchor; signed: boolean };

export interface AuditAnchor {
  /** The newest anchor in storage, or null when none was ever written. */
  latest(): Promise<StoredAnchor | null>;
  /**
   * Anchors the chain's head now if it moved since the newest anchor, and answers what it wrote (null: nothing
   * to anchor, another instance is at it, or the newest anchor is no longer held, which is left as evidence).
   */
  anchorNow(): Promise<Anchor | null>;
  /** Anchors every AUDIT_ANCHOR_EVERY_SECONDS from now on (onReady). */
  start(): void;
  /** Stops the timer and waits for a pass under way (onClose). */
  stop(): Promise<void>;
}

/**
 * The audit chain's anchor (decision 0105): the head `{seq, hash, at}` signed (anchor-key.ts), written
 * through the storage port to `audit-anchors/<seq>.json` and `audit-anchors/latest.json` (the one verify
 * reads). A pass runs under a transaction-scoped advisory try-lock, so of several instances one writes.
 */
export function createAuditAnchor(deps: Pick<StaffDeps, 'config' | 'db' | 'log' | 'storage'>): AuditAnchor {
  const { config, db, log, storage } = deps;
  const key = auditAnchorKey(config);

  async function latest(): Promise<StoredAnchor | null> {
    const bytes = await storage.get(LATEST_ANCHOR_KEY);
    return bytes ? openAnchor(bytes, key) : null;
  }

  const anchorNow = () =>
    db.transaction(async (tx): Promise<Anchor | null> => {
      const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${ANCHOR_LOCK_KEY}) as locked`);
      if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return null;
      const [head] = await tx
        .select({ seq: auditLog.seq, hash: auditLog.hash })
        .from(auditLog)
        .orderBy(desc(auditLog.seq))
        .limit(1);
      if (!head) return null;
      const current = await latest();
      if (current) {
        // Never write over the evidence: verify reports it until someone looks (decision 0105).
        if (!current.signed) {
          log.error({ key: LATEST_ANCHOR_KEY }, 'audit anchor: the newest anchor is not signed by this key');
          return null;
        }
        const { seq, hash } = current.anchor;
        if (seq === Number(head.seq) && hash === head.hash) return null; // the head has not moved
        const [held] = await tx.select({ hash: auditLog.hash }).from(auditLog).where(eq(auditLog.seq, seq));
        if (held?.hash !== hash) {
          log.error({ anchor: current.anchor }, 'audit anchor: the chain no longer holds the newest anchor');
          return null;
        }
      }
      const anchor: Anchor = { seq: Number(head.seq), hash: head.hash, at: new Date().toISOString() };
      const bytes = signAnchor(anchor, key);
      // The per-seq file first: latest.json never names a head whose own file was not written.
      await storage.put(anchorKeyOf(anchor.seq), bytes, 'application/json');
      await storage.put(LATEST_ANCHOR_KEY, bytes, 'application/json');
      return anchor;
    });

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const pass = () => {
    if (running) return;
    running = anchorNow()
      .catch((error: unknown) => log.error({ err: error }, 'audit anchor: the pass failed'))
      .finally(() => {
        running = null;
      });
  };

  return {
    latest,
    anchorNow,
    start() {
      if (timer) return;
      timer = setInterval(pass, config.AUDIT_ANCHOR_EVERY_SECONDS * 1000);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
