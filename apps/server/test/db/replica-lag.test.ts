import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLICA_APPLICATION_NAME } from '../../src/db/replica.ts';
import { createLagGuard } from '../../src/db/replica-guard.ts';
import { lsnValue } from '../../src/db/replica-lag.ts';
import { replicaGone } from '../../src/db/routing-pool.ts';
import { databaseKind } from '../harness.ts';
import { type ReplicaTestApp, replicaTestApp } from './replica-app.ts';

// Decision 0119's lag guard: reads leave the replica while its lag is above 1 s, while it cannot be measured,
// when its last measure is stale, and when it fails a read; a replica that is gone or restarts never breaks an
// endpoint or the process. The lag reader is injected where a real lag cannot be made on one server.

const HOUR = 3_600_000;
const games = (t: ReplicaTestApp) => t.call('GET', '/api/game/games?perPage=3');

describe('the lag guard', () => {
  it('allows the replica only with a recent measure at most maxLagMs', async () => {
    let lag = 0;
    let clock = 1_000_000;
    let fail: Error | null = null;
    const guard = createLagGuard({
      readLag: async () => {
        if (fail) throw fail;
        return lag;
      },
      now: () => clock,
    });
    expect(guard.state()).toMatchObject({ usable: false, reason: 'not measured yet' });
    expect(await guard.check()).toMatchObject({ usable: true, lagMs: 0 });
    lag = 1000;
    expect((await guard.check()).usable).toBe(true);
    lag = 1001;
    expect(await guard.check()).toMatchObject({ usable: false, reason: 'replay lag 1001 ms' });
    lag = 10;
    await guard.check();
    clock += 2500;
    expect(guard.usable()).toBe(true);
    clock += 1;
    expect(guard.state()).toMatchObject({ usable: false, reason: 'lag not measured recently' });
    await guard.check();
    fail = new Error('connect ECONNREFUSED 127.0.0.1:1');
    expect((await guard.check()).reason).toMatch(/unreachable: connect ECONNREFUSED/);
    fail = null;
    expect((await guard.check()).usable).toBe(true);
    guard.failed(new Error('Connection terminated unexpectedly'));
    expect(guard.usable()).toBe(false);
    expect((await guard.check()).usable).toBe(true);
  });

  it('runs one measure at a time and stops its timer', async () => {
    let calls = 0;
    let release = () => {};
    const guard = createLagGuard({
      readLag: () => {
        calls += 1;
        return new Promise<number>((r) => {
          release = () => r(0);
        });
      },
      intervalMs: 5,
    });
    guard.start();
    await new Promise((r) => setTimeout(r, 40));
    expect(calls).toBe(1);
    const stopped = guard.stop();
    release();
    await stopped;
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toBe(1);
  });

  it('orders WAL positions and tells a missing replica from a failing statement', () => {
    expect(lsnValue('0/5763158')).toBe(0x5763158n);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    for (const error of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ])
      expect(replicaGone(error)).toBe(true);
    expect(replicaGone(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
  });
});

describe.runIf(databaseKind === 'postgres')('reads while the replica lags or is gone', () => {
  describe('a lagging replica', () => {
    let t: ReplicaTestApp;
    let lag = 0;
    beforeAll(async () => {
      t = await replicaTestApp((url) => url, { readLag: async () => lag });
    });
    afterAll(async () => t?.close());

    it('sends reads to the primary while the lag is above 1 s, and back once it is not', async () => {
      lag = 1500;
      expect((await t.app.readReplica.check()).usable).toBe(false);
      let before = t.routed();
      expect((await games(t)).status).toBe(200);
      expect(t.routed().replica).toBe(before.replica);
      expect(t.routed().primary).toBeGreaterThan(before.primary);

      lag = 200;
      expect((await t.app.readReplica.check()).usable).toBe(true);
      before = t.routed();
      expect((await games(t)).status).toBe(200);
      expect(t.routed().replica).toBeGreaterThan(before.replica);
      expect(t.routed().primary).toBe(before.primary);
    });
  });

  describe('an unreachable replica', () => {
    let t: ReplicaTestApp;
    let measured = true;
    beforeAll(async () => {
      // Port 1 on loopback: nothing listens, connecting is refused at once.
      const closed = (url: string) => Object.assign(new URL(url), { port: '1' }).toString();
      // The lag reader claims it is fine: only a failed read can tell (a replica that died between measures).
      t = await replicaTestApp(closed, {
        readLag: async () => {
          if (!measured) throw new Error('connect ECONNREFUSED 127.0.0.1:1');
          return 0;
        },
        // Measured only when the test asks: the timer's next "fine" must not undo the failure mid-test.
        intervalMs: HOUR,
      });
      await t.app.readReplica.check();
    });
    afterAll(async () => t?.close());

    it('answers from the primary when a read fails on it, and stops using it', async () => {
      const before = t.routed();
      expect((await games(t)).status).toBe(200);
      const after = t.routed();
      expect(after.fallback).toBeGreaterThan(before.fallback);
      expect(t.app.readReplica.state()).toMatchObject({ usable: false, reason: expect.stringMatching(/^failed/) });
      // Further reads go straight to the primary.
      expect((await t.call('GET', '/api/game/collections')).status).toBe(200);
      expect(t.routed().fallback).toBe(after.fallback);
    });

    it('is not used while it cannot be measured', async () => {
      measured = false;
      expect((await t.app.readReplica.check()).reason).toMatch(/^unreachable/);
      const before = t.routed();
      expect((await t.call('GET', '/api/game/providers')).status).toBe(200);
      expect(t.routed()).toMatchObject({ replica: before.replica, fallback: before.fallback });
    });
  });

  describe('a real measure against an unreachable replica', () => {
    let t: ReplicaTestApp;
    beforeAll(async () => {
      t = await replicaTestApp((url) => Object.assign(new URL(url), { port: '1' }).toString());
    });
    afterAll(async () => t?.close());

    it('reports it unreachable and serves from the primary', async () => {
      expect(await t.app.readReplica.check()).toMatchObject({
        usable: false,
        reason: expect.stringMatching(/^unreachable/),
      });
      expect((await games(t)).status).toBe(200);
      expect(t.routed().replica).toBe(0);
    });
  });

  describe('a replica restart', () => {
    let t: ReplicaTestApp;
    beforeAll(async () => {
      t = await replicaTestApp((url) => url, { intervalMs: HOUR });
      await t.app.readReplica.check();
    });
    afterAll(async () => t?.close());

    it('loses its connections without harm, and is used again once measured', async () => {
      expect((await games(t)).status).toBe(200);
      // What a replica restart does to the pool's idle connections: FATAL 57P01, an 'error' on the pool.
      await t.database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = ${REPLICA_APPLICATION_NAME}`);
      await new Promise((r) => setTimeout(r, 100));
      expect(t.app.readReplica.state().usable).toBe(false);
      expect((await games(t)).status).toBe(200);
      expect((await t.app.readReplica.check()).usable).toBe(true);
      const before = t.routed();
      expect((await games(t)).status).toBe(200);
      expect(t.routed().replica).toBeGreaterThan(before.replica);
    });

    it('loses a connection in the middle of a read transaction without harm', async () => {
      expect((await t.app.readReplica.check()).usable).toBe(true);
      let inside: () => void = () => {};
      const started = new Promise<void>((r) => {
        inside = r;
      });
      const transaction = t.app.readReplica.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside();
        await new Promise((r) => setTimeout(r, 300));
        await tx.execute(sql`select 1`);
      });
      await started;
      await t.database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = ${REPLICA_APPLICATION_NAME}`);
      await expect(transaction).rejects.toThrow();
      expect(t.app.readReplica.state().usable).toBe(false);
      expect((await games(t)).status).toBe(200);
    });
  });
});
