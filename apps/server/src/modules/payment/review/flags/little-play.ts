import { InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { realStakesSince } from '../../../wallet/index.ts';
import { invoices } from '../../schema.ts';
import type { WithdrawalRiskFlag } from '../flag.ts';

/**
 * Deposit then withdrawal with little play (AML cycling: money passed through the casino to look clean): since
 * the player's latest successful deposit in this currency, final real-money stakes below that deposit.
 */
export const littlePlay: WithdrawalRiskFlag = {
  name: 'littlePlay',
  async raised(tx, w) {
    const [latest] = await tx
      .select({ amount: invoices.amount, at: invoices.updatedAt })
      .from(invoices)
      .where(
        and(
          eq(invoices.playerId, w.playerId),
          eq(invoices.currency, w.currency),
          eq(invoices.type, InvoiceType.deposit),
          eq(invoices.status, InvoiceStatus.success),
        ),
      )
      .orderBy(desc(invoices.updatedAt))
      .limit(1);
    if (!latest) return false;
    return (await realStakesSince(tx, w.playerId, w.currency, latest.at)) < latest.amount;
  },
};
