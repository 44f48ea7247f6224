import { type Account, AccountStatus, ApiError, ErrorCode } from '@croupier/contracts';
import { baseCurrencyCode } from '@croupier/contracts/reference/index';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type AccountRow, withTransaction } from './ledger.ts';
import { enabledCurrencies, toAccount } from './present.ts';
import { accounts } from './schema.ts';

const notFound = () => ApiError.of(ErrorCode.notFound, 'Account not found.');

/** Locks every account of the player (id order), so list changes of one player run one at a time. */
const lockPlayer = (tx: Db, playerId: string) =>
  tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.ownerKind, 'player'), eq(accounts.playerId, playerId)))
    .orderBy(asc(accounts.id))
    .for('update');

/** The player's visible accounts, oldest first; `withdrawalBalance` honours the account's withdrawal hold (decision 0076). */
export async function listAccounts(db: Db, playerId: string): Promise<Account[]> {
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.ownerKind, 'player'), eq(accounts.playerId, playerId), eq(accounts.hidden, false)))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  return rows.map((row) => toAccount(row));
}

/**
 * The player's account in `currency`, opened if missing (active when the player has no active account).
 * A hidden one is shown again. Runs in the caller's transaction.
 */
export async function openAccount(
  tx: Db,
  playerId: string,
  currency: string,
  { activate = false }: { activate?: boolean } = {},
): Promise<AccountRow> {
  if (!enabledCurrencies.has(currency)) throw new Error(`Currency ${currency} is not enabled`);
  const rows = await lockPlayer(tx, playerId);
  const hasActive = rows.some((r) => r.status === AccountStatus.active);
  let row = rows.find((r) => r.currency === currency);
  if (!row) {
    const inserted = await tx
      .insert(accounts)
      .values({
        ownerKind: 'player',
        playerId,
        currency,
        status: hasActive ? AccountStatus.inactive : AccountStatus.active,
      })
      .onConflictDoNothing()
      .returning();
    // A concurrent open won: either the same currency (take it) or another one became active (open inactive).
    row =
      inserted[0] ??
      (
        await tx
          .select()
          .from(accounts)
          .where(and(eq(accounts.playerId, playerId), eq(accounts.currency, currency)))
          .for('update')
      )[0] ??
      (
        await tx
          .insert(accounts)
          .values({ ownerKind: 'player', playerId, currency, status: AccountStatus.inactive })
          .returning()
      )[0]!;
  } else if (row.hidden) {
    [row] = await tx
      .update(accounts)
      .set({ hidden: false, updatedAt: new Date() })
      .where(eq(accounts.id, row.id))
      .returning();
  }
  if (activate && row!.status !== AccountStatus.active) row = await activateAccount(tx, playerId, row!.id);
  return row!;
}

/** Makes one account the player's only active one (the caller holds the player's account locks). */
async function activateAccount(tx: Db, playerId: string, accountId: string): Promise<AccountRow> {
  await tx
    .update(accounts)
    .set({ status: AccountStatus.inactive, updatedAt: new Date() })
    .where(and(eq(accounts.playerId, playerId), eq(accounts.status, AccountStatus.active), ne(accounts.id, accountId)));
  const [row] = await tx
    .update(accounts)
    .set({ status: AccountStatus.active, hidden: false, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning();
  return row!;
}

export function createWalletAccounts(db: Db) {
  return {
    list: (playerId: string) => listAccounts(db, playerId),

    /** POST /api/wallet/accounts: 422 on `currency` unless enabled; idempotent; a hidden one is shown again. */
    async create(playerId: string, given: string): Promise<Account[]> {
      const currency = given.trim().toUpperCase();
      if (!enabledCurrencies.has(currency)) {
        throw ApiError.of(ErrorCode.validation, 'The given data was invalid.', {
          currency: ['This currency is not available.'],
        });
      }
      await withTransaction(db, (tx) => openAccount(tx, playerId, currency));
      return listAccounts(db, playerId);
    },

    /** PUT …/switch: own account only (404 otherwise); it becomes the only active one. */
    async switch(playerId: string, accountId: string): Promise<Account[]> {
      await withTransaction(db, async (tx) => {
        const rows = await lockPlayer(tx, playerId);
        if (!rows.some((r) => r.id === accountId)) throw notFound();
        await activateAccount(tx, playerId, accountId);
      });
      return listAccounts(db, playerId);
    },

    /** PUT …/hide: own account only (404), never the active one (422). */
    async hide(playerId: string, accountId: string): Promise<Account[]> {
      await withTransaction(db, async (tx) => {
        const rows = await lockPlayer(tx, playerId);
        const row = rows.find((r) => r.id === accountId);
        if (!row) throw notFound();
        if (row.status === AccountStatus.active) {
          throw ApiError.of(ErrorCode.validation, 'The active account cannot be hidden.', {
            accountId: ['The active account cannot be hidden. Switch to another account first.'],
          });
        }
        await tx.update(accounts).set({ hidden: true, updatedAt: sql`now()` }).where(eq(accounts.id, accountId));
      });
      return listAccounts(db, playerId);
    },

    /** On registration: the account in the chosen currency (the base currency when none), active. */
    async openFirst(playerId: string, currency: string | null): Promise<void> {
      const code = currency && enabledCurrencies.has(currency) ? currency : baseCurrencyCode;
      await withTransaction(db, (tx) => openAccount(tx, playerId, code, { activate: true }));
    },
  };
}
export type WalletAccounts = ReturnType<typeof createWalletAccounts>;
