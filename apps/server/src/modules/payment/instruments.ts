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

/** The accounts that used one paying instrument: how many, and the first few (by their first use). */
export interface InstrumentPlayers {
  /** The provider's fingerprint (`card:<hash>`, `iban:<hash>`). */
  instrument: string;
  players: number;
  playerIds: string[];
}

/**
 * The accounts that used an invoice's instrument (decision 0114: many accounts on one card or bank account),
 * counted as `sharePaymentInstrument` counts: any invoice, deposit or withdrawal, whatever its outcome. Null
 * when the invoice has no instrument (e-wallet, crypto) or is unknown. By `invoices_instrument_idx`.
 */
export async function instrumentPlayers(db: Db, invoiceId: string, shown = 10): Promise<InstrumentPlayers | null> {
  const result = await db.execute(sql`
    with i as (
      select details->>'instrument' as instrument from payment.invoices where id = ${invoiceId}
    ), p as (
      select v.player_id, min(v.created_at) as first_at
        from i join payment.invoices v on v.details->>'instrument' = i.instrument
       group by v.player_id
    )
    select i.instrument, (select count(*)::int from p) as players,
           (select coalesce((array_agg(p.player_id::text order by p.first_at, p.player_id))[1:${shown}], '{}') from p)
             as "playerIds"
      from i where i.instrument is not null`);
  const [row] = (result as unknown as { rows: InstrumentPlayers[] }).rows;
  return row ? { instrument: row.instrument, players: Number(row.players), playerIds: row.playerIds } : null;
}
