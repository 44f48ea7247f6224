import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplicaTestApp, replicaTestApp } from './replica-app.ts';

// Opt-in: the lag guard against a real streaming standby of TEST_DATABASE_URL's server, named by
// TEST_DATABASE_REPLICA_URL (a superuser URL: the test pauses replay). The cluster's pair is one:
// TEST_DATABASE_URL=postgres://postgres@127.0.0.1:54320/postgres TEST_DATABASE_REPLICA_URL=postgres://postgres@127.0.0.1:54321/postgres

const standbyUrl = process.env.TEST_DATABASE_REPLICA_URL;

/** The same database on the standby: the test's fresh database, replicated like everything else. */
const onStandby = (url: string) => {
  const u = new URL(standbyUrl!);
  u.pathname = new URL(url).pathname;
  return u.toString();
};

const waitFor = async (ok: () => Promise<boolean>, ms = 10_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
    if (await ok()) return;
  }
  throw new Error('timed out');
};

describe.runIf(Boolean(standbyUrl && process.env.TEST_DATABASE_URL))('a real standby', () => {
  let t: ReplicaTestApp;
  let standby: pg.Client;
  beforeAll(async () => {
    t = await replicaTestApp(onStandby, { intervalMs: 3_600_000 });
    standby = new pg.Client({ connectionString: onStandby(t.url!) });
    await waitFor(() =>
      standby.connect().then(
        () => true,
        () => {
          standby = new pg.Client({ connectionString: onStandby(t.url!) });
          return false;
        },
      ),
    );
  });
  afterAll(async () => {
    await standby?.query('select pg_wal_replay_resume()').catch(() => {});
    await standby?.end().catch(() => {});
    await t?.close();
  });

  it('measures no lag when it has replayed everything, even with an idle primary', async () => {
    await waitFor(async () => (await t.app.readReplica.check()).usable);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await t.app.readReplica.check()).toMatchObject({ usable: true, lagMs: 0 });
    const before = t.routed();
    expect((await t.call('GET', '/api/game/games?perPage=3')).status).toBe(200);
    expect(t.routed().replica).toBeGreaterThan(before.replica);
  });

  it('sends reads to the primary while replay is behind by more than a second', async () => {
    await standby.query('select pg_wal_replay_pause()');
    await new Promise((r) => setTimeout(r, 1200));
    await t.database.db.execute(sql`create table public.replica_probe (id int)`);
    const lagging = await t.app.readReplica.check();
    expect(lagging.usable).toBe(false);
    expect(lagging.lagMs).toBeGreaterThan(1000);
    const before = t.routed();
    expect((await t.call('GET', '/api/game/collections')).status).toBe(200);
    expect(t.routed().replica).toBe(before.replica);

    await standby.query('select pg_wal_replay_resume()');
    await waitFor(async () => (await t.app.readReplica.check()).usable);
    expect(t.app.readReplica.state().lagMs).toBe(0);
  });
});
