import type { Centrifuge, DisconnectedContext } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, next, type RealtimeTestApp, startRealtimeApp } from '../realtime/helpers.ts';

// A self-exclusion ends every session at once: its tokens are refused and its open websockets are cut
// (decision 0041, through the player module's onSessionsClosed and decision 0033).

let t: RealtimeTestApp;
const sockets: Centrifuge[] = [];
beforeAll(async () => {
  t = await startRealtimeApp();
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
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

const disconnected = (c: Centrifuge) =>
  new Promise<DisconnectedContext>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected 1 s after the self-exclusion')), 1000);
    c.once('disconnected', (ctx) => {
      clearTimeout(timer);
      resolve(ctx);
    });
  });

describe('self-exclusion and websockets', () => {
  it("cuts every open socket of the player within 1 s, and leaves other players' alone", async () => {
    const player = await t.register();
    const email = (await t.player.getProfile(player.id)).email;
    const second = await t.call('POST', '/api/player/sessions', {
      body: { login: email, password: 'secret-pass-1', fingerprint: 'fp' },
    });
    const bystander = await t.register();
    const mine = await connected(player.token);
    const other = await connected(second.json.data.accessToken);
    const theirs = await connected(bystander.token);
    const gone = [disconnected(mine), disconnected(other)];
    const res = await t.call('POST', '/api/player/limits', {
      token: player.token,
      body: { definition: 4, period: '1y' },
    });
    expect(res.status).toBe(200);
    const contexts = await Promise.all(gone);
    expect(contexts.map((c) => c.code)).toEqual([3500, 3500]);
    expect(theirs.state).toBe('connected');
  });
});
