import type { Centrifuge, DisconnectedContext } from 'centrifuge';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseKind } from '../harness.ts';
import { client, next, type RealtimeTestApp, startRealtimeApp } from '../realtime/helpers.ts';

// Issue 29 §1: the seed's client (eugeniyg/Skeleton) stays signed in. It calls the API over real HTTP here the way
// it does in a browser (docs/decisions/0096):
// - every API wrapper fetches with `credentials: 'omit'`, so the browser never stores the refresh cookie the
//   login answer sets;
// - its refresh is a bare POST with `Authorization: Bearer <expired token>`, its credentials mode left at the
//   default, so the browser sends the site's own cookies: `access_token` (where the client keeps its token),
//   never `croupier_refresh`;
// - a token counts as expired 10 s before `exp`; any failed refresh signs the player out.

const FINGERPRINT = 'seed-client-visitor-id';
const QUARTER_HOUR = 15 * 60 * 1000;

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number; jti: string };

/** The seed's client, reduced to how it talks to the API. */
class SeedClient {
  /** Its `access_token` cookie: script-readable, one year; null once it dropped the session. */
  token: string | null = null;
  /** Status of each refresh it sent. */
  readonly refreshes: number[] = [];

  constructor(private readonly origin: string) {}

  /** apiGuestInstance: JSON in and out, cookies omitted. */
  async guest(path: string, body: object) {
    const res = await fetch(`${this.origin}${path}`, {
      method: 'POST',
      credentials: 'omit',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads arbitrary answers
    return { status: res.status, json: (await res.json()) as any, setCookie: res.headers.get('set-cookie') };
  }

  async login(login: string, password: string) {
    const res = await this.guest('/api/player/sessions', { login, password, fingerprint: FINGERPRINT });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.json)}`);
    this.token = res.json.data.accessToken;
    return res;
  }

  isTokenExpired(): boolean {
    return this.token !== null && claimsOf(this.token).exp - 10 < Date.now() / 1000;
  }

  /** api/auth.ts refreshToken: the bearer header only; the browser adds the site's cookies, not ours. */
  async refresh(): Promise<void> {
    const res = await fetch(`${this.origin}/api/player/sessions/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, cookie: `access_token=${this.token}` },
    });
    this.refreshes.push(res.status);
    // Any failure signs the player out (removeSession).
    this.token = res.status === 200 ? ((await res.json()) as { data: { accessToken: string } }).data.accessToken : null;
  }

  /** apiAuthInstance: refresh first when the token has expired, then the call, cookies omitted. */
  async auth(path: string) {
    if (this.isTokenExpired()) await this.refresh();
    const res = await fetch(`${this.origin}${path}`, {
      credentials: 'omit',
      headers: this.token ? { authorization: `Bearer ${this.token}` } : {},
    });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads arbitrary answers
    return { status: res.status, json: (await res.json()) as any };
  }
}

let t: RealtimeTestApp;
let origin: string;
const sockets: Centrifuge[] = [];
beforeAll(async () => {
  t = await startRealtimeApp();
  origin = t.url.replace(/^ws:/, 'http:').replace(/\/api\/connection\/websocket$/, '');
});
afterEach(() => {
  vi.useRealTimers();
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(() => t.close());

/** The clock of this process (client and server alike) runs on; `later` moves it forward. */
const clock = () => vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

async function signedIn(): Promise<{ seed: SeedClient; email: string }> {
  const player = await t.register();
  const email = (await t.player.getProfile(player.id)).email as string;
  const seed = new SeedClient(origin);
  await seed.login(email, 'secret-pass-1');
  return { seed, email };
}

async function closeReasonOf(sessionId: string): Promise<string | null> {
  const result = (await t.database.db.execute(
    sql`select close_reason from player.sessions where id = ${sessionId}`,
  )) as unknown as { rows: { close_reason: string | null }[] };
  return result.rows[0]?.close_reason ?? null;
}

describe(`the seed's client, cookie-less (${databaseKind})`, () => {
  it('keeps no cookie, and stays signed in through two expiries', async () => {
    clock();
    const { seed } = await signedIn();
    expect((await seed.auth('/api/player/profile')).status).toBe(200);
    const first = seed.token!;

    later(QUARTER_HOUR);
    expect(seed.isTokenExpired()).toBe(true);
    // The expired token itself is refused everywhere but the refresh.
    expect(
      (await fetch(`${origin}/api/player/profile`, { headers: { authorization: `Bearer ${first}` } })).status,
    ).toBe(401);
    const profile = await seed.auth('/api/player/profile');
    expect(seed.refreshes).toEqual([200]);
    expect(profile.status).toBe(200);
    expect(seed.token).not.toBe(first);

    later(QUARTER_HOUR);
    expect((await seed.auth('/api/wallet/accounts')).status).toBe(200);
    expect(seed.refreshes).toEqual([200, 200]);
    expect(seed.token).not.toBeNull();
  });

  it('refreshes each token once: a lost answer is answered again with the same token', async () => {
    clock();
    const { seed } = await signedIn();
    later(QUARTER_HOUR);
    const expired = seed.token!;
    await seed.refresh();
    const given = seed.token!;
    // The answer was lost (a closed tab, a dropped connection): the same expired token comes back within 60 s.
    seed.token = expired;
    later(20_000);
    await seed.refresh();
    expect(seed.refreshes).toEqual([200, 200]);
    expect(seed.token).toBe(given);
    expect((await seed.auth('/api/player/profile')).status).toBe(200);
  });

  it('closes the session and its sockets when an already refreshed token is presented again', async () => {
    clock();
    const { seed } = await signedIn();
    const { sessionId } = JSON.parse(Buffer.from(seed.token!.split('.')[1]!, 'base64url').toString());
    later(QUARTER_HOUR);
    const copied = seed.token!;
    expect((await seed.auth('/api/player/profile')).status).toBe(200);
    later(2 * 60_000);

    const socket = client(t.url, { token: seed.token! });
    sockets.push(socket);
    const up = next(socket, 'connected');
    socket.connect();
    await up;
    const gone = next<DisconnectedContext>(socket, 'disconnected', () => true, 1000);

    // Someone else holds a copy of the token the owner already refreshed.
    const replay = await fetch(`${origin}/api/player/sessions/refresh`, {
      method: 'POST',
      headers: { authorization: `Bearer ${copied}` },
    });
    expect(replay.status).toBe(401);
    expect((await gone).code).toBe(3500);
    expect(await closeReasonOf(sessionId)).toBe('refresh reuse');
    // The owner's current token is refused too: the session is over for both.
    expect((await seed.auth('/api/player/profile')).status).toBe(401);
  });
});
