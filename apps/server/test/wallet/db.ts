import { randomUUID } from 'node:crypto';
import type { Database, Db } from '../../src/db/client.ts';
import { houseAccount, openAccount, withTransaction } from '../../src/modules/wallet/index.ts';
import { freshDatabase } from '../harness.ts';

export { ledgerViolations, rows } from './ledger-invariants.ts';

/** A fresh migrated database (see ../harness.ts); `close` closes it and drops it on PostgreSQL. */
export async function freshWalletDatabase(poolSize = 5): Promise<{ database: Database; close: () => Promise<void> }> {
  const { database, drop } = await freshDatabase(poolSize);
  return {
    database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** A player account (the player id needs no player row: no foreign key across module schemas). */
export async function playerAccount(db: Db, currency = 'EUR', playerId: string = randomUUID()) {
  return withTransaction(db, (tx) => openAccount(tx, playerId, currency));
}

export const house = (db: Db, currency = 'EUR', purpose = 'cash') =>
  withTransaction(db, (tx) => houseAccount(tx, currency, purpose));
