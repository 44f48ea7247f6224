import type { ApiClient } from '@croupier/contracts';
import { describe, expect, it } from 'vitest';
import { noteConfigGeneration, onConfigChange } from '../app/lib/config-generation.server.ts';
import { loadSiteSettings } from '../app/lib/site-data.server.ts';

// The SSR's content and settings cache (decision ssr-cache): kept while the API's configuration generation
// stays, dropped on the next answer that shows it moved, never by waiting out a TTL.

function fakeApi() {
  let calls = 0;
  const api = {
    settings: {
      site: async () => ({ data: { version: ++calls } }),
      locales: async () => ({ data: [] }),
    },
  } as unknown as ApiClient;
  return { api, calls: () => calls };
}

describe('SSR cache by configuration generation', () => {
  it('drops the cache when a counter moves, keeps it otherwise', async () => {
    const { api, calls } = fakeApi();
    noteConfigGeneration('apiA.0');
    await loadSiteSettings(api);
    noteConfigGeneration('apiA.0');
    noteConfigGeneration(null);
    noteConfigGeneration('not a generation');
    expect(((await loadSiteSettings(api)).site as unknown as { version: number }).version).toBe(1);
    expect(calls()).toBe(1);

    noteConfigGeneration('apiA.1');
    expect(((await loadSiteSettings(api)).site as unknown as { version: number }).version).toBe(2);
    expect(calls()).toBe(2);
  });

  it('tells several instances apart: alternating answers drop nothing, a moved or new one does', () => {
    noteConfigGeneration('apiA.1'); // whether or not the test above ran
    let changes = 0;
    const off = onConfigChange(() => changes++);
    noteConfigGeneration('apiC.5');
    noteConfigGeneration('apiD.2');
    expect(changes).toBe(2); // instances not seen before (one restarted, say): the data may be newer
    noteConfigGeneration('apiC.5');
    noteConfigGeneration('apiD.2');
    expect(changes).toBe(2);
    noteConfigGeneration('apiD.3');
    expect(changes).toBe(3);
    off();
    noteConfigGeneration('apiC.6');
    expect(changes).toBe(3);
  });
});
