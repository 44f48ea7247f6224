import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Whether two players have used one paying instrument (decision 0094): the provider's fingerprint of a card or
 * bank account (`details.instrument`) on any invoice of each, deposit or withdrawal, whatever its outcome (a
 * declined card was still in the player's hands). Invoices without a fingerprint (e-wallet, crypto) match
 * nothing. For the referral programme: a referee paying with the referrer's card is the referrer.
 */
export async function sharePaymentInstrument(db: Db, playerId: string, otherPlayerId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (
      select 1
        from payment.invoices a
        join payment.invoices b on b.details->>'instrument' = a.details->>'instrument'
       where a.player_id = ${playerId} and b.player_id = ${otherPlayerId}
    ) as shared`);
  return (result as unknown as { rows: { shared: boolean }[] }).rows[0]?.shared === true;
}
