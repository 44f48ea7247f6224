import type { Db } from '../../db/client.ts';
import { dueTransition } from './state.ts';
import { changeLimit, type LimitRow, liveLimits } from './store.ts';

/**
 * Applies every waiting change of the player's limits that is due at `now` (an increase or removal whose
 * 24 hours passed, a cooling-off that ended, a self-exclusion that reopened), each with its history row
 * stamped at the instant it took effect. Answers the limits still live. Call with the player's limits locked.
 */
export async function settleDue(tx: Db, playerId: string, now: Date): Promise<LimitRow[]> {
  const live: LimitRow[] = [];
  for (let row of await liveLimits(tx, playerId)) {
    for (let t = dueTransition(row, now); t && !row.endedAt; t = dueTransition(row, now)) {
      row = await changeLimit(tx, row, t.next, { actor: 'system', action: t.action, at: t.at });
    }
    if (!row.endedAt) live.push(row);
  }
  return live;
}

/** The same, in memory only: what is in force at `now` for a read that must not write (checks). */
export function inForce(rows: LimitRow[], now: Date): LimitRow[] {
  const live: LimitRow[] = [];
  for (let row of rows) {
    for (let t = dueTransition(row, now); t && !row.endedAt; t = dueTransition(row, now)) row = t.next;
    if (!row.endedAt) live.push(row);
  }
  return live;
}
