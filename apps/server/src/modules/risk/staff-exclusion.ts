import { randomUUID } from 'node:crypto';
import { ApiError, ErrorCode, type Limit } from '@croupier/contracts';
import { LimitDefinition, SelfExclusionPeriod } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import type { PlayerModule } from '../player/index.ts';
import { settleDue } from './settle.ts';
import { exclusionOver, present } from './state.ts';
import { changeLimit, type LimitRow, lockPlayerLimits } from './store.ts';

// A self-exclusion applied by staff on the player's request from support (issue 26, decision 0114). It is the
// player's own kind of self-exclusion (a `risk.limits` row, definition 4), so it ends only by the rules that
// already hold (decision 0041): never lifted early, made longer only, closed until the player asks to reopen
// after its end. What staff add: any length of at least 6 months, or an end date, in force at once.

/** The shortest one staff may apply, in calendar months (UKGC). */
export const STAFF_EXCLUSION_MIN_MONTHS = 6;

export interface StaffExclusionInput {
  playerId: string;
  /** The staff member: the limit history's actor. */
  staffId: string;
  /** Exactly one of `months` and `until` (YYYY-MM-DD, 00:00 UTC). */
  months?: number;
  until?: string;
  now: Date;
}

export interface StaffExclusion {
  before: Limit | null;
  after: Limit;
  sessionsClosed: number;
  /** Call once the transaction committed: the closed sessions' sockets end. */
  afterCommit: () => void;
}

const addMonths = (from: Date, months: number) => {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
};

/** The constants' period id a length is shown as: the longest one it lasts at least (player changes compare ends). */
function periodOf(start: Date, end: Date): string {
  const lasts = (months: number) => end.getTime() >= addMonths(start, months).getTime();
  if (lasts(60)) return SelfExclusionPeriod.fiveYears;
  if (lasts(36)) return SelfExclusionPeriod.threeYears;
  if (lasts(12)) return SelfExclusionPeriod.oneYear;
  return SelfExclusionPeriod.sixMonths;
}

const invalid = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

/** When the exclusion asked for ends; 422 under 6 months from now. */
export function staffExclusionEnd(input: Pick<StaffExclusionInput, 'months' | 'until' | 'now'>): Date {
  const field = input.months !== undefined ? 'months' : 'until';
  const end = input.months !== undefined ? addMonths(input.now, input.months) : new Date(`${input.until}T00:00:00Z`);
  if (Number.isNaN(end.getTime())) throw invalid(field, 'A date, YYYY-MM-DD.');
  if (end.getTime() < addMonths(input.now, STAFF_EXCLUSION_MIN_MONTHS).getTime()) {
    throw invalid(field, 'A self-exclusion lasts at least 6 months.');
  }
  return end;
}

/**
 * Applies the self-exclusion in the caller's transaction under the player's limits lock: a new one, or the
 * live one made longer (a shorter or equal one is 20005: it is already in force for longer). Every session of
 * the player closes and marketing consents go off, as with the player's own. 404 for an unknown player.
 */
export async function staffSelfExclude(
  tx: Db,
  player: Pick<PlayerModule, 'closeForSelfExclusion' | 'closeSessions'>,
  input: StaffExclusionInput,
): Promise<StaffExclusion> {
  const { now } = input;
  const end = staffExclusionEnd(input);
  const closing = await player.closeSessions(tx, input.playerId, 'self_exclusion');
  if (!closing) throw ApiError.of(ErrorCode.notFound, 'Player not found.');
  await lockPlayerLimits(tx, input.playerId);
  const live = await settleDue(tx, input.playerId, now);
  const existing = live.find((r) => r.definition === LimitDefinition.selfExclusion) ?? null;
  let row: LimitRow;
  if (existing) {
    const over = exclusionOver(existing, now);
    if (!over && (existing.expiredAt === null || existing.expiredAt.getTime() >= end.getTime())) {
      const until = existing.expiredAt ? `until ${existing.expiredAt.toISOString()}` : 'permanently';
      throw ApiError.of(ErrorCode.alreadyDecided, `The player is already self-excluded ${until}.`, {}, 409);
    }
    // Longer, or ended and waiting to reopen: closed again until the new end, any reopen request dropped.
    const next = {
      ...existing,
      period: periodOf(existing.startedAt ?? now, end),
      expiredAt: end,
      reopenRequestedAt: null,
      updatedAt: now,
    };
    row = await changeLimit(tx, existing, next, { actor: input.staffId, action: 'lengthened', at: now });
  } else {
    row = await changeLimit(
      tx,
      null,
      {
        id: randomUUID(),
        playerId: input.playerId,
        definition: LimitDefinition.selfExclusion,
        period: periodOf(now, end),
        currency: null,
        amount: null,
        zone: null,
        pendingAmount: null,
        pendingAt: null,
        removalAt: null,
        startedAt: now,
        expiredAt: end,
        reopenRequestedAt: null,
        endedAt: null,
        createdAt: now,
        updatedAt: now,
      },
      { actor: input.staffId, action: 'created', at: now },
    );
  }
  const notify = await player.closeForSelfExclusion(tx, input.playerId);
  return {
    before: existing ? present(existing, now, null) : null,
    after: present(row, now, null),
    sessionsClosed: closing.closed,
    afterCommit: () => {
      closing.afterCommit();
      notify();
    },
  };
}
