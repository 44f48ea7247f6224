import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './server.ts';

const started: ServerProcess[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.stop();
});

async function launch(env: Record<string, string> = {}) {
  const server = await startServer({ LOG_LEVEL: 'info', ...env });
  started.push(server);
  return server;
}

describe('the server process', () => {
  it('refuses a bad configuration and names the variable', async () => {
    const server = await launch({ PORT: 'eighty' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toMatch(/PORT/);
  });

  it.each([
    ['an incomplete SMS adapter', { SMS_PROVIDER: 'twilio' }, /TWILIO_/],
    ['malformed game providers', { SEAMLESS_PROVIDERS: 'not json' }, /SEAMLESS_PROVIDERS/],
  ])('refuses %s the same way', async (_name, env, named) => {
    const server = await launch(env);
    expect(await server.exited).toBe(78);
    expect(server.output()).toMatch(named);
  });

  it('finishes in-flight requests on SIGTERM, closes the database and exits 0', async () => {
    const server = await launch();
    await server.ready();
    // A burst of page renders and API calls, with SIGTERM sent while they are in flight.
    let killedAt = Number.POSITIVE_INFINITY;
    const inFlight = Array.from({ length: 30 }, (_, i) =>
      fetch(`${server.url}${i % 2 ? '/' : '/api/settings/countries'}`).then(
        async (r) => ({ status: r.status, body: await r.text(), afterKill: Date.now() >= killedAt }),
        () => ({ status: 'refused' as const, body: '', afterKill: true }),
      ),
    );
    // The first answer shows the server is working through the burst: the rest are accepted and in flight.
    await Promise.race(inFlight);
    killedAt = Date.now();
    server.child.kill('SIGTERM');
    const results = await Promise.all(inFlight);
    expect(await server.exited).toBe(0);
    // Accepted requests complete, whole; none is cut off with a 500.
    expect(results.filter((r) => r.status === 500)).toEqual([]);
    const finishedAfterKill = results.filter((r) => r.status === 200 && r.afterKill);
    expect(finishedAfterKill.length).toBeGreaterThan(0);
    for (const r of finishedAfterKill) expect(r.body.length).toBeGreaterThan(0);
    expect(server.output()).toMatch(/"msg":"stopped"/);
  });
});
