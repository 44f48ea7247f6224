import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { freshDatabase } from './harness.ts';

// Issue 14 §8: every page of the `npm start` demo wears a visible "demo" ribbon; a real site does not.

const built = existsSync(resolve(import.meta.dirname, '../../web/build/server/index.js'));

async function pageOf(env: Record<string, string>, url: string, headers: Record<string, string> = {}) {
  const fresh = await freshDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', ...env });
  const app = await buildApp({ config, database: fresh.database, logger: false, site: true });
  try {
    await app.ready();
    return (await app.inject({ url, headers })).body;
  } finally {
    await app.close();
    await fresh.database.close();
    await fresh.drop();
  }
}

describe.skipIf(!built)('the demo ribbon (needs npm run build -w @croupier/web)', () => {
  it('is on the pages of the demo, the geo-restricted layout included', async () => {
    expect(await pageOf({ DEMO: 'true' }, '/')).toMatch(/<aside class="demo-ribbon"[^>]*>.*Demonstration site/s);
    const restricted = await pageOf({ DEMO: 'true', RESTRICTED_COUNTRIES: 'IR:1' }, '/', { 'cf-ipcountry': 'IR' });
    expect(restricted).toContain('data-testid="geo-restricted"');
    expect(restricted).toContain('data-testid="demo-ribbon"');
  }, 60_000);

  it('is not on a real site', async () => {
    expect(await pageOf({}, '/')).not.toContain('demo-ribbon');
  }, 60_000);
});
