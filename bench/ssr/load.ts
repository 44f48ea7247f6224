import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** A closed-loop HTTP load generator: `concurrency` workers, each with one keep-alive connection. */
export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  concurrency: number;
  seconds: number;
  /** Upper bound on requests, whichever of time or count comes first. */
  maxRequests: number;
  timeoutMs?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  /** First few distinct error reasons (status codes or socket errors). */
  errorSamples: string[];
  seconds: number;
  requestsPerSecond: number;
  /** Time to the response headers event, ms. */
  ttfbMs: { p50: number; p90: number; p99: number; max: number };
  /** Time to the end of the body, ms. */
  latencyMs: { p50: number; p99: number; max: number };
  bytesPerPage: number;
}

export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  if (!LOOPBACK.has(url.hostname)) throw new Error(`Refusing to load a non-loopback address: ${url.hostname}`);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const ttfb = new Float64Array(options.maxRequests);
  const latency = new Float64Array(options.maxRequests);
  let issued = 0;
  let done = 0;
  let errors = 0;
  let bytes = 0;
  const errorSamples = new Set<string>();
  const fail = (reason: string) => {
    errors++;
    if (errorSamples.size < 5) errorSamples.add(reason);
  };

  const once = () =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      const req = request(url, { agent, headers: options.headers, timeout: options.timeoutMs ?? 10_000 }, (res) => {
        const firstByte = performance.now() - start;
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) fail(`HTTP ${res.statusCode}`);
          else {
            ttfb[done] = firstByte;
            latency[done] = performance.now() - start;
            bytes += size;
            done++;
          }
          resolve();
        });
        res.on('error', (error) => {
          fail(error.message);
          resolve();
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error) => {
        fail(error.message);
        resolve();
      });
      req.end();
    });

  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && issued < options.maxRequests) {
      issued++;
      await once();
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();

  const t = ttfb.subarray(0, done).sort();
  const l = latency.subarray(0, done).sort();
  return {
    requests: done,
    errors,
    errorSamples: [...errorSamples],
    seconds: round(elapsed),
    requestsPerSecond: round(done / elapsed, 1),
    ttfbMs: {
      p50: round(quantile(t, 0.5)),
      p90: round(quantile(t, 0.9)),
      p99: round(quantile(t, 0.99)),
      max: round(t.at(-1) ?? Number.NaN),
    },
    latencyMs: { p50: round(quantile(l, 0.5)), p99: round(quantile(l, 0.99)), max: round(l.at(-1) ?? Number.NaN) },
    bytesPerPage: done ? Math.round(bytes / done) : 0,
  };
}
