import {
  ApiError,
  CreateLimitRequest,
  ErrorCode,
  issuesToFields,
  type Limit,
  minorOfRequest,
} from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import { changeAmount, createLimit, sameKind } from './changes.ts';
import { inForce, settleDue } from './settle.ts';
import { isCash, present } from './state.ts';
import { type LimitRow, liveLimits, lockPlayerLimits } from './store.ts';
import { usageOf } from './usage.ts';

// Limits as the back office sees and sets them (backoffice-api.md §4, decision 0107). A staff member may only
// tighten: add a cash limit, or lower one, in force at once (a decrease never waits); raising or removing is
// the player's own request, which waits its 24 hours. Cooling-off and self-exclusion are compliance's
// (`players:exclusion`), not this path.

export interface StaffLimitInput {
  playerId: string;
  /** The staff member: the limit history's actor. */
  staffId: string;
  definition: number;
  period: string;
  /** Major units of `currency`. */
  amount: number;
  currency: string;
  now: Date;
}

const invalid = (fields: Record<string, string[]>) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', fields);

async function presented(db: Db, row: LimitRow, now: Date): Promise<Limit> {
  return present(row, now, isCash(row) ? await usageOf(db, row, now) : null);
}

/**
 * Adds the cash limit, or lowers the live one of the same kind, currency and period, in the caller's
 * transaction under the player's limits lock, through the player API's own rules (changes.ts), so the window,
 * the zone and the history row are the same as a player's change. The same amount keeps the limit and cancels
 * any increase or removal waiting (a tightening too). A higher amount is refused with 20006. Answers the limit
 * before (null: added) and after, as the player API's `Limit`.
 */
export async function staffLowerLimit(tx: Db, input: StaffLimitInput): Promise<{ before: Limit | null; after: Limit }> {
  const body = { definition: input.definition, period: input.period, currency: input.currency, amount: input.amount };
  if (!isCash(body) || body.definition < 1) {
    throw invalid({
      definition: ['Staff add or lower bet (1), loss (2) and deposit (3) limits; exclusions are handled apart.'],
    });
  }
  const parsed = CreateLimitRequest.safeParse(body);
  if (!parsed.success) throw invalid(issuesToFields(parsed.error.issues));
  const amount = minorOfRequest(body.amount, body.currency);
  const { now } = input;
  await lockPlayerLimits(tx, input.playerId);
  const live = await settleDue(tx, input.playerId, now);
  const existing = sameKind(live, parsed.data);
  const change = { tx, playerId: input.playerId, now, actor: input.staffId };
  if (!existing) return { before: null, after: await presented(tx, await createLimit(change, parsed.data), now) };
  if (amount > existing.amount!) {
    throw ApiError.of(
      ErrorCode.limitRaiseRefused,
      'Staff may only add a limit or lower one; raising it is the player’s own request.',
      { amount: ['The amount is higher than the limit in force.'] },
    );
  }
  const before = await presented(tx, existing, now);
  return { before, after: await presented(tx, await changeAmount(change, existing, amount), now) };
}

/**
 * The player's live limits as the player API lists them (`Limit`, with the current window's usage), read
 * without writing: waiting changes that are due are applied in memory only (the player's next read or the
 * money path applies them for real).
 */
export async function limitsForStaff(db: Db, playerId: string, now: Date): Promise<Limit[]> {
  const live = inForce(await liveLimits(db, playerId), now);
  return Promise.all(live.map((row) => presented(db, row, now)));
}
