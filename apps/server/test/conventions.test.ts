import { ErrorEnvelope, endpoints } from '@croupier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`API conventions (${databaseKind})`, () => {
  it('answers an unknown /api path with a 404 JSON envelope, never HTML', async () => {
    for (const url of ['/api/nope', '/api/settings/nope', '/api/player/unknown/deep?x=1']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(ErrorEnvelope.parse(res.json).error.code).toBe(2);
    }
  });

  it('gives every answer a request id and security headers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const generated = await t.request({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports liveness and readiness that touches the database', async () => {
    const live = await t.request({ method: 'GET', url: '/api/health' });
    expect(live.json).toMatchObject({ status: 'ok' });
    const ready = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({ status: 'ready', database: databaseKind });
  });

  it('fails readiness when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.request({ method: 'GET', url: '/api/health/ready' });
    expect(res.status).toBe(503);
    expect(ErrorEnvelope.parse(res.json).error.code).toBe(1);
    await other.app.close();
  });

  it('answers readiness 503 while draining (SIGTERM), serving everything else (issue 31)', async () => {
    t.app.draining = true;
    try {
      const res = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect(res.status).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await t.request({ method: 'GET', url: '/api/health' })).status).toBe(200);
    } finally {
      t.app.draining = false;
    }
    expect((await t.request({ method: 'GET', url: '/api/health/ready' })).status).toBe(200);
  });

  it('serves an OpenAPI document listing every endpoint it serves', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs' });
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.0.3');
    expect(t.app.endpoints.length).toBeGreaterThan(10);
    // The groups this build implements are served in full.
    for (const group of [endpoints.settings, endpoints.content]) {
      for (const e of Object.values(group)) {
        expect(t.app.endpoints).toContain(e);
        const path = e.path.replace(/:([A-Za-z]+)/g, '{$1}');
        expect(res.json.paths[path]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeDefined();
      }
    }
    const communications = res.json.paths['/api/notification/communications'].post;
    expect(communications.requestBody.content['application/json'].schema.required).toEqual(['email', 'message']);
  });
});
