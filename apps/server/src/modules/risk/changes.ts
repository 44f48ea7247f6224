import { randomUUID } from 'node:crypto';
import {
  ApiError,
  type CreateLimitRequest,
  ErrorCode,
  minorOfRequest,
  type UpdateLimitRequest,
} from '@croupier/contracts';
import { CoolingOffPeriod, LimitDefinition, SelfExclusionPeriod } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import { COOLING_DELAY_MS, exclusionEnd, lastsAtLeast } from './periods.ts';
import { exclusionOver, isCash } from './state.ts';
import { type Actor, changeLimit, type LimitRow } from './store.ts';
import { zoneOf } from './usage.ts';

// The rules of issue 11 for changing limits: a new limit or a lower amount applies at once; a higher amount
// or a removal waits 24 hours while the old limit keeps holding; a cooling-off or self-exclusion can be made
// longer, never shorter, and never lifted. Each change is one history row.

export interface Change {
  tx: Db;
  playerId: string;
  now: Date;
  actor: Actor;
}

const refused = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

/**
 * A limit that did not exist: in force at once (a new limit is never a loosening). A cash limit keeps the
 * profile's zone of this moment for its windows (decision 0091).
 */
export async function createLimit(c: Change, body: CreateLimitRequest): Promise<LimitRow> {
  const cash = isCash(body);
  const expiredAt = cash ? null : exclusionEnd(body.period!, c.now);
  const row: LimitRow = {
    id: randomUUID(),
    playerId: c.playerId,
    definition: body.definition,
    period: body.period!,
    currency: cash ? body.currency! : null,
    amount: cash ? minorOfRequest(body.amount, body.currency!) : null,
    zone: cash ? await zoneOf(c.tx, c.playerId) : null,
    pendingAmount: null,
    pendingAt: null,
    removalAt: null,
    startedAt: c.now,
    expiredAt,
    reopenRequestedAt: null,
    endedAt: null,
    createdAt: c.now,
    updatedAt: c.now,
  };
  return changeLimit(c.tx, null, row, { actor: c.actor, action: 'created', at: c.now });
}

/** A new amount for a cash limit: lower or equal at once (cancelling anything waiting), higher after 24 h. */
export async function changeAmount(c: Change, row: LimitRow, amount: bigint): Promise<LimitRow> {
  const base = { ...row, updatedAt: c.now };
  if (amount <= row.amount!) {
    const next = { ...base, amount, pendingAmount: null, pendingAt: null, removalAt: null };
    const action = amount < row.amount! ? 'decreased' : 'waiting_cancelled';
    return changeLimit(c.tx, row, next, { actor: c.actor, action, at: c.now });
  }
  // Asking again restarts the 24 hours: the delay is a cooling period for every loosening request.
  const next = {
    ...base,
    pendingAmount: amount,
    pendingAt: new Date(c.now.getTime() + COOLING_DELAY_MS),
    removalAt: null,
  };
  return changeLimit(c.tx, row, next, { actor: c.actor, action: 'increase_requested', at: c.now });
}

/** A cooling-off or self-exclusion made longer (counted from its start); shorter is refused. */
export async function lengthen(c: Change, row: LimitRow, period: string | undefined): Promise<LimitRow> {
  const cooling = row.definition === LimitDefinition.coolingOff;
  const kind = cooling ? 'cooling-off' : 'self-exclusion';
  const ids: readonly string[] = Object.values(cooling ? CoolingOffPeriod : SelfExclusionPeriod);
  if (!period || !ids.includes(period)) throw refused('period', 'Unknown period for this limit.');
  const end = exclusionEnd(period, row.startedAt);
  if (exclusionOver(row, c.now)) throw refused('period', 'This self-exclusion has ended.');
  if (!lastsAtLeast(end, row.expiredAt)) throw refused('period', `A ${kind} cannot be shortened.`);
  const next = { ...row, period, expiredAt: end, updatedAt: c.now };
  return changeLimit(c.tx, row, next, { actor: c.actor, action: 'lengthened', at: c.now });
}

/** Removing a cash limit waits 24 hours (cancelProcess); a cooling-off or self-exclusion cannot be lifted. */
export async function requestRemoval(c: Change, row: LimitRow): Promise<LimitRow> {
  if (!isCash(row)) {
    const kind = row.definition === LimitDefinition.coolingOff ? 'cooling-off' : 'self-exclusion';
    throw refused('id', `A ${kind} cannot be lifted before it ends.`);
  }
  if (row.removalAt) return row;
  const next = { ...row, removalAt: new Date(c.now.getTime() + COOLING_DELAY_MS), updatedAt: c.now };
  return changeLimit(c.tx, row, next, { actor: c.actor, action: 'removal_requested', at: c.now });
}

/** PUT: the amount of a cash limit, the period of an exclusion. */
export async function updateLimit(c: Change, row: LimitRow, body: UpdateLimitRequest): Promise<LimitRow> {
  if (isCash(row)) return changeAmount(c, row, minorOfRequest(body.amount, row.currency!));
  return lengthen(c, row, body.period);
}

/** The live limit a POST changes instead of adding a second one of the same kind (and currency, period). */
export const sameKind = (rows: LimitRow[], body: CreateLimitRequest) =>
  rows.find(
    (r) =>
      r.definition === body.definition && (!isCash(r) || (r.currency === body.currency && r.period === body.period)),
  );
