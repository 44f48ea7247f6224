import type { Centrifuge, DisconnectedContext } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../harness.ts';
import { client, next, type RealtimeTestApp, startRealtimeApp } from '../realtime/helpers.ts';
import { signedInStaff, type TestStaff } from './helpers.ts';

// backoffice-api.md §4: a login block and "close sessions" end the player's sockets at once, through the
// sessions-closed path of decision 0033, and a new connection with the old token is refused (decision 0106).

let t: RealtimeTestApp;
let support: TestStaff;
const sockets: Centrifuge[] = [];
beforeAll(async () => {
  t = await startRealtimeApp();
  // The staff helper needs only the database.
  support = await signedInStaff({ database: t.database } as TestApp, 'support');
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t.close();
});

async function connected(token: string): Promise<Centrifuge> {
  const c = client(t.url, { token });
  sockets.push(c);
  const ready = next(c, 'connected');
  c.connect();
  await ready;
  return c;
}

/** A staff call; resolves once the socket was disconnected by the server (rejects after 1 s). */
async function disconnectedBy(c: Centrifuge, method: 'PUT' | 'POST', url: string, body: object) {
  const gone = next<DisconnectedContext>(c, 'disconnected', () => true, 1000);
  const res = await t.app.inject({ method, url, headers: support.headers, payload: body });
  expect(res.statusCode).toBe(200);
  return gone;
}

describe('blocks end sockets', () => {
  it('a login block ends the player’s sockets within 1 s; the old token cannot connect again', async () => {
    const player = await t.register();
    const socket = await connected(player.token);
    const ctx = await disconnectedBy(socket, 'PUT', `/api/backoffice/players/${player.id}/blocks`, {
      login: true,
      reason: 'Account takeover suspected',
    });
    expect(ctx.code).toBe(3500);
    const again = client(t.url, { token: player.token });
    sockets.push(again);
    const refused = next<DisconnectedContext>(again, 'disconnected');
    again.connect();
    // Refused as unauthorized (101), like any closed session's token: the client does not retry it.
    expect((await refused).code).toBe(101);
  });

  it('close sessions ends the player’s sockets within 1 s', async () => {
    const player = await t.register();
    const socket = await connected(player.token);
    const ctx = await disconnectedBy(socket, 'POST', `/api/backoffice/players/${player.id}/sessions/close`, {
      reason: 'Player asked to be signed out everywhere',
    });
    expect(ctx.code).toBe(3500);
  });
});
