import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { driverOf } from '../../src/db/lean-sql.ts';
import { playStatusColumn, publicNameColumn } from '../../src/modules/player/index.ts';
import { lockByToken } from '../../src/modules/wallet/seamless/statements.ts';

// Records the SQL of every transaction on a test app's database (PGlite's transaction or a pg client between
// BEGIN and COMMIT), as bench/wallet counts statements: the statement-count tests of the money path read it.

/** The statements of every transaction that ran while recording, each as the list of its texts. */
export function recordTransactions(t: { database: Database }) {
  const transactions: string[][] = [];
  let recording = false;
  const driver = driverOf(t.database.db);
  if (driver.kind === 'pglite') {
    const client = driver.client as PGlite & { transaction: PGlite['transaction'] };
    const original = client.transaction.bind(client);
    client.transaction = ((fn: (tx: Transaction) => Promise<unknown>) =>
      original((tx) => {
        if (recording) {
          const log: string[] = [];
          transactions.push(log);
          const query = tx.query.bind(tx);
          tx.query = ((text: string, ...rest: unknown[]) => {
            log.push(text);
            return (query as (...a: unknown[]) => unknown)(text, ...rest);
          }) as Transaction['query'];
        }
        return fn(tx);
      })) as PGlite['transaction'];
    return {
      transactions,
      start: () => (recording = true),
      stop: () => (recording = false),
      restore() {
        client.transaction = original;
      },
    };
  }
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  const open = new WeakMap<pg.Client, string[]>();
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
    const word = text.trim().toUpperCase();
    if (recording && word === 'BEGIN') {
      const log: string[] = [];
      transactions.push(log);
      open.set(this, log);
    } else if (word === 'COMMIT' || word === 'ROLLBACK') open.delete(this);
    else open.get(this)?.push(text);
    return original.apply(this, args);
  };
  return {
    transactions,
    start: () => (recording = true),
    stop: () => (recording = false),
    restore() {
      proto.query = original;
    },
  };
}

/** Statements of the wallet's transaction for one seamless call (the one that locks the account). */
export async function walletStatementsOf(
  t: { database: Database },
  call: () => Promise<{ status: string }>,
): Promise<number> {
  const recorder = recordTransactions(t);
  recorder.start();
  try {
    expect((await call()).status).toBe('OK');
  } finally {
    recorder.stop();
    recorder.restore();
  }
  const lock = lockByToken(publicNameColumn, playStatusColumn).text;
  const wallet = recorder.transactions.filter((log) => log[0] === lock);
  expect(wallet).toHaveLength(1);
  return wallet[0]!.length;
}
