import { z } from 'zod';
import { DailyReportRow } from './reports.ts';

/** The audit log (backoffice-api.md §7): one row per staff change, denial and view of a player's data. */

export const AuditEntry = z.object({
  seq: z.number().int(),
  at: z.string(),
  staffId: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  playerId: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  result: z.enum(['ok', 'denied']),
  hash: z.string(),
  prevHash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

const day = z.iso.date('A date, YYYY-MM-DD.');

export const AuditQuery = z.object({
  playerId: z.uuid().optional(),
  staffId: z.uuid().optional(),
  action: z.string().max(100).optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(50),
});

/** The chain recomputed from its first row, and checked against the newest anchored head (beyond §7). */
export const AuditVerification = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  head: z.string(),
  /** The seq of the first row that does not recompute or link, when not ok. */
  brokenAt: z.number().int().nullable().optional(),
  /** The newest checkpoint of the head written outside the database, and whether the chain still holds it. */
  anchor: z
    .object({
      seq: z.number().int(),
      hash: z.string(),
      at: z.string(),
      ok: z.boolean(),
      /**
       * Why not ok: `missing` (the chain has no row with that seq: its newest rows were deleted), `mismatch`
       * (that row's hash changed) or `unsigned` (the anchor's signature does not check: not trusted).
       */
      problem: z.enum(['missing', 'mismatch', 'unsigned']).optional(),
    })
    .nullable()
    .optional(),
});
export type AuditVerification = z.infer<typeof AuditVerification>;

/** Today's tiles on the dashboard, pushed over the staff channel as they change (issue 25; part 4 adds the rest). */
export const DashboardTiles = z.object({
  playersOnline: z.number().int(),
  /** Per currency, major units, since 00:00 UTC. */
  depositsToday: z.array(z.object({ currency: z.string(), amount: z.number(), count: z.number().int() })),
  adjustmentsWaiting: z.number().int(),
  /** Responsible-gaming and AML flags not yet closed (decision 0114). */
  flagsOpen: z.number().int(),
  /** Withdrawals in review (decision 0112). */
  withdrawalsWaiting: z.number().int(),
  /**
   * Today's rows of the daily report (§8), one per currency with activity since 00:00 UTC: GGR, deposits,
   * withdrawals, active players… as the rollups hold them; announced on `staff:dashboard` as they move (0121).
   */
  today: z.array(DailyReportRow),
});
export type DashboardTiles = z.infer<typeof DashboardTiles>;

/** A tile of `DashboardTiles`. */
export type DashboardTile = keyof DashboardTiles;

/**
 * What `staff:dashboard` carries: which tile moved, not its figures (delivery is at least once, so a client
 * reads `GET /api/backoffice/dashboard` again rather than adding deltas). Players online come on `global:online`.
 */
export interface DashboardChanged {
  event: 'dashboard.changed';
  tile: DashboardTile;
}
