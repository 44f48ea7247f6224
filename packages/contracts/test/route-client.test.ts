import { describe, expect, it } from 'vitest';
import { createApiClient, createRouteClient, endpoints, routeTableOf } from '../src/index.ts';

/** A fetch that records `METHOD url authorization` and answers an empty envelope. */
function recorder() {
  const calls: string[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const auth = new Headers(init.headers).get('authorization') ?? '-';
    calls.push(`${init.method} ${url} ${auth}`);
    return new Response('{"data":{}}', { status: 200 });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

describe('the browser client over a route table (decision 0073)', () => {
  it('holds method, path and auth of every endpoint and nothing else', () => {
    const table = routeTableOf(endpoints);
    for (const [group, operations] of Object.entries(endpoints)) {
      for (const [name, endpoint] of Object.entries(operations)) {
        expect(table[group]?.[name]).toEqual({ method: endpoint.method, path: endpoint.path, auth: endpoint.auth });
      }
    }
    // Plain data: it survives JSON, as the client build embeds it.
    expect(JSON.parse(JSON.stringify(table))).toEqual(table);
  });

  it('sends exactly what the endpoint client sends, for a guest and a player operation', async () => {
    const a = recorder();
    const b = recorder();
    const options = { baseUrl: 'http://api', getToken: () => 'tok' };
    const full = createApiClient({ ...options, fetch: a.fetch });
    const routed = createRouteClient(JSON.parse(JSON.stringify(routeTableOf(endpoints))), {
      ...options,
      fetch: b.fetch,
    });
    await full.settings.currencies();
    await routed.settings.currencies();
    await full.player.sessions();
    await routed.player.sessions();
    expect(b.calls).toEqual(a.calls);
    expect(a.calls).toHaveLength(2);
  });

  it('binds a group once, on first use', () => {
    const client = createApiClient();
    expect(client.settings).toBe(client.settings);
    expect(Object.keys(client)).toEqual(['call', ...Object.keys(endpoints)]);
  });
});
