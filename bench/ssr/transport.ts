// SSR's in-process API transport, A/B in one process: the API calls one home page makes (caches warm), through
// the current `injectFetch`, through light-my-request with the small response object, and through the
// WHATWG-Response version they replaced (decision 0082), alternated round by round so all see the same
// machine load. CPU time per page's worth of calls.
//   node --import tsx bench/ssr/transport.ts [--rounds 10] [--pages 200] [--only current|inject|whatwg]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApiClient } from '@croupier/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, pgliteDirOf } from '../../apps/server/src/db/client.ts';
import { seedDemoData } from '../../apps/server/src/db/seed.ts';
import { INTERNAL_CALL_HEADER } from '../../apps/server/src/http/visitor.ts';
import { InjectedResponse, injectFetch } from '../../apps/server/src/site/inject-fetch.ts';
import { round } from './load.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    pages: { type: 'string', default: '200' },
    only: { type: 'string' }, // one variant only (for a CPU profile of it)
  },
});
const rounds = Number(args.rounds);
const pages = Number(args.pages);

/** The transport before decision 0082: light-my-request's answer copied into undici's Headers and Response. */
function whatwgInjectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://internal',
    );
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: responseHeaders,
    });
  };
}

/** Step one of decision 0082 alone: light-my-request still, its answer in the small response object. */
function injectSmallFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string, init?: RequestInit) => {
    const answer = await app.inject({
      method: 'GET',
      url: input,
      headers: init?.headers as Record<string, string>,
      validate: false,
    });
    return new InjectedResponse({ ...answer, body: answer.payload });
  }) as unknown as typeof fetch;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'croupier-bench-transport-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    TLS_TERMINATED_BY_PROXY: 'true',
  });
  const database = await openDatabase({ pgliteDir: pgliteDirOf(config.dataDir) });
  await database.migrate();
  await seedDemoData(database.db);
  const app = await buildApp({ config, database, site: true });
  // The calls a home page makes, as the site sends them (visitor headers and the in-process key).
  const calls: { url: string; headers: Record<string, string> }[] = [];
  let recording = false;
  app.addHook('onRequest', async (request) => {
    if (recording && request.headers[INTERNAL_CALL_HEADER])
      calls.push({ url: request.url, headers: request.headers as Record<string, string> });
  });
  await app.ready();
  // The second page's calls: the first fills the web app's caches of site data and catalogue lists.
  const home = () => app.inject({ url: '/', headers: { 'user-agent': 'Mozilla/5.0 Chrome/126.0.0.0' } });
  await home();
  recording = true;
  const page = await home();
  recording = false;
  if (page.statusCode !== 200 || !calls.length)
    throw new Error(`home answered ${page.statusCode}, ${calls.length} calls`);
  process.stderr.write(
    `[bench:transport] ${calls.length} API calls per home page: ${calls.map((c) => c.url).join(' ')}\n`,
  );

  const forwarded = Object.fromEntries(
    Object.entries(calls[0]!.headers).filter(
      ([k]) => k.startsWith('cf-') || k === 'user-agent' || k === INTERNAL_CALL_HEADER,
    ),
  );
  const variants = { whatwg: whatwgInjectFetch(app), inject: injectSmallFetch(app), current: injectFetch(app) };
  const cpu: Record<keyof typeof variants, number[]> = { whatwg: [], inject: [], current: [] };
  const runPage = async (fetchImpl: typeof fetch) => {
    const api = createApiClient({ baseUrl: '', fetch: fetchImpl, headers: forwarded });
    // The loaders' calls run concurrently; through the typed client's own request path.
    await Promise.all(calls.map((c) => api.call({ method: 'GET', path: c.url, auth: 'guest' } as never)));
  };
  for (let r = -1; r < rounds; r++) {
    const order = (
      r % 2 ? ['whatwg', 'inject', 'current'] : ['current', 'inject', 'whatwg']
    ) as (keyof typeof variants)[];
    for (const name of order.filter((n) => !args.only || n === args.only)) {
      const before = process.cpuUsage();
      for (let i = 0; i < pages; i++) await runPage(variants[name]);
      const used = process.cpuUsage(before);
      if (r >= 0) cpu[name].push((used.user + used.system) / 1000 / pages); // round -1 warms up
    }
  }
  const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]! : NaN);
  const result = {
    callsPerPage: calls.length,
    pagesPerRound: pages,
    rounds,
    cpuMsPerPage: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, round(median(v), 3)])),
    cpuMsPerCall: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, round(median(v) / calls.length, 4)])),
  };
  console.log(JSON.stringify(result, null, 2));
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
