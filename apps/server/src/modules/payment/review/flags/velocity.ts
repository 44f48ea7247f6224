import { InvoiceType } from '@croupier/contracts';
import { and, count, eq, gt } from 'drizzle-orm';
import { invoices } from '../../schema.ts';
import type { WithdrawalRiskFlag } from '../flag.ts';

/** "Several requests in a day": this many withdrawal requests in 24 hours, this one included, whatever became of them. */
export const VELOCITY_REQUESTS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export const velocity: WithdrawalRiskFlag = {
  name: 'velocity',
  async raised(tx, w) {
    const [row] = await tx
      .select({ n: count() })
      .from(invoices)
      .where(
        and(
          eq(invoices.playerId, w.playerId),
          eq(invoices.type, InvoiceType.withdrawal),
          gt(invoices.createdAt, new Date(w.createdAt.getTime() - DAY_MS)),
        ),
      );
    return Number(row?.n ?? 0) >= VELOCITY_REQUESTS;
  },
};
