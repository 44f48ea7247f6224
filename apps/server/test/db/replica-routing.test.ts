import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLICA_APPLICATION_NAME } from '../../src/db/replica.ts';
import { invalidateLobby } from '../../src/modules/game/index.ts';
import { databaseKind } from '../harness.ts';
import { card, deposit, paymentPlayer } from '../payment/helpers.ts';
import { signedInStaff, staffRequest, type TestStaff } from '../staff/helpers.ts';
import { type ReplicaTestApp, replicaTestApp } from './replica-app.ts';

// Decision 0119's read replica, routed per endpoint: on PostgreSQL the "replica" is the test's own database under
// DATABASE_REPLICA_URL (so no lag), and the read handle's counts tell which endpoints read through it. On PGlite
// there is no replica: the read handle is `db` itself and the same endpoints answer the same way.

let t: ReplicaTestApp;
let player: { playerId: string; token: string };
let admin: TestStaff;

beforeAll(async () => {
  t = await replicaTestApp((url) => url);
  player = await t.newPlayer(100);
  await t.playRound(player.token, '1.00', '2.50');
  admin = await signedInStaff(t, 'admin');
  await t.app.readReplica.check();
});
afterAll(async () => t?.close());

/** How many statements the request sent through the read handle, per side. */
async function routedBy(request: () => Promise<{ status: number }>) {
  const before = t.routed();
  const res = await request();
  expect(res.status).toBe(200);
  const after = t.routed();
  return { replica: after.replica - before.replica, primary: after.primary - before.primary };
}

const get =
  (path: string, token = player.token) =>
  () =>
    t.call('GET', path, { token });
const staffGet = (path: string) => () => staffRequest(t, admin, 'GET', path);

describe(`the read replica (${databaseKind})`, () => {
  it('is the primary itself without a replica (PGlite), else a handle of its own in use', () => {
    if (databaseKind === 'pglite') {
      expect(t.app.readReplica.configured).toBe(false);
      expect(t.app.readReplica.db).toBe(t.database.db);
    } else {
      expect(t.app.readReplica.configured).toBe(true);
      expect(t.app.readReplica.db).not.toBe(t.database.db);
      // The same server: nothing to replay, lag 0.
      expect(t.app.readReplica.state()).toMatchObject({ usable: true, lagMs: 0 });
    }
  });

  const replicaReads: [string, () => () => Promise<{ status: number }>][] = [
    ['the games', () => get('/api/game/games?perPage=5')],
    ['the collections', () => get('/api/game/collections')],
    ['the providers', () => get('/api/game/providers')],
    ['one game', () => get('/api/game/games/neon-fruits')],
    ['the winners', () => get('/api/game/spins/winners?perPage=5')],
    ['the bets', () => get('/api/game/bets?isSettled=true')],
    ['the spins', () => get('/api/game/spins')],
    ['the invoices', () => get('/api/payment/invoices')],
    ['the invoice statistics', () => get('/api/payment/invoices/statistics')],
    ['the daily report', () => staffGet('/api/backoffice/reports/daily?from=2025-03-01&to=2025-03-31')],
    ['the games report', () => staffGet('/api/backoffice/reports/games?from=2025-03-01&to=2025-03-31')],
    ['the player search', () => staffGet('/api/backoffice/players?search=example.com')],
    ['a player ledger', () => staffGet(`/api/backoffice/players/${player.playerId}/transactions`)],
    ['a player rounds', () => staffGet(`/api/backoffice/players/${player.playerId}/rounds`)],
    ['a player invoices', () => staffGet(`/api/backoffice/players/${player.playerId}/invoices`)],
  ];
  for (const [name, request] of replicaReads) {
    it(`reads ${name} through the read handle${databaseKind === 'postgres' ? ': the replica' : ''}`, async () => {
      const routed = await routedBy(request());
      if (databaseKind === 'pglite') expect(routed).toEqual({ replica: 0, primary: 0 });
      else expect(routed).toMatchObject({ replica: expect.any(Number), primary: 0 });
      if (databaseKind === 'postgres') expect(routed.replica).toBeGreaterThan(0);
    });
  }

  const primaryOnly: [string, () => Promise<{ status: number }>][] = [
    ['the token check and the profile', () => get('/api/player/profile')()],
    ['the balances', () => get('/api/wallet/accounts')()],
    ['the deposit limits and methods', () => get('/api/payment/methods/deposit?currency=EUR')()],
    [
      'a bet and a win',
      async () => {
        await t.playRound(player.token, '1.00', '0.50');
        return { status: 200 };
      },
    ],
    [
      'the favorites, read back after a change',
      () => t.call('POST', '/api/game/games/neon-fruits/favorite', { token: player.token }),
    ],
    ['a staff view of one player', () => staffGet(`/api/backoffice/players/${player.playerId}`)()],
  ];
  for (const [name, request] of primaryOnly) {
    it(`keeps ${name} on the primary`, async () => {
      expect(await routedBy(request)).toEqual({ replica: 0, primary: 0 });
    });
  }

  it('keeps a deposit on the primary', async () => {
    const p = await paymentPlayer(t);
    const before = t.routed();
    const res = await deposit(t, p, card('4242424242424242', 20));
    expect(res.status).toBe(200);
    expect(t.routed()).toEqual(before);
  });

  it.runIf(databaseKind === 'postgres')('reads the catalogue from the primary just after it changed', async () => {
    // What the cached answer would keep for the lobby's TTL must not be one the replica has not caught up with.
    invalidateLobby(t.database.db);
    // Read on `db` itself: nothing through the read handle.
    expect(await routedBy(get('/api/game/games?perPage=4'))).toEqual({ replica: 0, primary: 0 });
    // The history is not a catalogue read: it stays on the replica.
    expect((await routedBy(get('/api/game/spins'))).primary).toBe(0);
  });

  it.runIf(databaseKind === 'postgres')('reads on connections of their own, which refuse writes', async () => {
    const rows = (await t.database.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name = ${REPLICA_APPLICATION_NAME}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBeGreaterThan(0);
    await expect(t.app.readReplica.db.execute(sql`create table public.nope (id int)`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '25006' }),
    });
  });
});
