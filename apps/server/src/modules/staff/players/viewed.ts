import { ApiError, ErrorCode } from '@croupier/contracts';
import type { Db } from '../../../db/client.ts';
import { isPlayer } from '../../player/index.ts';
import { writeAudit } from '../audit/write.ts';
import type { StaffContext } from '../auth/sessions.ts';

// Reading one player's data is audited (§7): the read first, then its row in a short transaction of its own, so
// a view that could not be recorded is not answered. A player who does not exist is 404 and nothing was seen.

/** 404 (code 2) unless the player exists. */
export async function requirePlayer(db: Db, playerId: string): Promise<void> {
  if (!(await isPlayer(db, playerId))) throw ApiError.of(ErrorCode.notFound, 'Player not found.');
}

/** Writes the audit row of a view of the player's data (`player.view`, `player.transactions.view`, …). */
export async function recordView(
  db: Db,
  staff: StaffContext,
  action: string,
  playerId: string,
  /** What was asked for (a page, a currency), when the view has a choice. */
  asked?: Record<string, unknown>,
): Promise<void> {
  await db.transaction((tx) =>
    writeAudit(tx, {
      staffId: staff.staffId,
      action,
      targetType: 'player',
      targetId: playerId,
      playerId,
      after: asked,
    }),
  );
}
