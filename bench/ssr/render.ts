import { performance } from 'node:perf_hooks';
import { createApiClient } from '@croupier/contracts';
import type { EntryContext, ServerBuild } from 'react-router';
import { quantile, round } from './load.ts';

/**
 * Render baselines without HTTP. The loader data is fetched ONCE through the real request handler of
 * the built server bundle, with a load context whose `api` is the real typed client pointed at the
 * running server. Then the same route tree is rendered many times:
 *
 * - `renderToString`: `<ServerRouter>` with that captured EntryContext (exactly the tree entry.server
 *   renders, minus its NonceProvider, which the bundle does not export) — pure React render cost.
 *   The loader-data handoff script (turbo-stream behind Suspense) cannot be rendered synchronously,
 *   so it is left out; its size is reported separately as `handoffBytes`.
 * - `handler`: the bundle's full request handler in-process (route matching, loaders, turbo-stream
 *   handoff, the real streaming entry.server) with every API answer served from memory.
 */
export interface Page {
  name: string;
  path: string;
  headers: Record<string, string>;
}

export interface Timing {
  iterations: number;
  concurrency: number;
  perSecond: number;
  /** Per-call latency. */
  ms: { p50: number; p99: number };
  /** Process CPU time per call (includes GC threads). */
  cpuMs: number;
  bytes: number;
}

export interface RenderResult {
  page: string;
  renderToString: Timing;
  handler: Timing;
  /** Loader-data handoff (turbo-stream) bytes, absent from the renderToString output. */
  handoffBytes: number;
  /** API calls that went to the network during the timed loops (cache refills); expected 0. */
  apiCallsDuringLoops: number;
}

/** A fetch that answers from memory after the first call for the same method, URL and headers. */
function memoFetch() {
  const answers = new Map<string, { status: number; headers: [string, string][]; body: string }>();
  let networkCalls = 0;
  const doFetch: typeof fetch = async (input, init) => {
    const key = JSON.stringify([init?.method ?? 'GET', String(input), init?.headers ?? {}]);
    let answer = answers.get(key);
    if (!answer) {
      networkCalls++;
      // One retry: a pooled keep-alive connection can be gone after the load runs.
      const res = await fetch(input, init).catch((error) => {
        console.error(`[bench:ssr] ${String(input)}: ${error.cause ?? error}; retrying once`);
        return fetch(input, init);
      });
      answer = { status: res.status, headers: [...res.headers], body: await res.text() };
      answers.set(key, answer);
    }
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };
  return { fetch: doFetch, networkCalls: () => networkCalls };
}

/**
 * Calls `once` from `concurrency` loops (1 for a synchronous render) for `seconds` after a short
 * warm-up. perSecond is throughput over wall time; cpuMs is process CPU time per call.
 */
async function time(
  seconds: number,
  maxIterations: number,
  concurrency: number,
  once: () => Promise<number> | number,
): Promise<Timing> {
  const warmUntil = performance.now() + Math.min(1000, seconds * 200);
  while (performance.now() < warmUntil) await once();
  const samples = new Float64Array(maxIterations + concurrency); // loops in flight may each finish one more
  let bytes = 0;
  let n = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (n < maxIterations && performance.now() < deadline) {
      const start = performance.now();
      bytes = await once();
      samples[n++] = performance.now() - start;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = samples.subarray(0, n).sort();
  return {
    iterations: n,
    concurrency,
    perSecond: round((n / wall) * 1000, 1),
    ms: { p50: round(quantile(sorted, 0.5), 3), p99: round(quantile(sorted, 0.99), 3) },
    cpuMs: round((cpu.user + cpu.system) / 1000 / n, 3),
    bytes,
  };
}

export async function renderBaseline(options: {
  build: ServerBuild;
  origin: string;
  page: Page;
  seconds: number;
  maxIterations: number;
  /** In-flight handler calls, like the HTTP run's connections. */
  concurrency: number;
}): Promise<RenderResult> {
  // Imported here, not at the top, so the runner sets NODE_ENV before React loads.
  const [{ createElement }, { renderToString }, { createRequestHandler, ServerRouter }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('react-router'),
  ]);
  const { build, page } = options;
  const memo = memoFetch();
  const api = createApiClient({ baseUrl: options.origin, fetch: memo.fetch, headers: page.headers });
  const nonce = 'bench-nonce';
  const url = new URL(page.path, options.origin).href;
  const newRequest = () => new Request(url, { headers: page.headers });

  // 1. Capture the EntryContext (route modules + loader data) the handler passes to entry.server.
  let captured: EntryContext | undefined;
  const capturing: ServerBuild = {
    ...build,
    entry: {
      module: {
        ...build.entry.module,
        default: (_request, status, _headers, context) => {
          captured = context;
          return new Response(null, { status });
        },
      },
    },
  };
  const capture = await createRequestHandler(capturing, 'production')(newRequest(), { nonce, api });
  if (!captured || capture.status !== 200) throw new Error(`${page.path}: expected a 200 page, got ${capture.status}`);
  const context = captured;
  const handoffBytes = context.serverHandoffStream
    ? (await new Response(context.serverHandoffStream).arrayBuffer()).byteLength
    : 0;
  context.serverHandoffStream = undefined;

  // 2. The bare render, N times.
  const element = createElement(ServerRouter, { context, url, nonce });
  const calls = memo.networkCalls();
  const stringTiming = await time(options.seconds, options.maxIterations, 1, () =>
    Buffer.byteLength(renderToString(element)),
  );

  // 3. The whole in-process request handler, API answers from memory.
  const handler = createRequestHandler(build, 'production');
  const handlerTiming = await time(options.seconds, options.maxIterations, options.concurrency, async () => {
    const res = await handler(newRequest(), { nonce, api });
    if (res.status !== 200) throw new Error(`${page.path}: handler answered ${res.status}`);
    return (await res.arrayBuffer()).byteLength;
  });

  return {
    page: page.name,
    renderToString: stringTiming,
    handler: handlerTiming,
    handoffBytes,
    apiCallsDuringLoops: memo.networkCalls() - calls,
  };
}
