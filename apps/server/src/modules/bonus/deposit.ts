import { BonusCodeStatus } from '@croupier/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import type { DepositSuccess } from '../payment/index.ts';
import { mayGainValueNow } from '../risk/index.ts';
import { amountOf, type BonusRow, isAvailable } from './definitions.ts';
import type { BonusDeps } from './deps.ts';
import { codeOpen } from './editor/code-rules.ts';
import { issuingPaused } from './editor/issuing.ts';
import { packageOpen } from './editor/packages.ts';
import { playerBonusCodesChannel } from './events.ts';
import { issue } from './lifecycle.ts';
import { toBonusCode } from './present.ts';
import { bonuses, codes, playerBonusCodes } from './schema.ts';

// A successful deposit issues the deposit bonus the player asked for, inside the credit's transaction
// (decision 0055): the code attached to the next deposit first, else the bonus chosen in the form. Keyed by
// the invoice, so whatever replays the settlement, the bonus is issued once.

type CodeRow = typeof playerBonusCodes.$inferSelect;

/** The attached code and its bonus; no bonus when the code was paused or archived, or its window closed, since. */
async function attachedCode(
  tx: Db,
  playerId: string,
  now: Date,
): Promise<{ code: CodeRow; bonus: BonusRow | null } | null> {
  const [code] = await tx
    .select()
    .from(playerBonusCodes)
    .where(and(eq(playerBonusCodes.playerId, playerId), eq(playerBonusCodes.status, BonusCodeStatus.attached)))
    .for('update');
  if (!code) return null;
  const [found] = await tx
    .select({ bonus: bonuses, code: codes })
    .from(codes)
    .innerJoin(bonuses, eq(bonuses.id, codes.bonusId))
    .where(eq(codes.code, code.code));
  return { code, bonus: found && codeOpen(found.code, now) ? found.bonus : null };
}

async function useCode(tx: Db, code: CodeRow, status: number, playerBonusId: string | null, now: Date) {
  const [row] = await tx
    .update(playerBonusCodes)
    .set({ status, playerBonusId, usedAt: now })
    .where(eq(playerBonusCodes.id, code.id))
    .returning();
  const playerBonusCode = toBonusCode(row!);
  await enqueue(tx, {
    channel: playerBonusCodesChannel(code.playerId),
    event: 'player.bonus.code.updated',
    data: { event: 'player.bonus.code.updated', playerBonusCode },
  });
}

async function issueFor(tx: Db, deps: BonusDeps, d: DepositSuccess, bonus: BonusRow) {
  // Paused everywhere, or its package paused (issue 27): decided in the deposit's own transaction.
  if ((await issuingPaused(tx)) || !(await packageOpen(tx, bonus.packageId))) return null;
  const amount = isAvailable(bonus, deps.now()) ? amountOf(bonus, d.currency, d.amount) : null;
  if (amount === null || amount === 0n) return null;
  return issue(tx, deps, {
    playerId: d.playerId,
    bonus,
    currency: d.currency,
    amount,
    issueKey: `invoice:${d.invoiceId}`,
    issueSessionId: d.invoiceId,
  });
}

/** The payment module's deposit hook. */
export function onDeposit(deps: BonusDeps) {
  return async (tx: Db, d: DepositSuccess): Promise<void> => {
    // A deposit started before a cooling-off can settle during it: no bonus then, and an attached code waits
    // for a deposit after the exclusion (decision 0092).
    if (!(await mayGainValueNow(deps.mayClaim, d.playerId, tx))) return;
    const attached = await attachedCode(tx, d.playerId, deps.now());
    if (attached) {
      const issued = attached.bonus ? await issueFor(tx, deps, d, attached.bonus) : null;
      const status = issued ? BonusCodeStatus.applied : BonusCodeStatus.notAvailable;
      await useCode(tx, attached.code, status, issued?.id ?? null, deps.now());
      return;
    }
    if (d.declined || !d.bonusId) return;
    const [bonus] = await tx
      .select()
      .from(bonuses)
      .where(and(eq(bonuses.id, d.bonusId), eq(bonuses.kind, 'deposit')));
    // A code-only bonus is given by its code alone: naming its id in the form gets nothing (issue 27).
    if (bonus && !bonus.codeOnly) await issueFor(tx, deps, d, bonus);
  };
}
