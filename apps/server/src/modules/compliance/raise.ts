import { type DashboardChanged, RealtimeEvent, StaffChannel } from '@croupier/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import { listOf, SEVERITY, SEVERITY_RANK } from './kinds.ts';
import type { Sighting } from './rules.ts';
import { flags } from './schema.ts';

/**
 * Writes the sightings as flags in one statement: a new (player, kind, window) is a new open flag; one already
 * there counts the sighting and keeps the latest evidence (whatever its status: a closed flag stays closed).
 * A new flag tells the back office's dashboards that `flagsOpen` moved (decision 0110's channel), in the
 * same transaction. Answers how many flags are new.
 */
export async function raise(tx: Db, sightings: readonly Sighting[]): Promise<number> {
  if (sightings.length === 0) return 0;
  // One row per key: ON CONFLICT may touch a row once per statement.
  const merged = new Map<string, Sighting & { count: number; firstAt: Date }>();
  for (const s of sightings) {
    const k = `${s.playerId}|${s.kind}|${s.window}`;
    const m = merged.get(k);
    if (!m) merged.set(k, { ...s, count: 1, firstAt: s.at });
    else {
      m.count += 1;
      if (s.at >= m.at) Object.assign(m, { detail: s.detail, evidence: s.evidence, at: s.at });
      if (s.at < m.firstAt) m.firstAt = s.at;
    }
  }
  const rows = await tx
    .insert(flags)
    .values(
      [...merged.values()].map((s) => ({
        playerId: s.playerId,
        list: listOf(s.kind),
        kind: s.kind,
        severity: SEVERITY_RANK[SEVERITY[s.kind]],
        window: s.window,
        count: s.count,
        detail: s.detail,
        evidence: s.evidence,
        firstSeenAt: s.firstAt,
        lastSeenAt: s.at,
      })),
    )
    .onConflictDoUpdate({
      target: [flags.playerId, flags.kind, flags.window],
      set: {
        count: sql.raw('"flags"."count" + excluded."count"'),
        lastSeenAt: sql.raw('greatest("flags"."last_seen_at", excluded."last_seen_at")'),
        detail: sql.raw('excluded."detail"'),
        evidence: sql.raw('excluded."evidence"'),
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const fresh = rows.filter((r) => r.inserted).length;
  if (fresh > 0) await announceFlagsMoved(tx);
  return fresh;
}

/** "The flags tile moved" on `staff:dashboard`, in the caller's transaction (the compliance queue updates live). */
export async function announceFlagsMoved(tx: Db): Promise<void> {
  const data: DashboardChanged = { event: 'dashboard.changed', tile: 'flagsOpen' };
  await enqueue(tx, { channel: StaffChannel.dashboard, event: RealtimeEvent.dashboardChanged, data });
}
