import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import type { LimitRow } from './store.ts';

// What the risk module tells compliance (decision 0114): events the money path does not carry, written on the
// internal channel in the transaction of the change, so they exist only if it commits. The compliance module
// reads them through this face (it imports risk; risk never imports it).

/** The outbox channel of compliance's own events (internal: never published to players). */
export const COMPLIANCE_CHANNEL = 'internal:compliance';

/** 80 % of a cash limit used in its window: sent once, by the movement or deposit that crossed it. */
export interface LimitNearEvent {
  kind: 'limit.near';
  playerId: string;
  /** 1 bet, 2 loss, 3 deposit. */
  definition: number;
  period: string;
  currency: string;
  /** Minor units, decimal strings. */
  amount: string;
  used: string;
  at: string;
}

/** A cash limit raised or removed (applied), or a request to do so (waiting its 24 hours). */
export interface LimitRaiseEvent {
  kind: 'limit.raise';
  playerId: string;
  limitId: string;
  definition: number;
  period: string;
  currency: string | null;
  /** increase_requested, removal_requested, increase_applied, removal_applied. */
  action: string;
  /** Minor units; null for a removal. */
  from: string | null;
  to: string | null;
  at: string;
}

/** A cooling-off (5) or self-exclusion (4) ended. */
export interface ExclusionEndedEvent {
  kind: 'exclusion.ended';
  playerId: string;
  limitId: string;
  definition: number;
  period: string;
  at: string;
}

export type RiskComplianceEvent = LimitNearEvent | LimitRaiseEvent | ExclusionEndedEvent;

/** The outbox row of an event (for a rule's effect or `enqueue`). */
export const complianceRow = (event: RiskComplianceEvent) => ({
  channel: COMPLIANCE_CHANNEL,
  event: event.kind,
  data: event,
});

/** Whether `used` reached 80 % of `amount` with this movement (it was below before): only on the crossing. */
export const crossesNear = (before: bigint, after: bigint, amount: bigint): boolean =>
  amount > 0n && before * 5n < amount * 4n && after * 5n >= amount * 4n;

const RAISES = new Set(['increase_requested', 'removal_requested', 'increase_applied', 'removal_applied']);
const ENDS = new Set(['expired', 'reopened']);

/** The event a limit change means for compliance, if any (changeLimit calls it for every history row). */
export async function reportLimitChange(
  tx: Db,
  before: LimitRow | null,
  after: LimitRow,
  action: string,
  at: Date,
): Promise<void> {
  const base = { playerId: after.playerId, limitId: after.id, definition: after.definition, period: after.period };
  if (RAISES.has(action)) {
    const to =
      action === 'increase_requested' ? after.pendingAmount : action === 'increase_applied' ? after.amount : null;
    await enqueue(
      tx,
      complianceRow({
        ...base,
        kind: 'limit.raise',
        currency: after.currency,
        action,
        from: before?.amount?.toString() ?? null,
        to: to?.toString() ?? null,
        at: at.toISOString(),
      }),
    );
  } else if (ENDS.has(action)) {
    await enqueue(tx, complianceRow({ ...base, kind: 'exclusion.ended', at: at.toISOString() }));
  }
}
