import { sql } from 'drizzle-orm';
import { card, deposit, paymentPlayer, WEBHOOK_SECRET } from '../payment/helpers.ts';
import { createSeamlessTestApp, type SeamlessTestApp } from '../seamless/helpers.ts';

/** A test app with the sandbox payments and the seamless provider `acme`, for the players area's tests. */
export const playersTestApp = () => createSeamlessTestApp({}, { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET });

// biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary row shapes
export const rowsOf = (result: unknown) => (result as { rows: any[] }).rows;

/** The audit rows about one player, oldest first. */
export const auditOf = async (t: SeamlessTestApp, playerId: string) =>
  rowsOf(
    await t.database.db.execute(
      sql`select staff_id, action, target_type, target_id, player_id, reason, before, after, result
            from staff.audit_log where player_id = ${playerId} order by seq`,
    ),
  );

/** A registered EUR player with a card deposit of `amount` (the sandbox's 4242 card succeeds at once). */
export async function depositedPlayer(t: SeamlessTestApp, amount = 50) {
  const p = await paymentPlayer(t);
  const res = await deposit(t, p, card('4242 4242 4242 4242', amount));
  if (res.status !== 200) throw new Error(`deposit failed: ${res.status} ${JSON.stringify(res.json)}`);
  return p;
}
