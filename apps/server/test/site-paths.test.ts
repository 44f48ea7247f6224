import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { siteUrlFor } from '../src/site/long-paths.ts';
import { freshDatabase } from './harness.ts';

// Issue 14 §6: a site path longer than any page or redirect rule is the site's 404, never a 500.

describe('site paths too long for any page', () => {
  it('render the 404 page, in the locale the path starts with', () => {
    expect(siteUrlFor('/games?x=1')).toBe('/games?x=1');
    expect(siteUrlFor(`/${'a'.repeat(2048)}`)).toBe('/__path-too-long');
    expect(siteUrlFor(`/de/${'a'.repeat(2100)}?q=1`)).toBe('/de/__path-too-long');
    expect(siteUrlFor(`/pt-br/${'a'.repeat(2100)}`)).toBe('/pt-br/__path-too-long');
  });

  const built = existsSync(resolve(import.meta.dirname, '../../web/build/server/index.js'));
  describe.skipIf(!built)('through the built site (npm run build -w @croupier/web)', () => {
    let app: FastifyInstance;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      const fresh = await freshDatabase();
      drop = async () => {
        await fresh.database.close();
        await fresh.drop();
      };
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' });
      app = await buildApp({ config, database: fresh.database, logger: false, site: true });
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await drop?.();
    });

    it.each([
      `/${'a'.repeat(2100)}`,
      `/de/${'a'.repeat(2100)}`,
      `/category/${'a'.repeat(3000)}`,
      `/${'a/'.repeat(4000)}`,
    ])('%#: answers 404 with the HTML page', async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    });
  });
});
