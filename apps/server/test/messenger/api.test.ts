import { randomUUID } from 'node:crypto';
import { ErrorEnvelope, Message, MessageReceivedEvent } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayerTestApp, type PlayerTestApp, registerPlayer } from '../player/helpers.ts';
import { messageEventsOf, messagesPage, read, readAll, remove, send, storedOf } from './helpers.ts';

let t: PlayerTestApp;
beforeAll(async () => {
  t = await createPlayerTestApp();
});
afterAll(() => t.close());

const player = async () => {
  const { auth } = await registerPlayer(t);
  return { token: auth.accessToken, playerId: auth.profile.id };
};
type Player = Awaited<ReturnType<typeof player>>;

/** n messages, oldest first; answers their ids in that order. */
const seed = async (p: Player, n: number) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await send(t, { playerId: p.playerId, params: { sum: `#${i}` } }))!.id);
  return ids;
};

describe('GET /api/notification/messenger/messages', () => {
  it('pages newest first, with totals and the unread count', async () => {
    const p = await player();
    const ids = await seed(p, 7);
    const first = await messagesPage(t, p.token, '?page=1&perPage=3');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json.meta).toEqual({ page: 1, perPage: 3, totalPages: 3, totalRows: 7, totalUnread: 7 });
    expect(first.json.data.map((m: Message) => m.id)).toEqual([ids[6], ids[5], ids[4]]);
    for (const m of first.json.data)
      expect(Message.parse(m)).toMatchObject({ state: 1, readAt: null, updatedAt: null });
    const last = await messagesPage(t, p.token, '?page=3&perPage=3');
    expect(last.json.data.map((m: Message) => m.id)).toEqual([ids[0]]);
    const beyond = await messagesPage(t, p.token, '?page=9&perPage=3');
    expect(beyond.json.data).toEqual([]);
    expect(beyond.json.meta.totalRows).toBe(7);
  });

  it('renders the template with its link in the default language', async () => {
    const p = await player();
    await send(t, { playerId: p.playerId, link: { url: '/profile/history', label: 'paymentHistory' } });
    const [m] = (await messagesPage(t, p.token)).json.data;
    expect(m.playerId).toBe(p.playerId);
    expect(m.content).toEqual({
      title: 'Deposit credited',
      body: 'Your deposit of 50.25 EUR made on March 4, 2026 has been credited to your balance.',
      link: { url: '/profile/history', label: 'Payment history' },
    });
  });

  it('an empty list has one page and no unread', async () => {
    const p = await player();
    const res = await messagesPage(t, p.token);
    expect(res.json).toEqual({ data: [], meta: { page: 1, perPage: 10, totalPages: 1, totalRows: 0, totalUnread: 0 } });
  });

  it('refuses bad paging with 422 fields', async () => {
    const p = await player();
    for (const q of ['?page=0', '?perPage=101', '?page=x']) {
      const res = await messagesPage(t, p.token, q);
      expect(res.status, q).toBe(422);
      expect(Object.keys(res.json.error.fields).length).toBeGreaterThan(0);
    }
  });
});

describe('notify', () => {
  it('writes one message and one message.received event per source key', async () => {
    const p = await player();
    const first = await send(t, { playerId: p.playerId, sourceKey: 'same-event' });
    const again = await send(t, { playerId: p.playerId, sourceKey: 'same-event' });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(await storedOf(t, p.playerId)).toHaveLength(1);
    const events = await messageEventsOf(t, p.playerId);
    expect(events).toHaveLength(1);
    const event = MessageReceivedEvent.parse(events[0]!.data);
    expect(events[0]!.event).toBe('message.received');
    expect(event.message).toEqual(first);
    // The key is per player: another player's event with the same key is its own message.
    const q = await player();
    expect(await send(t, { playerId: q.playerId, sourceKey: 'same-event' })).not.toBeNull();
  });

  it('a deleted message does not come back when its event is replayed', async () => {
    const p = await player();
    const m = await send(t, { playerId: p.playerId, sourceKey: 'replayed' });
    await remove(t, p.token, { messageIds: [m!.id] });
    expect(await send(t, { playerId: p.playerId, sourceKey: 'replayed' })).toBeNull();
    expect((await messagesPage(t, p.token)).json.meta.totalRows).toBe(0);
  });
});

describe('read', () => {
  it('marks the given messages read with a time, and answers the unread count', async () => {
    const p = await player();
    const ids = await seed(p, 4);
    const before = Date.now();
    const res = await read(t, p.token, { messageIds: [ids[0], ids[2], ids[2]] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { totalUnread: 2 } });
    const list = (await messagesPage(t, p.token)).json.data as Message[];
    const byId = new Map(list.map((m) => [m.id, m]));
    expect(byId.get(ids[0]!)!.state).toBe(2);
    expect(Date.parse(byId.get(ids[0]!)!.readAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(byId.get(ids[0]!)!.updatedAt).not.toBeNull();
    expect(byId.get(ids[1]!)).toMatchObject({ state: 1, readAt: null });
    // Reading again keeps the first read time.
    const readAt = byId.get(ids[0]!)!.readAt;
    await read(t, p.token, { messageIds: [ids[0]] });
    const again = (await messagesPage(t, p.token)).json.data.find((m: Message) => m.id === ids[0]);
    expect(again.readAt).toBe(readAt);
  });

  it('read/all marks every message read', async () => {
    const p = await player();
    await seed(p, 3);
    const res = await readAll(t, p.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { totalUnread: 0 } });
    const page = (await messagesPage(t, p.token)).json;
    expect(page.meta.totalUnread).toBe(0);
    expect(page.data.every((m: Message) => m.state === 2 && m.readAt)).toBe(true);
  });
});

describe('delete', () => {
  it('removes the given messages from the list and the counts', async () => {
    const p = await player();
    const ids = await seed(p, 3);
    await read(t, p.token, { messageIds: [ids[0]] });
    const res = await remove(t, p.token, { messageIds: [ids[0], ids[1]] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: { totalUnread: 1 } });
    const page = (await messagesPage(t, p.token)).json;
    expect(page.data.map((m: Message) => m.id)).toEqual([ids[2]]);
    expect(page.meta).toMatchObject({ totalRows: 1, totalUnread: 1 });
    // Reading a deleted message changes nothing.
    expect((await read(t, p.token, { messageIds: [ids[1]] })).json.data.totalUnread).toBe(1);
    expect((await storedOf(t, p.playerId)).find((r) => r.id === ids[1])).toMatchObject({ state: 1 });
  });
});

describe("another player's messages", () => {
  it('are ignored by read and delete, never touched, and not revealed', async () => {
    const owner = await player();
    const other = await player();
    const [theirs] = await seed(owner, 1);
    const [mine] = await seed(other, 1);
    const unknown = randomUUID();
    const readRes = await read(t, other.token, { messageIds: [theirs, unknown, mine] });
    expect(readRes.status).toBe(200);
    expect(readRes.json.data.totalUnread).toBe(0);
    const delRes = await remove(t, other.token, { messageIds: [theirs] });
    expect(delRes.status).toBe(200);
    // The same answer as for an id that exists nowhere.
    expect(delRes.json).toEqual((await remove(t, other.token, { messageIds: [unknown] })).json);
    expect((await readAll(t, other.token)).status).toBe(200);
    const [row] = await storedOf(t, owner.playerId);
    expect(row).toMatchObject({ id: theirs, state: 1, read_at: null, deleted_at: null });
    expect((await messagesPage(t, other.token)).json.data.map((m: Message) => m.id)).toEqual([mine]);
  });
});

describe('bad input', () => {
  it('answers 422 with field messages and changes nothing', async () => {
    const p = await player();
    const [id] = await seed(p, 1);
    const tooMany = Array.from({ length: 101 }, () => randomUUID());
    const cases: [unknown, string][] = [
      [{ messageIds: ['not-a-uuid'] }, 'messageIds.0'],
      [{ messageIds: [id, 42] }, 'messageIds.1'],
      [{ messageIds: tooMany }, 'messageIds'],
      [{ messageIds: [] }, 'messageIds'],
      [{ messageIds: id }, 'messageIds'],
      [{}, 'messageIds'],
      [undefined, 'messageIds'],
    ];
    for (const [body, field] of cases) {
      for (const call of [read, remove]) {
        const res = await call(t, p.token, body);
        expect(res.status, `${call.name} ${JSON.stringify(body)?.slice(0, 60)}`).toBe(422);
        const error = ErrorEnvelope.parse(res.json).error;
        expect(error.code).toBe(3);
        expect(error.fields[field]?.length, `${field} in ${JSON.stringify(error.fields)}`).toBeGreaterThan(0);
      }
    }
    expect(await storedOf(t, p.playerId)).toMatchObject([{ id, state: 1, read_at: null, deleted_at: null }]);
  });

  it('answers a malformed JSON body with 4xx, never 500', async () => {
    const p = await player();
    const res = await t.call('POST', '/api/notification/messenger/messages/read', {
      token: p.token,
      headers: { 'content-type': 'application/json' },
      body: '{"messageIds": [',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('authentication', () => {
  it('refuses guests and bad tokens with 401 on every messenger endpoint', async () => {
    const body = { messageIds: [randomUUID()] };
    for (const [method, url] of [
      ['GET', '/api/notification/messenger/messages'],
      ['POST', '/api/notification/messenger/messages/read'],
      ['POST', '/api/notification/messenger/messages/read/all'],
      ['DELETE', '/api/notification/messenger/messages'],
    ] as const) {
      const guest = await t.call(method, url, method === 'GET' ? {} : { body });
      expect(guest.status, `${method} ${url}`).toBe(401);
      expect(ErrorEnvelope.parse(guest.json).error.code).toBeGreaterThan(0);
      expect((await t.call(method, url, { token: 'nope', ...(method === 'GET' ? {} : { body }) })).status).toBe(401);
    }
  });
});
