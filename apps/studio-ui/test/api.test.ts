import { describe, expect, it } from 'vitest';
import { httpStudio, requests, StudioApiError } from '../src/api.ts';

describe('studio API requests (docs/studio-api.md §2)', () => {
  const id = 'sess_1';
  it('builds each request relative to /studio/api/sessions/{id}', () => {
    expect(requests.session(id)).toEqual({ method: 'GET', url: '/studio/api/sessions/sess_1' });
    expect(requests.setClientSeed(id, 'lucky')).toEqual({
      method: 'PUT',
      url: '/studio/api/sessions/sess_1/seeds',
      body: '{"clientSeed":"lucky"}',
    });
    expect(requests.rotateSeeds(id)).toEqual({
      method: 'POST',
      url: '/studio/api/sessions/sess_1/seeds/rotate',
      body: '{}',
    });
    expect(requests.rotateSeeds(id, 'x').body).toBe('{"clientSeed":"x"}');
    expect(requests.play(id, '100', { game: 'dice', chanceBp: 4950, over: true })).toEqual({
      method: 'POST',
      url: '/studio/api/sessions/sess_1/rounds',
      body: '{"bet":"100","choice":{"game":"dice","chanceBp":4950,"over":true}}',
    });
    expect(requests.act(id, 'r/1', 'reveal', 7)).toEqual({
      method: 'POST',
      url: '/studio/api/sessions/sess_1/rounds/r%2F1/actions',
      body: '{"action":"reveal","tile":7}',
    });
    expect(requests.act(id, 'r1', 'stand').body).toBe('{"action":"stand"}');
    expect(requests.rounds(id)).toEqual({ method: 'GET', url: '/studio/api/sessions/sess_1/rounds?limit=20' });
  });

  it('sends JSON and maps error answers to StudioApiError', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const api = httpStudio(id, async (url, init) => {
      calls.push({ url, ...(init ? { init } : {}) });
      return new Response(
        JSON.stringify({ error: { code: 'insufficient_funds', message: 'Not enough money.', field: 'bet' } }),
        { status: 402, headers: { 'content-type': 'application/json' } },
      );
    });
    const error = await api.play('100', { game: 'neon-fruits' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StudioApiError);
    expect(error).toMatchObject({ status: 402, code: 'insufficient_funds', field: 'bet' });
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.body).toBe('{"bet":"100","choice":{"game":"neon-fruits"}}');
    expect(new Headers(calls[0]?.init?.headers).get('content-type')).toBe('application/json');
  });

  it('reports a network failure as code "network"', async () => {
    const api = httpStudio(id, () => Promise.reject(new TypeError('offline')));
    await expect(api.session()).rejects.toMatchObject({ code: 'network', status: 0 });
  });
});
