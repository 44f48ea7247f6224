import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { textFields, toProfile } from './profile.ts';
import { players } from './schema.ts';

/**
 * The profile fields (form names) that hold a value, for other modules (quests' "fill your profile" tasks).
 * Reads through the caller's connection or transaction, as preferencesOf does.
 */
export async function filledProfileFields(db: Db, playerId: string): Promise<Set<string>> {
  const [row] = await db.select().from(players).where(eq(players.id, playerId));
  if (!row) return new Set();
  const values: Record<string, unknown> = { ...toProfile(row) };
  for (const [name, column] of Object.entries(textFields)) values[name] = row[column];
  const filled = new Set<string>();
  for (const [name, value] of Object.entries(values)) {
    if (value !== null && value !== undefined && value !== '' && value !== false) filled.add(name);
  }
  return filled;
}

/** Whether an update gives a value to a column that had none (a step towards a complete profile). */
export function fillsAField(before: Record<string, unknown>, set: Record<string, unknown>): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  return Object.entries(set).some(
    ([column, value]) => !empty(value) && typeof value !== 'boolean' && empty(before[column]),
  );
}
