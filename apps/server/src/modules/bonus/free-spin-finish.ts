import { PlayerBonusResult, PlayerBonusStatus } from '@croupier/contracts';
import { eq } from 'drizzle-orm';
import { withTransaction } from '../wallet/index.ts';
import type { BonusDeps, FreeSpinJob } from './deps.ts';
import { issue } from './lifecycle.ts';
import { playerFreespins } from './schema.ts';
import { bonusById } from './store.ts';
import { frozen } from './terms.ts';

/**
 * Played free spins' winnings become a player bonus (decision 0065): its amount is the total win, wagered
 * × the free spins' multiplier as it was when they were issued. The winnings waited in the house bonus account, where the bonus's activation
 * takes them from. Keyed by the free spins, so a re-run issues nothing twice.
 */
export async function issueWinnings(deps: BonusDeps, { freeSpinId }: FreeSpinJob): Promise<string | null> {
  return withTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(playerFreespins).where(eq(playerFreespins.id, freeSpinId)).for('update');
    if (!row || row.status !== PlayerBonusStatus.finished || row.result !== PlayerBonusResult.played) return null;
    if (row.playerBonusId || row.win === 0n) return row.playerBonusId;
    const bonus = (await bonusById(tx, row.bonusId))!;
    // The winnings' bonus is one per free-spin record, never "once per player" like the free spins' offer.
    const issued = await issue(tx, deps, {
      playerId: row.playerId,
      bonus: { ...bonus, reusable: true },
      currency: row.currency,
      amount: row.win,
      issueKey: `freespins:${row.id}`,
      issueSessionId: row.issueSessionId,
      // Wagered as the free spins were issued, not as their definition reads now (issue 27).
      terms: frozen(row.terms),
    });
    if (!issued) return null;
    await tx.update(playerFreespins).set({ playerBonusId: issued.id }).where(eq(playerFreespins.id, row.id));
    return issued.id;
  });
}
