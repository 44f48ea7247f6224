import { InvoiceStatus, InvoiceType } from '@croupier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { invoices } from '../../schema.ts';
import type { WithdrawalRiskFlag } from '../flag.ts';

/**
 * Paid out to a card or bank account the player never deposited with (a successful deposit with the same
 * provider fingerprint, decision 0094). No fingerprint at all is raised: what cannot be matched is not trusted.
 */
export const newInstrument: WithdrawalRiskFlag = {
  name: 'newInstrument',
  async raised(tx, w) {
    if (!w.instrument) return true;
    const [row] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.playerId, w.playerId),
          eq(invoices.type, InvoiceType.deposit),
          eq(invoices.status, InvoiceStatus.success),
          sql`${invoices.details}->>'instrument' = ${w.instrument}`,
        ),
      )
      .limit(1);
    return !row;
  },
};
