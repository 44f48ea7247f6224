import type {
  Flag,
  FlagKind,
  FlagList,
  FlagStatus,
  Interaction,
  InteractionAction,
  ReviewVerdict,
} from '@croupier/contracts';
import { severityOfRank } from './kinds.ts';
import type { flags, interactions } from './schema.ts';

export type FlagRow = typeof flags.$inferSelect;
export type InteractionRow = typeof interactions.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The contract's Flag of a row. */
export function presentFlag(row: FlagRow): Flag {
  return {
    id: row.id,
    list: row.list as FlagList,
    kind: row.kind as FlagKind,
    severity: severityOfRank(row.severity),
    status: row.status as FlagStatus,
    playerId: row.playerId,
    window: row.window,
    count: row.count,
    detail: row.detail,
    evidence: (row.evidence ?? {}) as Record<string, unknown>,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    closedAt: iso(row.closedAt),
    closedBy: row.closedBy,
    closeReason: row.closeReason,
    interactionId: row.interactionId,
  };
}

/** The contract's Interaction of a row. */
export function presentInteraction(row: InteractionRow): Interaction {
  return {
    id: row.id,
    playerId: row.playerId,
    flagId: row.flagId,
    observed: row.observed,
    action: row.action as InteractionAction,
    actionNote: row.actionNote,
    followUpAt: iso(row.followUpAt),
    reason: row.reason,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    outcome:
      row.outcome !== null && row.outcomeBy !== null && row.outcomeAt !== null
        ? { text: row.outcome, by: row.outcomeBy, at: row.outcomeAt.toISOString() }
        : null,
    review:
      row.reviewVerdict !== null && row.reviewedBy !== null && row.reviewedAt !== null
        ? {
            verdict: row.reviewVerdict as ReviewVerdict,
            note: row.reviewNote ?? '',
            by: row.reviewedBy,
            at: row.reviewedAt.toISOString(),
          }
        : null,
  };
}
