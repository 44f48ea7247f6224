import pg from 'pg';
import { round } from '../ssr/load.ts';

/** Average number of the server's database connections in each state while the load ran. */
export interface WaitProfile {
  samples: number;
  /** Waiting for another transaction's row lock (wait_event_type Lock). */
  rowLock: number;
  /** Inside a transaction, waiting for Node to send the next statement or COMMIT. */
  idleInTransaction: number;
  /** Executing (on CPU, or waiting for I/O, WAL or a light-weight lock). */
  active: number;
  /** Connected, no transaction open. */
  idle: number;
}

/**
 * Samples pg_stat_activity of `database` every `everyMs` until stopped: where the server's connections
 * spend their time explains whether the wallet is bound by row locks, by Node, or by PostgreSQL itself.
 */
export async function sampleWaits(adminUrl: string, database: string, everyMs = 100) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const totals = { samples: 0, rowLock: 0, idleInTransaction: 0, active: 0, idle: 0 };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ state: string | null; wait: string | null }>(
        'select state, wait_event_type as wait from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      totals.samples++;
      for (const r of rows) {
        if (r.wait === 'Lock') totals.rowLock++;
        else if (r.state === 'idle in transaction') totals.idleInTransaction++;
        else if (r.state === 'active') totals.active++;
        else totals.idle++;
      }
      await new Promise((done) => setTimeout(done, everyMs));
    }
  })();
  return async (): Promise<WaitProfile> => {
    stopped = true;
    await loop;
    await client.end();
    const avg = (n: number) => round(n / Math.max(1, totals.samples), 1);
    return {
      samples: totals.samples,
      rowLock: avg(totals.rowLock),
      idleInTransaction: avg(totals.idleInTransaction),
      active: avg(totals.active),
      idle: avg(totals.idle),
    };
  };
}
