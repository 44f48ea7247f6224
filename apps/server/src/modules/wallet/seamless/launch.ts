import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { openAccount } from '../accounts.ts';
import { withTransaction } from '../ledger.ts';
import { enabledCurrencies } from '../present.ts';
import { seamlessProviders, seamlessSessions } from './schema.ts';

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A launch token binding one player account (one currency), provider and game; stored as its SHA-256. */
export async function issueLaunchToken(
  db: Db,
  input: { playerId: string; currency: string; providerId: string; gameId: string; ttlSeconds?: number },
): Promise<{ token: string; expiresAt: Date; accountId: string }> {
  const currency = input.currency.trim().toUpperCase();
  if (!enabledCurrencies.has(currency)) throw new Error(`Currency ${currency} is not enabled`);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (input.ttlSeconds ?? 4 * 3600) * 1000);
  const accountId = await withTransaction(db, async (tx) => {
    const [provider] = await tx.select().from(seamlessProviders).where(eq(seamlessProviders.id, input.providerId));
    if (!provider?.enabled) throw new Error(`Unknown or disabled provider ${input.providerId}`);
    if (provider.games.length > 0 && !provider.games.includes(input.gameId)) {
      throw new Error(`Provider ${input.providerId} does not offer ${input.gameId}`);
    }
    const account = await openAccount(tx, input.playerId, currency);
    await tx.insert(seamlessSessions).values({
      tokenHash: tokenHashOf(token),
      playerId: input.playerId,
      accountId: account.id,
      providerId: input.providerId,
      gameId: input.gameId,
      currency,
      expiresAt,
    });
    return account.id;
  });
  return { token, expiresAt, accountId };
}
