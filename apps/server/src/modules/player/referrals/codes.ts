import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { players } from '../schema.ts';

// A player's own referral code: 8 characters of an alphabet without look-alikes (0/O, 1/I/L), so it
// survives being read aloud or typed; 31^8 ≈ 8.5e11 codes, unique by the players_referral_code_key index.

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 8;

export const CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;

export function newReferralCode(): string {
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
