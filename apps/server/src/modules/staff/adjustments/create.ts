import { createHash } from 'node:crypto';
import type { Adjustment } from '@croupier/contracts';
import { type CreateAdjustmentRequest, minorOfRequest } from '@croupier/contracts';
import { isCurrencyCode } from '@croupier/contracts/reference/index';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { drizzleSql } from '../../../db/lean-sql.ts';
import { playerStatusIn } from '../../player/index.ts';
import { type RatesSource, toBaseMinor } from '../../settings/index.ts';
import { adjustableAccount, withTransaction } from '../../wallet/index.ts';
import { writeAudit } from '../audit/write.ts';
import { adjustments } from '../schema.ts';
import { applyAdjustment } from './apply.ts';
import { capOf } from './cap.ts';
import type { AdjustmentHooks } from './changed.ts';
import { type AdjustmentRow, firstAnswerOf, major, toAdjustment } from './present.ts';
import { beyondBalance, invalid, keyReused, noAccount, unknownPlayer } from './refusals.ts';

export interface CreateDeps extends AdjustmentHooks {
  db: Db;
  rates: RatesSource;
}

/** What identifies the request under its key: the same body from anyone is a replay, another body is 409. */
const requestHashOf = (playerId: string, currency: string, amount: bigint, reason: string) =>
  createHash('sha256')
    .update(JSON.stringify([playerId, currency, String(amount), reason]))
    .digest('hex');

const byKey = async (tx: Db, key: string): Promise<AdjustmentRow | undefined> =>
  (await tx.select().from(adjustments).where(eq(adjustments.idempotencyKey, key)))[0];

function replay(prior: AdjustmentRow, hash: string): Adjustment {
  if (prior.requestHash !== hash) throw keyReused();
  return firstAnswerOf(prior);
}

/**
 * POST /adjustments (§5). Within the maker's cap (|amount| in EUR at the current rate; no rate: above it) the
 * adjustment is applied at once, one ledger movement and its audit row in one transaction; above it, it is
 * written `pending` and moves nothing. The idempotency key is the row's unique key: a concurrent request
 * under the same key waits on the first one's insert and then answers what the first answered.
 */
export async function createAdjustment(
  deps: CreateDeps,
  makerId: string,
  input: CreateAdjustmentRequest,
): Promise<Adjustment> {
  const currency = input.currency.trim().toUpperCase();
  if (!isCurrencyCode(currency)) throw invalid('currency', 'Unknown currency.');
  const amount = minorOfRequest(input.amount, currency);
  if (amount === 0n) throw invalid('amount', 'An adjustment moves some money.');
  const playerId = input.playerId.toLowerCase();
  const key = input.idempotencyKey.toLowerCase();
  const hash = requestHashOf(playerId, currency, amount, input.reason);

  return withTransaction(deps.db, async (tx) => {
    // A replay answers before today's checks: its answer must not depend on them.
    const prior = await byKey(tx, key);
    if (prior) return replay(prior, hash);

    if ((await playerStatusIn(drizzleSql(tx), playerId)) === null) throw unknownPlayer();
    const account = await adjustableAccount(tx, playerId, currency);
    if (!account) throw noAccount();
    const baseAmount = toBaseMinor(deps.rates.current(), currency, amount);
    const cap = await capOf(tx, makerId);
    const atOnce = baseAmount !== null && baseAmount <= cap;
    // A pending debit the balance cannot take now is refused at once (the approval checks again).
    if (!atOnce && amount < 0n && account.real + amount < 0n) {
      throw beyondBalance(String(major(account.real, currency)), currency);
    }

    const [row] = await tx
      .insert(adjustments)
      .values({
        idempotencyKey: key,
        requestHash: hash,
        playerId,
        currency,
        amount,
        baseAmount,
        reason: input.reason,
        status: 'pending',
        requestedBy: makerId,
      })
      .onConflictDoNothing({ target: adjustments.idempotencyKey })
      .returning();
    // Another request with this key committed while this one checked: its answer is the answer.
    if (!row) return replay((await byKey(tx, key))!, hash);

    const capFigures = {
      baseAmount: baseAmount === null ? null : major(baseAmount, 'EUR'),
      cap: major(cap, 'EUR'),
    };
    if (atOnce) {
      const applied = await applyAdjustment(tx, row, { decidedBy: makerId, decisionReason: null });
      const adjustment = toAdjustment(applied.row);
      await writeAudit(tx, {
        staffId: makerId,
        action: 'adjustment.apply',
        targetType: 'adjustment',
        targetId: row.id,
        playerId,
        reason: input.reason,
        before: { status: null, realBalance: major(applied.realBefore, currency) },
        after: {
          status: 'applied',
          amount: adjustment.amount,
          currency,
          realBalance: major(applied.realAfter, currency),
          transactionId: applied.transactionId,
          ...capFigures,
        },
      });
      return adjustment;
    }

    const adjustment = toAdjustment(row);
    await writeAudit(tx, {
      staffId: makerId,
      action: 'adjustment.request',
      targetType: 'adjustment',
      targetId: row.id,
      playerId,
      reason: input.reason,
      before: null,
      after: { status: 'pending', amount: adjustment.amount, currency, ...capFigures },
    });
    await deps.onAdjustmentsChanged?.(tx, { adjustment, from: null });
    return adjustment;
  });
}
