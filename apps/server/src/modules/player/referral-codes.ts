import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { players } from './schema.ts';

// What the referral module asks of the player module (decision 0098): a player's own referral code, kept on
// the player's row, and the locks on a referrer's row. A player's own referral code: 8 characters of an alphabet without look-alikes (0/O, 1/I/L), so it
// survives being read aloud or typed; 31^8 ≈ 8.5e11 codes, unique by the players_referral_code_key index.

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e?.cause ?? e)?.code === '23505';
};

/** Gives the player a code when it has none (a clash with another code retries with a new one). */
export async function ensureReferralCode(db: Db, playerId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      await db
        .update(players)
        .set({ referralCode: newReferralCode() })
        .where(and(eq(players.id, playerId), isNull(players.referralCode)));
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * Gives every player without a code one, when the programme is switched on over existing players. One
 * statement; md5 of a random value is enough here (a clash fails the statement, and the next start retries).
 */
export async function backfillReferralCodes(db: Db): Promise<void> {
  await db.execute(sql`
    update player.players
       set referral_code = upper(substr(md5(random()::text || id::text), 1, 10))
     where referral_code is null`);
}

/**
 * The player whose own code this is, its row locked (`for update`) in the caller's transaction so two sign-ups
 * at once cannot both take its last place. Null when no player has the code.
 */
export async function lockReferrerByCode(tx: Db, code: string): Promise<string | null> {
  const [referrer] = await tx
    .select({ id: players.id })
    .from(players)
    .where(eq(players.referralCode, code))
    .for('update');
  return referrer?.id ?? null;
}

/**
 * The player's currency, its row locked (`for no key update`) in the caller's transaction, so its referees
 * qualify one at a time. Undefined when there is no such player; null when it has no currency.
 */
export async function lockReferrerCurrency(tx: Db, playerId: string): Promise<string | null | undefined> {
  const [referrer] = await tx
    .select({ currency: players.currency })
    .from(players)
    .where(eq(players.id, playerId))
    .for('no key update');
  return referrer?.currency;
}
