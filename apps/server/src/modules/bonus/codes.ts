import { randomUUID } from 'node:crypto';
import {
  ApiError,
  type ApplyBonusCode,
  type BonusCode,
  BonusCodeStatus,
  BonusCodeTrigger,
  ErrorCode,
} from '@croupier/contracts';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import { listAccounts, withTransaction } from '../wallet/index.ts';
import { amountOf, isAvailable } from './definitions.ts';
import type { BonusDeps } from './deps.ts';
import { mayApply } from './editor/code-rules.ts';
import { issuingPaused } from './editor/issuing.ts';
import { packageOpen } from './editor/packages.ts';
import { playerBonusCodesChannel } from './events.ts';
import { issueFreeSpins } from './free-spins.ts';
import { issue } from './lifecycle.ts';
import { toBonusCode } from './present.ts';
import { bonuses, codes, playerBonusCodes } from './schema.ts';

// Bonus codes (api-contract §10): trigger 1 applies a code now, trigger 3 attaches it to the next deposit.
// Wrong codes are counted per player: too many in the window answer error 5 (HTTP 400), as the contract says.

/** Incorrect codes a player may type per window before the box is locked. */
export const wrongCodes = { max: 5, seconds: 180 };

type CodeRow = typeof playerBonusCodes.$inferSelect;

async function record(tx: Db, row: typeof playerBonusCodes.$inferInsert): Promise<BonusCode> {
  const [saved] = await tx.insert(playerBonusCodes).values(row).returning();
  const code = toBonusCode(saved!);
  await enqueue(tx, {
    channel: playerBonusCodesChannel(row.playerId),
    event: 'player.bonus.code.updated',
    data: { event: 'player.bonus.code.updated', playerBonusCode: code },
  });
  return code;
}

async function refuseWhenLocked(tx: Db, deps: BonusDeps, playerId: string) {
  const since = new Date(deps.now().getTime() - wrongCodes.seconds * 1000);
  const [row] = await tx
    .select({ n: count() })
    .from(playerBonusCodes)
    .where(
      and(
        eq(playerBonusCodes.playerId, playerId),
        eq(playerBonusCodes.status, BonusCodeStatus.incorrect),
        gt(playerBonusCodes.createdAt, since),
      ),
    );
  if ((row?.n ?? 0) >= wrongCodes.max) {
    throw ApiError.of(ErrorCode.tooManyAttempts, 'Too many wrong codes. Try again in 3 minutes.', {}, 400);
  }
}

/** POST …/bonuscodes: applies or attaches a code for the player's active currency; the status says which. */
export async function applyCode(deps: BonusDeps, playerId: string, body: ApplyBonusCode): Promise<BonusCode> {
  await deps.mayClaim(playerId);
  const text = body.bonusCode.trim().toUpperCase();
  const active = (await listAccounts(deps.db, playerId)).find((a) => a.status === 1);
  return withTransaction(deps.db, async (tx) => {
    // One player's code requests queue here, so the wrong-code count cannot be raced past.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bonus-code:${playerId}`}))`);
    await refuseWhenLocked(tx, deps, playerId);
    const base = { playerId, code: text, trigger: body.trigger, createdAt: deps.now() };
    const [found] = await tx
      .select({ code: codes, bonus: bonuses })
      .from(codes)
      .innerJoin(bonuses, eq(bonuses.id, codes.bonusId))
      .where(eq(codes.code, text));
    if (!found) return record(tx, { ...base, status: BonusCodeStatus.incorrect });
    const { bonus } = found;
    const unavailable = () => record(tx, { ...base, status: BonusCodeStatus.notAvailable });
    if (!active || !found.code.triggers.includes(body.trigger) || !isAvailable(bonus, deps.now())) return unavailable();
    // A known code that is paused, archived, out of its window or used up, a paused package, or bonus issuing
    // paused everywhere: not available (issue 27), decided in this transaction.
    if (!(await packageOpen(tx, bonus.packageId)) || (await issuingPaused(tx))) return unavailable();
    if (!(await mayApply(tx, text, deps.now()))) return unavailable();
    if (body.trigger === BonusCodeTrigger.deposit) {
      // A deposit code waits for the next deposit; a newer one replaces it.
      await tx
        .delete(playerBonusCodes)
        .where(and(eq(playerBonusCodes.playerId, playerId), eq(playerBonusCodes.status, BonusCodeStatus.attached)));
      return record(tx, { ...base, status: BonusCodeStatus.attached });
    }
    const id = randomUUID();
    if (bonus.kind === 'freespins') {
      const key = { playerId, bonus, currency: active.currency, issueKey: `code:${id}`, issueSessionId: id };
      if (!(await issueFreeSpins(tx, deps, key))) return unavailable();
      return record(tx, { ...base, id, status: BonusCodeStatus.applied, usedAt: deps.now() });
    }
    const amount = amountOf(bonus, active.currency);
    if (amount === null) return unavailable();
    const issued = await issue(tx, deps, {
      playerId,
      bonus,
      currency: active.currency,
      amount,
      issueKey: `code:${id}`,
      issueSessionId: id,
    });
    if (!issued) return unavailable();
    return record(tx, { ...base, id, status: BonusCodeStatus.applied, playerBonusId: issued.id, usedAt: deps.now() });
  });
}

/** GET …/bonuscodes?trigger=3: the code attached to the next deposit, if any. */
export async function attachedCodes(db: Db, playerId: string): Promise<BonusCode[]> {
  const rows: CodeRow[] = await db
    .select()
    .from(playerBonusCodes)
    .where(and(eq(playerBonusCodes.playerId, playerId), eq(playerBonusCodes.status, BonusCodeStatus.attached)))
    .orderBy(desc(playerBonusCodes.createdAt));
  return rows.map(toBonusCode);
}

/** DELETE …/bonuscodes: detaches the player's attached code; another player's id is not found. */
export async function removeCode(db: Db, playerId: string, id: string): Promise<void> {
  const removed = await db
    .delete(playerBonusCodes)
    .where(
      and(
        eq(playerBonusCodes.id, id),
        eq(playerBonusCodes.playerId, playerId),
        eq(playerBonusCodes.status, BonusCodeStatus.attached),
      ),
    )
    .returning({ id: playerBonusCodes.id });
  if (removed.length === 0) throw ApiError.of(ErrorCode.notFound, 'No such attached code.');
}
