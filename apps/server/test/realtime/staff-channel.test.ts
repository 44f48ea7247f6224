import { randomBytes } from 'node:crypto';
import { PlayerChannel, PublicChannel, playerChannel, RealtimeEvent, StaffChannel } from '@croupier/contracts';
import type { Centrifuge, PublicationContext, SubscribedContext } from 'centrifuge';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CentrifugoPublisher } from '../../src/modules/realtime/index.ts';
import type { TestApp } from '../harness.ts';
import { signedInStaff, type TestStaff } from '../staff/helpers.ts';
import { client, next, type RealtimeTestApp, redisPrefix, startRealtimeApp } from './helpers.ts';

// The staff channel on the players' endpoint (issue 25; docs/decisions/0110): the back office signs its socket
// in with its cookie (from its own origin only) or a staff token, and hears `staff:dashboard`; players never do.

const redisUrl = process.env.TEST_REDIS_URL;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A staff member in the app's database (signedInStaff needs only the database). */
const staffIn = (app: RealtimeTestApp, role: Parameters<typeof signedInStaff>[1] = 'support') =>
  signedInStaff({ database: app.database } as TestApp, role);

const cookieOf = (staff: TestStaff) => `croupier_staff=${staff.token}`;

/** What the back office's browser does: the cookie and its origin ride the upgrade (the JS cannot read them). */
function browserSocket(headers: Record<string, string>): typeof WebSocket {
  return class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  } as typeof WebSocket;
}

/** The back office's centrifuge client: the name `backoffice` asks for the cookie to sign the socket in. */
function backoffice(app: RealtimeTestApp, headers: Record<string, string>): Centrifuge {
  const c = client(app.url, { name: 'backoffice', websocket: browserSocket(headers) });
  cleanups.push(async () => c.disconnect());
  return c;
}

/** A raw socket with upgrade headers: frames, and how it closed. */
async function raw(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const frames: Record<string, unknown>[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('message', (data) => {
    for (const line of data.toString().split('\n')) if (line) frames.push(JSON.parse(line));
  });
  ws.on('error', () => {});
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  cleanups.push(async () => ws.terminate());
  const reply = async (id: number) => {
    const until = Date.now() + 5000;
    for (;;) {
      const found = frames.find((f) => f.id === id);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no reply ${id}; got ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** Sends a command and answers its reply. */
  const ask = async (id: number, body: object) => {
    ws.send(JSON.stringify({ id, ...body }));
    return reply(id);
  };
  return { ws, closed, ask };
}

/** A player's card deposit through the player API, credited at once by the sandbox. */
async function depositAs(app: RealtimeTestApp, token: string, amount = 25) {
  const accounts = (await app.call('GET', '/api/wallet/accounts', { token })).json.data as { id: string }[];
  const res = await app.call('POST', '/api/payment/invoices/deposit', {
    token,
    body: {
      currency: 'EUR',
      accountId: accounts[0]!.id,
      redirectSuccessUrl: '/wallet/success',
      redirectErrorUrl: '/wallet/error',
      isBonusDecline: false,
      method: 'card',
      amount,
      fields: { cardholder: 'Ada Lovelace', card_number: '4242424242424242', expiry: '12/30', cvc: '123' },
    },
  });
  expect(res.status).toBe(200);
}

describe('one instance', () => {
  let t: RealtimeTestApp;
  let origin: string;
  beforeAll(async () => {
    // Staff sessions are checked again every 200 ms here (30 s by default).
    t = await startRealtimeApp({}, { limits: { staffCheckMs: 200, onlineIntervalMs: 100 } });
    origin = new URL(t.config.publicUrl).origin;
  });
  afterAll(() => t.close());

  it('a back-office socket signed in by its cookie hears dashboard.changed when a deposit is credited', async () => {
    const staff = await staffIn(t);
    const c = backoffice(t, { cookie: cookieOf(staff), origin });
    const connected = next(c, 'connected');
    c.connect();
    await connected;
    const sub = c.newSubscription(StaffChannel.dashboard);
    const subscribed = next<SubscribedContext>(sub, 'subscribed');
    // The reporting consumer also announces its `today` tile (a registration and a deposit are today's figures),
    // at its own pace after its commit: wait for the deposits tile's own announcement.
    const changed = next<PublicationContext>(sub, 'publication', (ctx) => ctx.data.tile === 'depositsToday');
    sub.subscribe();
    await subscribed;

    const player = await t.register();
    await depositAs(t, player.token);
    expect((await changed).data).toEqual({ event: RealtimeEvent.dashboardChanged, tile: 'depositsToday' });
    const tiles = await t.call('GET', '/api/backoffice/dashboard', { token: staff.token });
    expect(tiles.json.data.depositsToday).toContainEqual({ currency: 'EUR', amount: 25, count: 1 });
  });

  it('the back office hears players online on global:online; a staff socket is not a player online', async () => {
    const staff = await staffIn(t);
    const c = backoffice(t, { cookie: cookieOf(staff), origin });
    c.connect();
    const online = c.newSubscription(PublicChannel.online);
    const player = await t.register();
    const one = next<PublicationContext>(online, 'publication', (ctx) => ctx.data.count === 1);
    online.subscribe();
    await next(online, 'subscribed');
    const p = client(t.url, { token: player.token });
    cleanups.push(async () => p.disconnect());
    p.connect();
    expect((await one).data).toEqual({ event: RealtimeEvent.onlineCount, count: 1 });
    const tiles = await t.call('GET', '/api/backoffice/dashboard', { token: staff.token });
    expect(tiles.json.data.playersOnline).toBe(1);
    p.disconnect();
  });

  it('refuses the cookie from another origin, or with no origin: 101, then closed with 3500', async () => {
    const staff = await staffIn(t);
    for (const headers of <Record<string, string>[]>[
      { cookie: cookieOf(staff), origin: 'https://evil.example' },
      { cookie: cookieOf(staff) },
      // The right origin without the cookie: nothing to sign in with.
      { origin },
    ]) {
      const s = await raw(t.url, headers);
      expect(await s.ask(1, { connect: { name: 'backoffice' } })).toMatchObject({ error: { code: 101 } });
      expect((await s.closed).code).toBe(3500);
    }
  });

  it('a socket that does not ask for it is never signed in by the cookie: a player’s or a guest’s rules apply', async () => {
    const staff = await staffIn(t);
    const player = await t.register();
    const guest = await raw(t.url, { cookie: cookieOf(staff), origin });
    expect(await guest.ask(1, { connect: { name: 'js' } })).toHaveProperty('connect');
    expect(await guest.ask(2, { subscribe: { channel: StaffChannel.dashboard } })).toMatchObject({
      error: { code: 103 },
    });
    const own = await raw(t.url, { cookie: cookieOf(staff), origin });
    expect(await own.ask(1, { connect: { token: player.token } })).toHaveProperty('connect');
    expect(await own.ask(2, { subscribe: { channel: StaffChannel.dashboard } })).toMatchObject({
      error: { code: 103 },
    });
    // …and the player's own channels are still theirs.
    expect(
      await own.ask(3, { subscribe: { channel: playerChannel(PlayerChannel.walletAccounts, player.id) } }),
    ).toEqual({ id: 3, subscribe: {} });
  });

  it('a player’s token cannot subscribe to staff:dashboard, nor to any staff: channel', async () => {
    const player = await t.register();
    const s = await raw(t.url);
    expect(await s.ask(1, { connect: { token: player.token } })).toHaveProperty('connect');
    let id = 2;
    for (const channel of [StaffChannel.dashboard, 'staff:anything', `${StaffChannel.dashboard}#${player.id}`]) {
      expect(await s.ask(id++, { subscribe: { channel } })).toMatchObject({ error: { code: 103 } });
    }
  });

  it('a staff connection cannot subscribe to a player’s channel, nor to a staff channel it is not allowed', async () => {
    const [staff, player] = [await staffIn(t, 'owner'), await t.register()];
    const s = await raw(t.url, { cookie: cookieOf(staff), origin });
    expect(await s.ask(1, { connect: { name: 'backoffice' } })).toHaveProperty('connect');
    for (const [i, channel] of [
      playerChannel(PlayerChannel.walletAccounts, player.id),
      playerChannel(PlayerChannel.invoices, player.id),
      'staff:payments',
    ].entries()) {
      expect(await s.ask(10 + i, { subscribe: { channel } })).toMatchObject({ error: { code: 103 } });
    }
    expect(await s.ask(20, { subscribe: { channel: StaffChannel.dashboard } })).toEqual({ id: 20, subscribe: {} });
  });

  it('an API client connects with its staff token, without expiry to refresh; a bad staff token is 101 and 3500', async () => {
    const staff = await staffIn(t, 'finance');
    const s = await raw(t.url);
    const reply = (await s.ask(1, { connect: { token: staff.token } })) as { connect: Record<string, unknown> };
    expect(reply.connect).not.toHaveProperty('expires');
    expect(await s.ask(2, { subscribe: { channel: StaffChannel.dashboard } })).toEqual({ id: 2, subscribe: {} });
    const bad = await raw(t.url);
    expect(await bad.ask(1, { connect: { token: `stf_${randomBytes(32).toString('base64url')}` } })).toMatchObject({
      error: { code: 101 },
    });
    expect((await bad.closed).code).toBe(3500);
  });

  it('a signed-out, disabled or idle staff member’s socket ends at its next session check (3500)', async () => {
    const cases: [string, (staff: TestStaff) => Promise<unknown>][] = [
      ['signed out', (s) => t.call('DELETE', '/api/backoffice/sessions/current', { token: s.token })],
      ['disabled', (s) => t.database.db.execute(sql`update staff.accounts set disabled = true where id = ${s.id}`)],
      [
        'idle',
        (s) =>
          t.database.db.execute(
            sql`update staff.sessions set last_seen_at = now() - interval '31 minutes' where staff_id = ${s.id}`,
          ),
      ],
    ];
    for (const [, end] of cases) {
      const staff = await staffIn(t);
      const s = await raw(t.url, { cookie: cookieOf(staff), origin });
      expect(await s.ask(1, { connect: { name: 'backoffice' } })).toHaveProperty('connect');
      const started = Date.now();
      await end(staff);
      expect((await s.closed).code).toBe(3500);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('endSessions ends a staff session’s socket at once', async () => {
    const staff = await staffIn(t);
    const s = await raw(t.url);
    expect(await s.ask(1, { connect: { token: staff.token } })).toHaveProperty('connect');
    const [row] = (
      (await t.database.db.execute(sql`select id from staff.sessions where staff_id = ${staff.id}`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    t.app.realtime?.endSessions([row!.id]);
    expect((await s.closed).code).toBe(3500);
  });
});

describe('at once, with the session check at its default (30 s)', () => {
  let t: RealtimeTestApp;
  let origin: string;
  beforeAll(async () => {
    t = await startRealtimeApp();
    origin = new URL(t.config.publicUrl).origin;
  });
  afterAll(() => t.close());

  /** A back-office socket of this staff member, connected by its cookie. */
  const connected = async (staff: TestStaff) => {
    const s = await raw(t.url, { cookie: cookieOf(staff), origin });
    expect(await s.ask(1, { connect: { name: 'backoffice' } })).toHaveProperty('connect');
    return s;
  };

  it('signing out ends the session’s socket as the sign-out answers (3500, no retry)', async () => {
    const staff = await staffIn(t);
    const s = await connected(staff);
    const started = Date.now();
    // The page's own sign-out sends the cookie; the session is the same one either way.
    expect((await t.call('DELETE', '/api/backoffice/sessions/current', { token: staff.token })).status).toBe(200);
    expect((await s.closed).code).toBe(3500);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('disabling an account ends every socket of its sessions; a change that disables nobody ends none', async () => {
    const [admin, staff] = [await staffIn(t, 'admin'), await staffIn(t)];
    const [cookie, bearer] = [await connected(staff), await raw(t.url)];
    expect(await bearer.ask(1, { connect: { token: staff.token } })).toHaveProperty('connect');
    // The admin's own socket, and a change of cap: neither ends anything.
    const own = await connected(admin);
    let ended = false;
    void cookie.closed.then(() => {
      ended = true;
    });
    const put = (body: object) =>
      t.call('PUT', `/api/backoffice/staff/${staff.id}`, {
        token: admin.token,
        body: { reason: 'a new cap', ...body },
      });
    expect((await put({ adjustmentCap: 10 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(ended).toBe(false);

    const started = Date.now();
    expect((await put({ disabled: true, reason: 'left the company' })).status).toBe(200);
    expect((await cookie.closed).code).toBe(3500);
    expect((await bearer.closed).code).toBe(3500);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await own.ask(2, { subscribe: { channel: StaffChannel.dashboard } })).toEqual({ id: 2, subscribe: {} });
  });
});

describe('with Centrifugo', () => {
  it('staff events are dropped, not sent to a Centrifugo that would refuse them and hold the outbox back', async () => {
    // Nothing listens on port 9: a publish that tried to reach it would throw.
    const centrifugo = new CentrifugoPublisher({ apiUrl: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 500 });
    const message = (channel: string) => ({ id: 1n, channel, event: 'e', data: {}, createdAt: new Date() });
    await expect(centrifugo.publish(message(StaffChannel.dashboard))).resolves.toBeUndefined();
    await expect(centrifugo.publish(message(PublicChannel.online))).rejects.toThrow();
  });
});

describe.skipIf(!redisUrl)('two instances through Redis (skipped: set TEST_REDIS_URL to run)', () => {
  it('a deposit credited on instance A reaches the back office connected to instance B', async () => {
    const env = { REDIS_URL: redisUrl ?? '', REALTIME_REDIS_PREFIX: redisPrefix() };
    const a = await startRealtimeApp(env);
    cleanups.push(() => a.close());
    const b = await startRealtimeApp(env, { database: a.database });
    cleanups.unshift(() => b.close());
    const staff = await staffIn(b);
    const c = backoffice(b, { cookie: cookieOf(staff), origin: new URL(b.config.publicUrl).origin });
    c.connect();
    const sub = c.newSubscription(StaffChannel.dashboard);
    // The reporting consumer's `today` announcement may come first: wait for the deposits tile's.
    const changed = next<PublicationContext>(sub, 'publication', (ctx) => ctx.data.tile === 'depositsToday');
    const subscribed = next<SubscribedContext>(sub, 'subscribed');
    sub.subscribe();
    await subscribed;
    const player = await a.register();
    await depositAs(a, player.token);
    await a.app.outbox.drain();
    expect((await changed).data).toEqual({ event: 'dashboard.changed', tile: 'depositsToday' });
  });

  it('signing out on instance A ends the socket on instance B at once (session check at its default)', async () => {
    const env = { REDIS_URL: redisUrl ?? '', REALTIME_REDIS_PREFIX: redisPrefix() };
    const a = await startRealtimeApp(env);
    cleanups.push(() => a.close());
    const b = await startRealtimeApp(env, { database: a.database });
    cleanups.unshift(() => b.close());
    await Promise.all([a.app.ready(), b.app.ready()]);
    const staff = await staffIn(b);
    const s = await raw(b.url);
    expect(await s.ask(1, { connect: { token: staff.token } })).toHaveProperty('connect');
    const started = Date.now();
    expect((await a.call('DELETE', '/api/backoffice/sessions/current', { token: staff.token })).status).toBe(200);
    expect((await s.closed).code).toBe(3500);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
