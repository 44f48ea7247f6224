import { sql as drizzleSql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { statement } from '../../src/db/lean-sql.ts';
import { leanTransaction } from '../../src/db/lean-transaction.ts';
import { sqlStateOf } from '../../src/db/sql-state.ts';
import { databaseKind, freshDatabase } from '../harness.ts';

// The money path's transaction (decision 0088): on PostgreSQL BEGIN travels with the first statement and
// COMMIT with the one marked `last`, on a pipelined connection. Whatever the driver, a transaction is all
// or nothing, a failed statement is the error the caller sees, and the connection is good afterwards.

let database: Database;
let drop: () => Promise<void>;

const INSERT = statement('lean_probe_insert', 'insert into lean_probe (id) values ($1) returning id');
const FAIL = statement('lean_probe_fail', 'select 1 / ($1::int - $1::int) as never');

const ids = async () => {
  const result = (await database.db.execute(drizzleSql`select id from lean_probe order by id`)) as unknown as {
    rows: { id: number }[];
  };
  return result.rows.map((r) => Number(r.id));
};

beforeAll(async () => {
  // One connection: a transaction that left it dirty would break the next test.
  ({ database, drop } = await freshDatabase(1));
  await database.db.execute(drizzleSql`create table lean_probe (id int primary key)`);
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe(`lean transaction (${databaseKind})`, () => {
  it('commits with the statement marked last, and answers its rows', async () => {
    const rows = await leanTransaction(database.db, async (sql) => {
      await sql.query(INSERT, [1]);
      return sql.query<{ id: number }>(INSERT, [2], { last: true });
    });
    expect(rows.map((r) => Number(r.id))).toEqual([2]);
    expect(await ids()).toEqual([1, 2]);
  });

  it('commits at the end when no statement is marked last', async () => {
    await leanTransaction(database.db, async (sql) => {
      await sql.query(INSERT, [3]);
    });
    expect(await ids()).toEqual([1, 2, 3]);
  });

  it('writes nothing when the last statement fails, and throws its error', async () => {
    const error = await leanTransaction(database.db, async (sql) => {
      await sql.query(INSERT, [4]);
      await sql.query(INSERT, [1], { last: true }); // duplicate key
    }).catch((e: unknown) => e);
    expect(sqlStateOf(error)).toBe('23505');
    expect(await ids()).toEqual([1, 2, 3]);
  });

  it('writes nothing when the first statement fails (the one BEGIN travels with)', async () => {
    const error = await leanTransaction(database.db, async (sql) => {
      await sql.query(FAIL, [1]);
    }).catch((e: unknown) => e);
    expect(sqlStateOf(error)).toBe('22012');
    const again = await leanTransaction(database.db, (sql) => sql.query(INSERT, [5], { last: true }));
    expect(again).toHaveLength(1);
    expect(await ids()).toEqual([1, 2, 3, 5]);
  });

  it('writes nothing when the caller throws after its statements', async () => {
    await expect(
      leanTransaction(database.db, async (sql) => {
        await sql.query(INSERT, [6]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await ids()).toEqual([1, 2, 3, 5]);
  });

  it('refuses a statement after the last one', async () => {
    await expect(
      leanTransaction(database.db, async (sql) => {
        await sql.query(INSERT, [7], { last: true });
        await sql.query(INSERT, [8]);
      }),
    ).rejects.toThrow("after the transaction's last one");
    expect(await ids()).not.toContain(8);
  });

  it('runs nothing for a transaction without statements', async () => {
    await expect(leanTransaction(database.db, async () => 'nothing')).resolves.toBe('nothing');
  });
});
