import type { Note } from '@croupier/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { writeAudit } from '../audit/write.ts';
import type { StaffContext } from '../auth/sessions.ts';
import { playerNotes, staffAccounts } from '../schema.ts';

/** The most notes one read answers, newest first (a long-standing player's oldest stay in the table). */
export const NOTES_SHOWN = 500;

const toNote = (row: typeof playerNotes.$inferSelect, staffName: string): Note => ({
  id: row.id,
  playerId: row.playerId,
  text: row.text,
  staffId: row.staffId,
  staffName,
  createdAt: row.createdAt.toISOString(),
});

/** The player's notes, newest first, each with the name of the staff member who wrote it. */
export async function notesOf(db: Db, playerId: string): Promise<Note[]> {
  const rows = await db
    .select({ note: playerNotes, staffName: staffAccounts.name })
    .from(playerNotes)
    .innerJoin(staffAccounts, eq(staffAccounts.id, playerNotes.staffId))
    .where(eq(playerNotes.playerId, playerId))
    .orderBy(desc(playerNotes.createdAt), desc(playerNotes.id))
    .limit(NOTES_SHOWN);
  return rows.map((r) => toNote(r.note, r.staffName));
}

/**
 * Adds a note (§4: a note is its own reason) and its audit row `player.note`, whose `after` is the note, in one
 * transaction: a note is never kept without its row, nor the row without the note.
 */
export async function addNote(db: Db, staff: StaffContext, playerId: string, text: string): Promise<Note> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(playerNotes).values({ playerId, staffId: staff.staffId, text }).returning();
    const note = toNote(row!, staff.name);
    await writeAudit(tx, {
      staffId: staff.staffId,
      action: 'player.note',
      targetType: 'note',
      targetId: note.id,
      playerId,
      after: note,
    });
    return note;
  });
}
